'use client';
import { useTranslations } from 'next-intl';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { LoadedList } from '../../../_components/loaded-list';
import { todayIso } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { fromWeight } from '../../../_lib/units';
import { useFormats } from '../../../_lib/use-formats';
import { useFormSubmit } from '../../../_lib/use-form-submit';
import { useMe } from '../../../_lib/use-me';
import { BodyComposition } from './body-composition';
import { WeightChart } from './weight-chart';
import { refreshQuery } from '../../../_lib/refresh-query';

/** One weight a day (a second entry for the same day replaces it), with a chart of the log. */
export function WeightSection() {
  const t = useTranslations('settings.weight');
  const common = useTranslations('common');
  const f = useFormats();
  const { units } = useMe();
  const weights = trpc.health.weights.useQuery({});
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.health.weights);
  const create = trpc.health.createWeight.useMutation({ onSuccess: refresh });
  const remove = trpc.health.deleteWeight.useMutation({ onSuccess: refresh });
  const sorted = [...(weights.data ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const submit = useFormSubmit(async (form) => {
    const value = Number(String(form.get('weight') ?? '').replace(',', '.'));
    await create.mutateAsync({ weight: Math.round(fromWeight(value, units) * 100) / 100, created_at: String(form.get('day')) });
  });
  const loadError = weights.error ?? remove.error;

  return (
    <SectionCard title={t('title')}>
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('add')}>
        <div className="form-row">
          <label className="field">
            <span>{t('day')}</span>
            <input type="date" name="day" defaultValue={todayIso()} required />
          </label>
          <label className="field">
            <span>{t('weight', { unit: f.labels.weight })}</span>
            <input name="weight" inputMode="decimal" required pattern="[0-9]+([.,][0-9]+)?" />
          </label>
        </div>
        <FormFooter submit={submit} label={t('addEntry')} />
      </form>
      <ProblemAlert problem={loadError ? problemOf(loadError) : null} />
      <LoadedList items={weights.data ? sorted : undefined} height={220} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => (
          <>
            <WeightChart entries={items} units={units} />
            <ul className="list" style={{ marginTop: '1rem' }}>
              {[...items].reverse().map((w) => (
                <li key={w.id} className="list-item">
                  <span>
                    {f.date(`${w.created_at}T12:00:00Z`, 'UTC')} — <strong>{f.weight(w.weight)}</strong>
                    <BodyComposition entry={w} f={f} />
                  </span>
                  <button type="button" className="danger" onClick={() => remove.mutate({ id: w.id })} aria-label={t('deleteEntry', { day: w.created_at })}>
                    {common('delete')}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </LoadedList>
    </SectionCard>
  );
}
