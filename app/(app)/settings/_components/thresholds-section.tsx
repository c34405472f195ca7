'use client';
import { useTranslations } from 'next-intl';
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
import { useMe } from '../../../_lib/use-me';
import type { ThresholdResponse } from '@/server/services/training-load/schemas';

const FIELDS = [
  { name: 'max_hr', label: 'maxHr', min: 25, max: 250 },
  { name: 'resting_hr', label: 'restingHr', min: 25, max: 250 },
  { name: 'lthr', label: 'lthr', min: 25, max: 250 },
  { name: 'ftp', label: 'ftp', min: 30, max: 2000 },
] as const;
type Translate = ReturnType<typeof useTranslations<'trainingLoad.thresholds'>>;

/** "4:30" (min:s per km) → seconds; blank → null. */
function paceSeconds(text: string): number | null {
  const [m, s = '0'] = text.trim().split(':');
  return text.trim() ? Number(m) * 60 + Number(s) : null;
}

function describe(entry: ThresholdResponse, t: Translate, f: Formats): string {
  const parts = [
    entry.max_hr != null && t('describe.maxHr', { bpm: f.number(entry.max_hr) }),
    entry.resting_hr != null && t('describe.restingHr', { bpm: f.number(entry.resting_hr) }),
    entry.lthr != null && t('describe.lthr', { bpm: f.number(entry.lthr) }),
    entry.ftp != null && t('describe.ftp', { watts: f.number(entry.ftp) }),
    entry.threshold_pace != null &&
      t('describe.pace', { pace: `${Math.floor(entry.threshold_pace / 60)}:${String(Math.round(entry.threshold_pace % 60)).padStart(2, '0')}` }),
  ];
  return parts.filter(Boolean).join(', ') || t('describe.nothing');
}

/**
 * CONTRACT: Beyond the spec … Training load: dated thresholds. The entry in effect on an
 * activity's start day measures its load and zones; a change measures every activity again.
 */
export function ThresholdsSection() {
  const t = useTranslations('trainingLoad.thresholds');
  const f = useFormats();
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
  // effective_from is a calendar date: written as that day, whatever the profile's zone
  const day = (date: string) => f.date(`${date}T12:00:00Z`, 'UTC');
  const inEffect = entries.data?.filter((e) => e.effective_from <= today).at(-1);

  return (
    <SectionCard title={t('title')}>
      <p className="muted">{t('intro')}</p>
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('addForm')}>
        <div className="form-row">
          <label className="field">
            <span>{t('effectiveFrom')}</span>
            <input name="effective_from" type="date" required defaultValue={today} aria-invalid={Boolean(submit.fieldError('effective_from'))} />
          </label>
          {FIELDS.map((field) => (
            <label key={field.name} className="field">
              <span>{t(`fields.${field.label}`)}</span>
              <input name={field.name} type="number" step="any" min={field.min} max={field.max} aria-invalid={Boolean(submit.fieldError(field.name))} />
            </label>
          ))}
          <label className="field">
            <span>{t('fields.pace')}</span>
            <input name="threshold_pace" pattern="\d{1,2}(:\d{2})?" placeholder="4:30" aria-invalid={Boolean(submit.fieldError('threshold_pace'))} />
          </label>
        </div>
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
                <strong>{t('from', { date: day(e.effective_from) })}</strong>: {describe(e, t, f)}
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
