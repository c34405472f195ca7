'use client';
import { ConfirmButton } from '../../../_components/confirm-button';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { todayIn } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit } from '../../../_lib/use-form-submit';
import { useMe } from '../../../_lib/use-me';
import type { ThresholdResponse } from '@/server/services/training-load/schemas';

const FIELDS = [
  { name: 'max_hr', label: 'Max HR (bpm)', min: 25, max: 250 },
  { name: 'resting_hr', label: 'Resting HR (bpm)', min: 25, max: 250 },
  { name: 'lthr', label: 'LTHR (bpm)', min: 25, max: 250 },
  { name: 'ftp', label: 'FTP (W)', min: 30, max: 2000 },
] as const;

/** "4:30" (min:s per km) → seconds; blank → null. */
function paceSeconds(text: string): number | null {
  const [m, s = '0'] = text.trim().split(':');
  return text.trim() ? Number(m) * 60 + Number(s) : null;
}

function describe(entry: ThresholdResponse): string {
  const parts = [
    entry.max_hr != null && `max ${entry.max_hr} bpm`,
    entry.resting_hr != null && `resting ${entry.resting_hr} bpm`,
    entry.lthr != null && `LTHR ${entry.lthr} bpm`,
    entry.ftp != null && `FTP ${entry.ftp} W`,
    entry.threshold_pace != null && `pace ${Math.floor(entry.threshold_pace / 60)}:${String(Math.round(entry.threshold_pace % 60)).padStart(2, '0')} /km`,
  ];
  return parts.filter(Boolean).join(', ') || 'nothing set';
}

/**
 * CONTRACT: Beyond the spec … Training load: dated thresholds. The entry in effect on an
 * activity's start day measures its load and zones; a change measures every activity again.
 */
export function ThresholdsSection() {
  const { timezone } = useMe();
  const entries = trpc.trainingLoad.thresholds.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.trainingLoad.thresholds);
  const create = trpc.trainingLoad.createThreshold.useMutation({ onSuccess: refresh });
  const remove = trpc.trainingLoad.deleteThreshold.useMutation({ onSuccess: refresh });
  const today = todayIn(timezone);
  const submit = useFormSubmit(
    async (form) => {
      const number = (name: string) => (String(form.get(name) ?? '').trim() ? Number(form.get(name)) : null);
      await create.mutateAsync({
        effective_from: String(form.get('effective_from') ?? ''),
        max_hr: number('max_hr'),
        resting_hr: number('resting_hr'),
        lthr: number('lthr'),
        ftp: number('ftp'),
        threshold_pace: paceSeconds(String(form.get('threshold_pace') ?? '')),
      });
    },
    { reset: true },
  );
  const inEffect = entries.data?.filter((e) => e.effective_from <= today).at(-1);

  return (
    <SectionCard title="Training thresholds">
      <p className="muted">
        Each entry applies from its day until the next one. Training load uses FTP with power, else heart rate (max, resting and LTHR); a change measures every
        activity again in the background.
      </p>
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label="Add thresholds">
        <div className="form-row">
          <label className="field">
            <span>Effective from</span>
            <input name="effective_from" type="date" required defaultValue={today} aria-invalid={Boolean(submit.fieldError('effective_from'))} />
          </label>
          {FIELDS.map((f) => (
            <label key={f.name} className="field">
              <span>{f.label}</span>
              <input name={f.name} type="number" step="any" min={f.min} max={f.max} aria-invalid={Boolean(submit.fieldError(f.name))} />
            </label>
          ))}
          <label className="field">
            <span>Threshold pace (min:s /km)</span>
            <input name="threshold_pace" pattern="\d{1,2}(:\d{2})?" placeholder="4:30" aria-invalid={Boolean(submit.fieldError('threshold_pace'))} />
          </label>
        </div>
        <FormFooter submit={submit} label="Add entry" />
      </form>
      <ProblemAlert problem={entries.error ? problemOf(entries.error) : null} />
      {!entries.data ? (
        <Skeleton lines={2} />
      ) : entries.data.length === 0 ? (
        <p className="empty">No thresholds yet: activities have no training load.</p>
      ) : (
        <ul className="stack" aria-label="Your thresholds">
          {[...entries.data].reverse().map((e) => (
            <li key={e.id} className="row" data-testid="threshold-entry">
              <span>
                <strong>From {e.effective_from}</strong>: {describe(e)}
                {e.id === inEffect?.id ? <span className="badge"> in effect today</span> : null}
              </span>
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove the entry from ${e.effective_from}`}
                title={`Remove the entry from ${e.effective_from}?`}
                confirmLabel="Remove"
                onConfirm={() => remove.mutateAsync({ id: e.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
