'use client';
import { useTranslations } from 'next-intl';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';

/**
 * Suggested thresholds (issue 52): one banner per open suggestion; accepting it
 * writes the dated entry (the loads follow by their job), dismissing closes it.
 */
export function ThresholdSuggestions() {
  const t = useTranslations('curves.suggestion');
  const f = useFormats();
  const utils = trpc.useUtils();
  const suggestions = trpc.performance.suggestions.useQuery();
  const settle = () => Promise.all([utils.performance.suggestions.invalidate(), utils.trainingLoad.thresholds.invalidate()]);
  const accept = trpc.performance.acceptSuggestion.useMutation({ onSuccess: settle });
  const dismiss = trpc.performance.dismissSuggestion.useMutation({ onSuccess: settle });
  const error = accept.error ?? dismiss.error;
  if (!suggestions.data?.length) return null;
  return (
    <>
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      {suggestions.data.map((s) => {
        const figures = [
          s.ftp !== null ? t('ftp', { watts: s.ftp }) : null,
          s.threshold_pace !== null ? t('pace', { pace: f.pace(1000 / s.threshold_pace) }) : null,
          s.max_hr !== null ? t('maxHr', { bpm: s.max_hr }) : null,
        ].filter(Boolean);
        return (
          <div key={s.id} className="notice" role="status" data-testid="threshold-suggestion">
            <p>{t('text', { figures: figures.join(', '), date: f.date(`${s.effective_from}T12:00:00Z`) })}</p>
            <button type="button" disabled={accept.isPending} onClick={() => accept.mutate({ id: s.id })}>
              {t('accept')}
            </button>{' '}
            <button type="button" className="secondary" disabled={dismiss.isPending} onClick={() => dismiss.mutate({ id: s.id })}>
              {t('dismiss')}
            </button>
          </div>
        );
      })}
    </>
  );
}
