'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { Activity } from '../../../../_lib/trpc-types';
import { useFormats } from '../../../../_lib/use-formats';
import { ActivityTypePicker } from './activity-type-picker';
import { ActivityDeleteButton } from './activity-delete-button';
import { ShareButton } from './share-button';

export function ActivityHeader({
  activity,
  timezone,
  gearName,
  onEdit,
}: {
  activity: Activity;
  timezone: string | null;
  gearName: string | null;
  onEdit: () => void;
}) {
  const t = useTranslations('activity');
  const f = useFormats();
  return (
    <div className="activity-title">
      <div>
        <p className="small">
          <Link href="/activities">← {t('backToList')}</Link>
        </p>
        <h1 data-testid="activity-name">{activity.name}</h1>
        <div className="muted activity-meta">
          <ActivityTypePicker activity={activity} />
          <span>
            {f.dateTime(activity.start_time, activity.timezone ?? timezone)}
            {gearName ? ` · ${gearName}` : ''}
            {activity.device_model ? ` · ${[activity.device_manufacturer, activity.device_model].filter(Boolean).join(' ')}` : ''}
          </span>
        </div>
        {activity.description ? <p style={{ marginTop: '0.5rem', whiteSpace: 'pre-wrap' }}>{activity.description}</p> : null}
      </div>
      <div className="row">
        <ShareButton activity={activity} />
        <button type="button" onClick={onEdit}>
          {t('editButton')}
        </button>
        <ActivityDeleteButton id={activity.id} name={activity.name} />
      </div>
    </div>
  );
}
