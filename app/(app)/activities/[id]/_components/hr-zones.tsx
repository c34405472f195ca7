'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { SectionCard } from '../../../../_components/section-card';
import { formatClock } from '../../../../_lib/units';
import { useLocaleFormats } from '../../../../_lib/use-formats';
import type { ZonesResponse } from '@/server/services/activities/schemas';

type Zones = Pick<ZonesResponse, 'max_heart_rate' | 'zones'>;

const COLORS = ['#8fb8de', '#6fbf73', '#f2c14e', '#f08a4b', '#d64550'];

/** Time in each zone as the service computed it (from the max_hr of the thresholds in effect, else the profile's or the birthdate's). */
export function HrZones({ zones, hasHeartRate }: { zones: Zones | undefined; hasHeartRate: boolean }) {
  const t = useTranslations('activity.zones');
  const f = useLocaleFormats('metric', null);
  const total = zones?.zones?.reduce((sum, z) => sum + z.seconds, 0) ?? 0;
  return (
    <SectionCard title={t('title')}>
      {!hasHeartRate ? (
        <p className="muted">{t('noHeartRate')}</p>
      ) : !zones ? (
        <div className="skeleton-block" style={{ height: '9rem' }} aria-hidden="true" />
      ) : !zones.zones ? (
        <p className="muted">{t.rich('needMax', { link: (text) => <Link href="/settings/thresholds">{text}</Link> })}</p>
      ) : (
        <div className="zones" data-testid="hr-zones">
          <p className="muted small">{t('basedOn', { max: zones.max_heart_rate ?? 0 })}</p>
          {zones.zones.map((z, i) => {
            const share = total ? z.seconds / total : 0;
            return (
              <div key={z.zone} className="zone">
                <span>
                  Z{z.zone} {z.min_bpm}–{z.max_bpm ?? '+'}
                </span>
                <span
                  className="zone-bar"
                  role="meter"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(share * 100)}
                  aria-label={t('zone', { zone: z.zone })}
                >
                  <span style={{ width: `${share * 100}%`, background: COLORS[i] }} />
                </span>
                <span className="num">
                  {formatClock(z.seconds)} · {f.percent(share)}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </SectionCard>
  );
}
