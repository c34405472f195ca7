'use client';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { formatDate, todayIso } from '../../../_lib/dates';
import { problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { formatWeight, fromWeight, unitLabels } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';
import { WeightChart } from './weight-chart';

/** One weight a day (a second entry for the same day replaces it), with a chart of the log. */
export function WeightSection() {
  const { units } = useMe();
  const weights = trpc.health.weights.useQuery({});
  const utils = trpc.useUtils();
  const refresh = () => void utils.health.weights.invalidate();
  const create = trpc.health.createWeight.useMutation({ onSuccess: refresh });
  const remove = trpc.health.deleteWeight.useMutation({ onSuccess: refresh });
  const [problem, setProblem] = useState<Problem | null>(null);
  const sorted = [...(weights.data ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setProblem(null);
    try {
      const value = Number(String(form.get('weight') ?? '').replace(',', '.'));
      await create.mutateAsync({ weight: Math.round(fromWeight(value, units) * 100) / 100, created_at: String(form.get('day')) });
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card" aria-labelledby="weight-heading">
      <h2 id="weight-heading">Weight</h2>
      <form className="form-row" onSubmit={submit} style={{ alignItems: 'end', marginBottom: '1rem' }}>
        <label className="field">
          <span>Day</span>
          <input type="date" name="day" defaultValue={todayIso()} required />
        </label>
        <label className="field">
          <span>Weight ({unitLabels(units).weight})</span>
          <input name="weight" inputMode="decimal" required pattern="[0-9]+([.,][0-9]+)?" />
        </label>
        <button type="submit" className="primary" disabled={create.isPending}>
          Add entry
        </button>
      </form>
      <ProblemAlert problem={problem ?? (weights.error ? problemOf(weights.error) : null)} />
      {!weights.data ? (
        <Skeleton height={220} />
      ) : sorted.length === 0 ? (
        <p className="empty">No weight entries yet.</p>
      ) : (
        <>
          <WeightChart entries={sorted} units={units} />
          <ul className="list" style={{ marginTop: '1rem' }}>
            {[...sorted].reverse().map((w) => (
              <li key={w.id} className="list-item">
                <span>
                  {formatDate(`${w.created_at}T12:00:00Z`)} — <strong>{formatWeight(w.weight, units)}</strong>
                </span>
                <button type="button" className="danger" onClick={() => remove.mutate({ id: w.id })} aria-label={`Delete the entry of ${w.created_at}`}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
