import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Figure } from '../../../../_components/figure';
import { SectionCard } from '../../../../_components/section-card';
import { useFormats } from '../../../../_lib/use-formats';
import type { ActivityLoadResponse } from '@/server/services/training-load/schemas';

const WHY = { no_heart_rate: 'whyNoHeartRate', no_thresholds: 'whyNoThresholds' } as const;
const LOAD_LABEL = { power: 'loadTss', hr: 'loadHrTss', pace: 'loadPaceTss' } as const;

/** CONTRACT: … Training load: the activity's load (TSS from power, else hrTSS, else rTSS from pace), IF and TRIMP, or why it has none. */
export function TrainingLoadCard({ load }: { load: ActivityLoadResponse | undefined }) {
  const t = useTranslations('trainingLoad.card');
  const f = useFormats();
  return (
    <SectionCard title={t('title')} testId="training-load">
      {!load ? (
        <div className="skeleton-block" style={{ height: '4rem' }} aria-hidden="true" />
      ) : load.training_load == null ? (
        <p className="muted" data-testid="load-missing">
          {t(WHY[load.missing_reason ?? 'no_thresholds'])} <Link href="/settings/thresholds">{t('thresholdsLink')}</Link>
        </p>
      ) : (
        <dl className="figures">
          <Figure label={t(LOAD_LABEL[load.load_method ?? 'hr'])} value={f.number(load.training_load)} />
          {load.intensity_factor != null ? <Figure label={t('intensityFactor')} value={f.number(load.intensity_factor, 2)} /> : null}
          {load.trimp != null ? <Figure label={t('trimp')} value={f.number(load.trimp)} /> : null}
        </dl>
      )}
    </SectionCard>
  );
}
