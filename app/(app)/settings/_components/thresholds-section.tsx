'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
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
import { useFormats, type Formats } from '../../../_lib/use-formats';
import type { Units } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';
import type { ThresholdResponse } from '@/server/services/training-load/schemas';

const FIELDS = [
  { name: 'max_hr', label: 'maxHr', min: 25, max: 250 },
  { name: 'resting_hr', label: 'restingHr', min: 25, max: 250 },
  { name: 'lthr', label: 'lthr', min: 25, max: 250 },
  { name: 'ftp', label: 'ftp', min: 30, max: 2000 },
] as const;
type Translate = ReturnType<typeof useTranslations<'trainingLoad.thresholds'>>;
type FormTranslate = ReturnType<typeof useTranslations<'thresholdsForm'>>;
const M_PER_MI = 1609.344;

/** The day a "since the beginning" entry takes effect: before any activity a person can have. */
export const SINCE_THE_BEGINNING = '1970-01-01';

/** "4:30" (min:s per km, or per mile in imperial units) → seconds per km (the service's unit); blank → null. */
function paceSeconds(text: string, units: Units): number | null {
  const [m, s = '0'] = text.trim().split(':');
  if (!text.trim()) return null;
  const seconds = Number(m) * 60 + Number(s);
  return units === 'imperial' ? Math.round((seconds / M_PER_MI) * 1000) : seconds;
}

/** seconds per km → "min:s" per km or per mile. */
function paceText(secondsPerKm: number, units: Units): string {
  const seconds = Math.round(units === 'imperial' ? (secondsPerKm * M_PER_MI) / 1000 : secondsPerKm);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function describe(entry: ThresholdResponse, t: Translate, form: FormTranslate, f: Formats): string {
  const parts = [
    entry.max_hr != null && t('describe.maxHr', { bpm: f.number(entry.max_hr) }),
    entry.resting_hr != null && t('describe.restingHr', { bpm: f.number(entry.resting_hr) }),
    entry.lthr != null && t('describe.lthr', { bpm: f.number(entry.lthr) }),
    entry.ftp != null && t('describe.ftp', { watts: f.number(entry.ftp) }),
    entry.threshold_pace != null && form('describePace', { pace: paceText(entry.threshold_pace, f.units), unit: f.labels.pace }),
  ];
  return parts.filter(Boolean).join(', ') || t('describe.nothing');
}

/**
 * CONTRACT: Beyond the spec … Training load: dated thresholds. The entry in effect on an
 * activity's start day measures its load and zones; a change measures every activity again.
 */
export function ThresholdsSection() {
  const t = useTranslations('trainingLoad.thresholds');
  const form = useTranslations('thresholdsForm');
  const f = useFormats();
  const { timezone, units } = useMe();
  // the first entry applies to every activity unless the person picks a day (issue 50)
  const [sinceBeginning, setSinceBeginning] = useState<boolean | null>(null);
  const entries = trpc.trainingLoad.thresholds.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.trainingLoad.thresholds);
  const create = trpc.trainingLoad.createThreshold.useMutation({ onSuccess: refresh });
  const remove = trpc.trainingLoad.deleteThreshold.useMutation({ onSuccess: refresh });
  const today = todayIn(timezone);
  const fromStart = sinceBeginning ?? entries.data?.length === 0;
  const submit = useFormSubmit(
    async (data) => {
      const number = (name: string) => (String(data.get(name) ?? '').trim() ? Number(data.get(name)) : null);
      await create.mutateAsync({
        effective_from: fromStart ? SINCE_THE_BEGINNING : String(data.get('effective_from') ?? ''),
        max_hr: number('max_hr'),
        resting_hr: number('resting_hr'),
        lthr: number('lthr'),
        ftp: number('ftp'),
        threshold_pace: paceSeconds(String(data.get('threshold_pace') ?? ''), units),
      });
      setSinceBeginning(null);
    },
    { reset: true },
  );
  // effective_from is a calendar date: written as that day, whatever the profile's zone
  const day = (date: string) => (date <= SINCE_THE_BEGINNING ? form('beginning') : f.date(`${date}T12:00:00Z`, 'UTC'));
  const inEffect = entries.data?.filter((e) => e.effective_from <= today).at(-1);

  return (
    <SectionCard title={t('title')}>
      <p className="muted">{t('intro')}</p>
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('addForm')}>
        <label className="choice">
          <input type="checkbox" name="since_beginning" checked={fromStart} onChange={(e) => setSinceBeginning(e.target.checked)} />
          {form('sinceBeginning')}
        </label>
        <div className="form-row">
          <label className="field">
            <span>{t('effectiveFrom')}</span>
            <input
              name="effective_from"
              type="date"
              required={!fromStart}
              defaultValue={today}
              onChange={() => setSinceBeginning(false)}
              aria-describedby={fromStart ? 'thresholds-since-beginning' : undefined}
            />
          </label>
          {FIELDS.map((field) => (
            <label key={field.name} className="field">
              <span>{t(`fields.${field.label}`)}</span>
              <input name={field.name} type="number" step="any" min={field.min} max={field.max} />
            </label>
          ))}
          <label className="field">
            <span>{form('paceLabel', { unit: f.labels.pace })}</span>
            <input name="threshold_pace" pattern="\d{1,2}(:\d{2})?" placeholder={units === 'imperial' ? '7:15' : '4:30'} />
          </label>
        </div>
        {fromStart ? (
          <p className="muted small" id="thresholds-since-beginning">
            {form('sinceBeginningHint')}
          </p>
        ) : null}
        <FormFooter submit={submit} label={t('add')} />
      </form>
      <ProblemAlert problem={entries.error ? problemOf(entries.error) : null} />
      {!entries.data ? (
        <Skeleton lines={2} />
      ) : entries.data.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <ul className="stack" aria-label={t('list')}>
          {[...entries.data].reverse().map((e) => (
            <li key={e.id} className="row" data-testid="threshold-entry">
              <span>
                <strong>{e.effective_from <= SINCE_THE_BEGINNING ? day(e.effective_from) : t('from', { date: day(e.effective_from) })}</strong>:{' '}
                {describe(e, t, form, f)}
                {e.id === inEffect?.id ? <span className="badge"> {t('inEffect')}</span> : null}
              </span>
              <ConfirmButton
                label={t('remove')}
                ariaLabel={t('removeEntry', { date: day(e.effective_from) })}
                title={t('removeQuestion', { date: day(e.effective_from) })}
                confirmLabel={t('remove')}
                onConfirm={() => remove.mutateAsync({ id: e.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
