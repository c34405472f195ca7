'use client';
import { now } from '@/server/clock';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import { ActivityTypeOptions } from '../../../_components/activity-type-options';
import { FormFooter } from '../../../_components/form-footer';
import type { ACTIVITY_TYPES } from '../../../_lib/activity-types';
import { ProblemError } from '../../../_lib/problem';
import { LOCAL_PROBLEM } from '../../../_lib/problem-message';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { unitLabels, type Units } from '../../../_lib/units';
import { newIdempotencyKey } from '../../../_lib/upload-queue';
import { useFormSubmit } from '../../../_lib/use-form-submit';

const M_PER_MI = 1609.344;
const FT_PER_M = 3.28084;

/** "1:05:30", "65:30" or "45" (minutes) as seconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const parts = text.trim().split(':');
  if (!parts.every((p) => /^\d+$/.test(p)) || parts.length > 3) return null;
  const n = parts.map(Number);
  const seconds = parts.length === 3 ? n[0]! * 3600 + n[1]! * 60 + n[2]! : parts.length === 2 ? n[0]! * 60 + n[1]! : n[0]! * 60;
  return seconds > 0 ? seconds : null;
}

const numberOrNull = (form: FormData, name: string): number | null => {
  const text = String(form.get(name) ?? '')
    .trim()
    .replace(',', '.');
  return text ? Number(text) : null;
};

const today = () => now().toLocaleDateString('sv');

type FieldName = 'date' | 'total_elapsed_time' | 'moving_time' | 'distance' | 'elevation_gain' | 'average_hr' | 'calories';

/**
 * CONTRACT: Real history and hand-made activities: Hand-made activities. A gym session or a run
 * without a watch, typed in: the date and time are the browser's (sent with its offset and zone),
 * distance and climb in the person's units. One Idempotency-Key per opened form, so a resent
 * submit stores one activity. The house form shape (useFormSubmit + FormFooter): what the form
 * finds itself and what the service refuses (activity/<field>) are marked on the fields and named.
 */
export function ManualActivityForm({ units, onDone }: { units: Units; onDone: () => void }) {
  const t = useTranslations('flows.manual');
  const common = useTranslations('common');
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.activities.createManual.useMutation();
  const key = useRef(newIdempotencyKey());
  const labels = unitLabels(units);

  const submit = useFormSubmit(async (form) => {
    const refused: { field: FieldName; message: string }[] = [];
    const refuse = (field: FieldName, message: string) => refused.push({ field, message });
    const elapsed = parseDuration(String(form.get('total_elapsed_time') ?? ''));
    if (elapsed === null) refuse('total_elapsed_time', t('durationInvalid'));
    const movingText = String(form.get('moving_time') ?? '').trim();
    const moving = movingText ? parseDuration(movingText) : null;
    if (movingText && moving === null) refuse('moving_time', t('durationInvalid'));
    if (elapsed !== null && moving !== null && moving > elapsed) refuse('moving_time', t('movingTooLong'));
    const distance = numberOrNull(form, 'distance');
    const climb = numberOrNull(form, 'elevation_gain');
    for (const [field, value] of [
      ['distance', distance],
      ['elevation_gain', climb],
      ['average_hr', numberOrNull(form, 'average_hr')],
      ['calories', numberOrNull(form, 'calories')],
    ] as const) {
      if (value !== null && (!Number.isFinite(value) || value < 0)) refuse(field, t('numberInvalid'));
    }
    const date = String(form.get('date') ?? '');
    const time = String(form.get('time') ?? '') || '00:00';
    const start = new Date(`${date}T${time}`);
    if (!date || Number.isNaN(start.getTime())) refuse('date', t('dateInvalid'));
    // the form's own findings, already in the person's language
    if (refused.length) throw new ProblemError({ status: 422, code: LOCAL_PROBLEM, detail: t('checkFields'), errors: refused });
    const created = await create.mutateAsync({
      idempotency_key: key.current,
      activity: {
        name: String(form.get('name') ?? ''),
        activity_type: String(form.get('activity_type')) as (typeof ACTIVITY_TYPES)[number],
        start_time: start.toISOString(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        total_elapsed_time: elapsed!,
        moving_time: moving,
        distance: distance === null ? null : units === 'imperial' ? distance * M_PER_MI : distance * 1000,
        elevation_gain: climb === null ? null : units === 'imperial' ? climb / FT_PER_M : climb,
        average_hr: numberOrNull(form, 'average_hr'),
        calories: numberOrNull(form, 'calories'),
        description: String(form.get('description') ?? '').trim() || null,
        visibility: String(form.get('visibility')) as 'private' | 'followers' | 'public',
      },
    });
    void refreshQuery(utils.activities.list);
    onDone();
    router.push(`/activities/${created.id}`);
  });

  return (
    <form className="card stack manual-form" onSubmit={submit.onSubmit} aria-labelledby="manual-heading" noValidate data-testid="manual-form">
      <h2 id="manual-heading">{t('title')}</h2>
      <p className="small muted">{t('intro')}</p>
      <div className="form-row">
        <label className="field">
          <span>{t('name')}</span>
          <input name="name" required maxLength={255} placeholder={t('namePlaceholder')} />
        </label>
        <label className="field">
          <span>{t('type')}</span>
          <select name="activity_type" defaultValue="strength">
            <ActivityTypeOptions />
          </select>
        </label>
      </div>
      <div className="form-row">
        <label className="field">
          <span>{t('date')}</span>
          <input name="date" type="date" required defaultValue={today()} />
        </label>
        <label className="field">
          <span>{t('time')}</span>
          <input name="time" type="time" defaultValue="07:00" />
        </label>
        <label className="field">
          <span>{t('duration')}</span>
          <input name="total_elapsed_time" required inputMode="numeric" placeholder="1:00:00" />
        </label>
        <label className="field">
          <span>{t('movingTime')}</span>
          <input name="moving_time" inputMode="numeric" placeholder={t('movingPlaceholder')} />
        </label>
      </div>
      <div className="form-row">
        <label className="field">
          <span>{t('distance', { unit: labels.distance })}</span>
          <input name="distance" inputMode="decimal" />
        </label>
        <label className="field">
          <span>{t('elevationGain', { unit: labels.elevation })}</span>
          <input name="elevation_gain" inputMode="decimal" />
        </label>
        <label className="field">
          <span>{t('averageHr')}</span>
          <input name="average_hr" inputMode="numeric" />
        </label>
        <label className="field">
          <span>{t('calories')}</span>
          <input name="calories" inputMode="numeric" />
        </label>
      </div>
      <label className="field">
        <span>{t('description')}</span>
        <textarea name="description" maxLength={10_000} />
      </label>
      <label className="field">
        <span>{t('visibility')}</span>
        <select name="visibility" defaultValue="private">
          <option value="private">{t('private')}</option>
          <option value="public">{t('public')}</option>
        </select>
      </label>
      <FormFooter submit={submit} label={t('save')} pendingLabel={common('saving')}>
        <button type="button" onClick={onDone}>
          {common('cancel')}
        </button>
      </FormFooter>
    </form>
  );
}
