'use client';
import { useState, type FormEvent } from 'react';
import { updateProfileInput } from '@/server/services/users/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { fieldError, problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useMe } from '../../../_lib/use-me';
import { TimezoneInput } from './timezone-input';

/** Units, max heart rate and timezone, validated with the service's own schema before sending. */
export function ProfileForm() {
  const { me } = useMe();
  const utils = trpc.useUtils();
  const update = trpc.profile.update.useMutation({ onSuccess: (user) => utils.profile.me.setData(undefined, user) });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const maxHr = String(form.get('max_heart_rate') ?? '').trim();
    const parsed = updateProfileInput.safeParse({
      name: String(form.get('name') ?? ''),
      preferred_units: form.get('preferred_units'),
      timezone: String(form.get('timezone') ?? ''),
      max_heart_rate: maxHr ? Number(maxHr) : null,
    });
    setSaved(false);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
      setProblem({ status: 422, detail: 'Please check the highlighted fields.', errors });
      return;
    }
    setProblem(null);
    try {
      await update.mutateAsync(parsed.data);
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  if (me.error) return <ProblemAlert problem={problemOf(me.error)} />;
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      {!me.data ? (
        <Skeleton lines={6} />
      ) : (
        <form className="stack form-grid" onSubmit={submit} key={me.data.id}>
          <label className="field">
            <span>Name</span>
            <input name="name" defaultValue={me.data.name} autoComplete="name" />
          </label>
          <fieldset className="field">
            <legend>Units</legend>
            <div className="row">
              <label className="choice">
                <input type="radio" name="preferred_units" value="metric" defaultChecked={me.data.preferred_units === 'metric'} /> Metric (km, m, kg)
              </label>
              <label className="choice">
                <input type="radio" name="preferred_units" value="imperial" defaultChecked={me.data.preferred_units === 'imperial'} /> Imperial (mi, ft, lb)
              </label>
            </div>
          </fieldset>
          <label className="field">
            <span>Maximum heart rate (bpm)</span>
            <input name="max_heart_rate" type="number" min={80} max={250} inputMode="numeric" defaultValue={me.data.max_heart_rate ?? ''} aria-invalid={Boolean(fieldError(problem, 'max_heart_rate'))} />
            <small className="muted">Used for heart-rate zones. Leave empty to estimate.</small>
          </label>
          <TimezoneInput defaultValue={me.data.timezone ?? ''} invalid={Boolean(fieldError(problem, 'timezone'))} />
          <ProblemAlert problem={problem} />
          <div className="row">
            <button type="submit" className="primary" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save profile'}
            </button>
            <span role="status" className="muted">
              {saved ? 'Saved.' : ''}
            </span>
          </div>
        </form>
      )}
    </section>
  );
}
