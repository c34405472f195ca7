'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { stravaSyncInput } from '@/server/services/strava/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../_lib/problem';
import { todayIso } from '../../../_lib/dates';
import { trpc } from '../../../_lib/trpc';

/** Picks a range of start dates and starts a provider_sync job (nothing is fetched on the request). */
export function StravaSyncForm({ onStarted }: { onStarted: (jobId: string) => void }) {
  const t = useTranslations('strava.sync');
  const sync = trpc.strava.sync.useMutation();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = stravaSyncInput.safeParse({ start_date: form.get('start_date'), end_date: form.get('end_date') });
    if (!parsed.success) {
      setProblem({ status: 422, detail: t('pickBoth') });
      return;
    }
    setProblem(null);
    try {
      onStarted((await sync.mutateAsync(parsed.data)).job_id);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <form className="stack subtle" onSubmit={submit} aria-label={t('label')}>
      <div className="form-row">
        <label className="field">
          <span>{t('from')}</span>
          <input name="start_date" type="date" required max={todayIso()} />
        </label>
        <label className="field">
          <span>{t('to')}</span>
          <input name="end_date" type="date" required defaultValue={todayIso()} />
        </label>
      </div>
      <ProblemAlert problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={sync.isPending}>
          {t('submit')}
        </button>
      </div>
    </form>
  );
}
