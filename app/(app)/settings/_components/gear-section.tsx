'use client';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { formatDistance } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';

const GEAR_TYPES = ['bike', 'shoes', 'wetsuit', 'racquet', 'ski', 'snowboard', 'other'] as const;

/** Bikes, shoes and the rest, with the distance each has carried you. */
export function GearSection() {
  const { units } = useMe();
  const gear = trpc.gear.list.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void utils.gear.list.invalidate();
  const create = trpc.gear.create.useMutation({ onSuccess: refresh });
  const update = trpc.gear.update.useMutation({ onSuccess: refresh });
  const [problem, setProblem] = useState<Problem | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setProblem(null);
    try {
      await create.mutateAsync({
        nickname: String(form.get('nickname') ?? ''),
        gear_type: String(form.get('gear_type')) as (typeof GEAR_TYPES)[number],
        brand: String(form.get('brand') ?? '') || null,
        model: String(form.get('model') ?? '') || null,
      });
      formElement.reset();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card" aria-labelledby="gear-heading">
      <h2 id="gear-heading">Gear</h2>
      <form className="form-row" onSubmit={submit} style={{ alignItems: 'end', marginBottom: '1rem' }}>
        <label className="field">
          <span>Nickname</span>
          <input name="nickname" required maxLength={100} />
        </label>
        <label className="field">
          <span>Kind</span>
          <select name="gear_type" defaultValue="shoes">
            {GEAR_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Brand</span>
          <input name="brand" maxLength={100} />
        </label>
        <label className="field">
          <span>Model</span>
          <input name="model" maxLength={100} />
        </label>
        <button type="submit" className="primary" disabled={create.isPending}>
          Add gear
        </button>
      </form>
      <ProblemAlert problem={problem ?? (gear.error ? problemOf(gear.error) : update.error ? problemOf(update.error) : null)} />
      {!gear.data ? (
        <Skeleton lines={4} />
      ) : gear.data.length === 0 ? (
        <p className="empty">No gear yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Nickname</th>
                <th scope="col">Kind</th>
                <th scope="col">Brand and model</th>
                <th scope="col" className="num">Distance</th>
                <th scope="col" className="num">Activities</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {gear.data.map((g) => (
                <tr key={g.id}>
                  <th scope="row">{g.nickname}</th>
                  <td>{g.gear_type}</td>
                  <td>{[g.brand, g.model].filter(Boolean).join(' ') || '—'}</td>
                  <td className="num">{formatDistance(g.total_distance, units)}</td>
                  <td className="num">{g.activity_count}</td>
                  <td>
                    <button type="button" className="quiet" onClick={() => update.mutate({ id: g.id, changes: { active: !g.active } })} aria-label={`${g.active ? 'Retire' : 'Reactivate'} ${g.nickname}`}>
                      <span className={`badge ${g.active ? 'ok' : ''}`}>{g.active ? 'Active' : 'Retired'}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
