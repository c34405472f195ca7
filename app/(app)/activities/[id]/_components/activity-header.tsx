'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useActivityName } from '../../../../_lib/activity-name';
import type { Activity } from '../../../../_lib/trpc-types';
import { useFormats } from '../../../../_lib/use-formats';
import { useSportName } from '../../../../_lib/sport-names';
import { deviceName } from './device-name';
import { UnhideButton } from '../../_components/unhide-button';
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
  const sharing = useTranslations('flows.sharing');
  const sportName = useSportName();
  const activityName = useActivityName();
  const device = deviceName(activity.device_manufacturer, activity.device_model);
  return (
    <div className="activity-title">
      <div>
        <p className="small">
          <Link href="/activities">← {t('backToList')}</Link>
        </p>
        <h1 data-testid="activity-name">{activityName(activity.name, activity.activity_type)}</h1>
        <div className="muted activity-meta">
          {/* the type changes in the edit form, with an explicit save: a mis-tap here re-typed the activity */}
          <span data-testid="activity-type" data-type={activity.activity_type}>
            {sportName(activity.activity_type)}
          </span>
          {activity.activity_type_source === 'inferred' ? (
            <span className="badge" data-testid="type-inferred" title={t('inferredHint')}>
              {t('inferred')}
            </span>
          ) : null}
          <span>
            {f.dateTime(activity.start_time, activity.timezone ?? timezone)}
            {gearName ? ` · ${gearName}` : ''}
            {device ? ` · ${device}` : ''}
          </span>
          {activity.visibility === 'public' && !activity.is_hidden ? (
            <span className="badge ok" data-testid="public-badge">
              {sharing('visibilities.public')}
            </span>
          ) : null}
        </div>
        {activity.is_hidden ? (
          <p className="notice row" data-testid="hidden-notice">
            <span>{sharing('hiddenNotice')}</span>
            <UnhideButton activity={activity} />
          </p>
        ) : null}
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
