'use client';
import { updateProfileInput } from '@/server/services/users/schemas';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit, validated } from '../../../_lib/use-form-submit';
import { useMe } from '../../../_lib/use-me';
import { TimezoneInput } from './timezone-input';

/** Units, max heart rate and timezone, validated with the service's own schema before sending. */
export function ProfileForm() {
  const { me } = useMe();
  const utils = trpc.useUtils();
  const update = trpc.profile.update.useMutation({ onSuccess: (user) => utils.profile.me.setData(undefined, user) });
  const submit = useFormSubmit(async (form) => {
    const maxHr = String(form.get('max_heart_rate') ?? '').trim();
    await update.mutateAsync(
      validated(updateProfileInput, {
        name: String(form.get('name') ?? ''),
        preferred_units: form.get('preferred_units'),
        timezone: String(form.get('timezone') ?? ''),
        max_heart_rate: maxHr ? Number(maxHr) : null,
      }),
    );
  });

  if (me.error) return <ProblemAlert problem={problemOf(me.error)} />;
  return (
    <SectionCard title="Profile">
      {!me.data ? (
        <Skeleton lines={6} />
      ) : (
        <form className="stack form-grid" onSubmit={submit.onSubmit} key={me.data.id}>
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
            <input
              name="max_heart_rate"
              type="number"
              min={80}
              max={250}
              inputMode="numeric"
              defaultValue={me.data.max_heart_rate ?? ''}
              aria-invalid={Boolean(submit.fieldError('max_heart_rate'))}
            />
            <small className="muted">Used for heart-rate zones. Leave empty to estimate.</small>
          </label>
          <TimezoneInput defaultValue={me.data.timezone ?? ''} invalid={Boolean(submit.fieldError('timezone'))} />
          <FormFooter submit={submit} label="Save profile" pendingLabel="Saving…" doneText="Saved." />
        </form>
      )}
    </SectionCard>
  );
}
