import { SectionCard } from '../../../../_components/section-card';
import Link from 'next/link';
import { formatClock } from '../../../../_lib/units';
import type { ZonesResponse } from '@/server/services/activities/schemas';

type Zones = Pick<ZonesResponse, 'max_heart_rate' | 'zones'>;

const COLORS = ['#8fb8de', '#6fbf73', '#f2c14e', '#f08a4b', '#d64550'];

/** Time in each zone as the service computed it (from the profile's maximum heart rate). */
export function HrZones({ zones, hasHeartRate }: { zones: Zones | undefined; hasHeartRate: boolean }) {
  const total = zones?.zones?.reduce((sum, z) => sum + z.seconds, 0) ?? 0;
  return (
    <SectionCard title="Heart-rate zones">
      {!hasHeartRate ? (
        <p className="muted">No heart rate was recorded.</p>
      ) : !zones ? (
        <div className="skeleton-block" style={{ height: '9rem' }} aria-hidden="true" />
      ) : !zones.zones ? (
        <p className="muted">
          Zones need your maximum heart rate or birthdate. <Link href="/settings">Set it in your profile</Link>; zones are computed for activities stored
          afterwards.
        </p>
      ) : (
        <div className="zones" data-testid="hr-zones">
          <p className="muted small">Based on a maximum of {zones.max_heart_rate} bpm.</p>
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
                  aria-label={`Zone ${z.zone}`}
                >
                  <span style={{ width: `${share * 100}%`, background: COLORS[i] }} />
                </span>
                <span className="num">
                  {formatClock(z.seconds)} · {Math.round(share * 100)}%
                </span>
              </div>
            );
          })}
        </div>
      )}
    </SectionCard>
  );
}
