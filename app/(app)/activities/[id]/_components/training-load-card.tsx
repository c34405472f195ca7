import Link from 'next/link';
import { Figure } from '../../../../_components/figure';
import { SectionCard } from '../../../../_components/section-card';
import type { ActivityLoadResponse } from '@/server/services/training-load/schemas';

const WHY = {
  no_heart_rate: 'No training load: this activity has neither heart rate nor power.',
  no_thresholds: 'No training load: no thresholds were in effect on its day that measure it (FTP with power; max, resting HR and LTHR with heart rate).',
} as const;

/** CONTRACT: … Training load: the activity's load (TSS from power, else hrTSS), IF and TRIMP, or why it has none. */
export function TrainingLoadCard({ load }: { load: ActivityLoadResponse | undefined }) {
  return (
    <SectionCard title="Training load" testId="training-load">
      {!load ? (
        <div className="skeleton-block" style={{ height: '4rem' }} aria-hidden="true" />
      ) : load.training_load == null ? (
        <p className="muted" data-testid="load-missing">
          {WHY[load.missing_reason ?? 'no_thresholds']} <Link href="/settings/thresholds">Thresholds</Link>
        </p>
      ) : (
        <dl className="figures">
          <Figure label={load.load_method === 'power' ? 'Load (TSS)' : 'Load (hrTSS)'} value={load.training_load.toFixed(0)} />
          {load.intensity_factor != null ? <Figure label="Intensity factor" value={load.intensity_factor.toFixed(2)} /> : null}
          {load.trimp != null ? <Figure label="TRIMP" value={load.trimp.toFixed(0)} /> : null}
        </dl>
      )}
    </SectionCard>
  );
}
