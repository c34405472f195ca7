'use client';
import { useTranslations } from 'next-intl';
import { Figure } from '../../../_components/figure';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { useEffortDistanceName } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';

/**
 * Performance model (issue 52): the last 90 days' critical power (rides) and
 * critical speed (runs), each figure with a sentence saying what it means, or why there is none.
 */
export function PerformanceModels({ enabled }: { enabled: boolean }) {
  const t = useTranslations('curves.model');
  const f = useFormats();
  const distanceName = useEffortDistanceName();
  const ride = trpc.performance.model.useQuery({ type: 'ride' }, { enabled });
  const run = trpc.performance.model.useQuery({ type: 'run' }, { enabled });
  const error = ride.error ?? run.error;
  return (
    <div className="two-col">
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      <SectionCard title={t('rideTitle')} testId="model-ride">
        {!ride.data ? (
          <Skeleton height="8rem" />
        ) : (
          <>
            {ride.data.critical_power ? (
              <>
                <dl className="figures">
                  <Figure label={t('cp')} value={`${Math.round(ride.data.critical_power.watts)} W`} />
                  <Figure label={t('wPrime')} value={`${f.number(Math.round(ride.data.critical_power.w_prime / 100) / 10)} kJ`} />
                </dl>
                <p data-testid="model-ride-plain">
                  {t('cpPlain', {
                    cp: Math.round(ride.data.critical_power.watts),
                    wPrime: f.number(Math.round(ride.data.critical_power.w_prime / 100) / 10),
                    // W′ spent in one minute on top of CP
                    minute: Math.round(ride.data.critical_power.watts + ride.data.critical_power.w_prime / 60),
                  })}
                </p>
              </>
            ) : (
              <p className="muted">{t(`reason.${ride.data.reason ?? 'too_few_efforts'}`)}</p>
            )}
            {ride.data.ftp !== null ? (
              <dl className="figures">
                <Figure label={t('ftp')} value={`${ride.data.ftp} W`} />
              </dl>
            ) : null}
            <p className="muted">{t('cpExplain')}</p>
          </>
        )}
      </SectionCard>
      <SectionCard title={t('runTitle')} testId="model-run">
        {!run.data ? (
          <Skeleton height="8rem" />
        ) : run.data.critical_speed ? (
          <>
            <dl className="figures">
              <Figure label={t('cs')} value={f.pace(run.data.critical_speed.speed)} />
              <Figure label={t('dPrime')} value={`${Math.round(run.data.critical_speed.d_prime)} m`} />
              {run.data.predictions.map((p) => (
                <Figure key={p.distance} label={t('prediction', { distance: distanceName(p.distance) })} value={f.duration(p.time)} />
              ))}
            </dl>
            <p data-testid="model-run-plain">
              {t('csPlain', { pace: f.pace(run.data.critical_speed.speed), dPrime: Math.round(run.data.critical_speed.d_prime) })}
            </p>
            <p className="muted">{t('csExplain')}</p>
          </>
        ) : (
          <p className="muted">{t(`reason.${run.data.reason ?? 'too_few_efforts'}`)}</p>
        )}
      </SectionCard>
    </div>
  );
}
