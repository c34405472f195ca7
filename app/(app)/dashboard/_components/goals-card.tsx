'use client';
import { useTranslations } from 'next-intl';
import type { CreateGoalInput, GoalResponse } from '@/server/services/goals/schemas';
import { FormFooter } from '../../../_components/form-footer';
import { LoadedList } from '../../../_components/loaded-list';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { ShareBar } from '../../../_components/share-bar';
import { ACTIVITY_TYPES } from '../../../_lib/activity-types';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { fromDistance, fromElevation, unitLabels } from '../../../_lib/units';
import { useFormSubmit } from '../../../_lib/use-form-submit';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import { useSportName } from '../../../_lib/sport-names';

// the service's periods, metrics and families (db/schema/goals.ts, efforts/sport-families.ts): not imported, so no table code reaches the browser
const PERIODS: GoalResponse['period'][] = ['week', 'month', 'year'];
const METRICS: GoalResponse['metric'][] = ['distance', 'moving_time', 'elevation_gain', 'count'];
const FAMILIES = ['run', 'ride', 'swim', 'walk', 'hike', 'other'] as const;
/** a family's name is its own goal type (run = the run family), so the type of that name is not offered again */
const isFamily = (type: string): type is (typeof FAMILIES)[number] => (FAMILIES as readonly string[]).includes(type);

/** The dashboard's goals: a bar per goal for its current period, and a form to add one. */
export function GoalsCard() {
  const t = useTranslations('goals');
  const families = useTranslations('sportFamilies');
  const sportName = useSportName();
  const f = useFormats();
  const { units } = useMe();
  const utils = trpc.useUtils();
  const goals = trpc.goals.list.useQuery();
  const progress = trpc.goals.progress.useQuery();
  const refresh = () => void Promise.all([refreshQuery(utils.goals.list), refreshQuery(utils.goals.progress)]);
  const create = trpc.goals.create.useMutation({ onSuccess: refresh });
  const remove = trpc.goals.delete.useMutation({ onSuccess: refresh });
  const labels = unitLabels(units);
  const targetUnit = { distance: labels.distance, moving_time: t('hours'), elevation_gain: labels.elevation, count: t('activities') };
  const submit = useFormSubmit(
    async (form) => {
      const metric = String(form.get('metric')) as CreateGoalInput['metric'];
      const typed = Number(form.get('target'));
      const target =
        metric === 'distance'
          ? fromDistance(typed, units)
          : metric === 'elevation_gain'
            ? fromElevation(typed, units)
            : metric === 'moving_time'
              ? typed * 3600
              : typed;
      const type = String(form.get('type') ?? '');
      return create.mutateAsync({
        period: String(form.get('period')) as CreateGoalInput['period'],
        metric,
        type: (type || null) as CreateGoalInput['type'],
        target,
      });
    },
    { reset: true },
  );
  const figure = (metric: GoalResponse['metric'], value: number) =>
    metric === 'distance'
      ? f.distance(value)
      : metric === 'moving_time'
        ? f.duration(value)
        : metric === 'elevation_gain'
          ? f.elevation(value)
          : f.number(value);
  const sport = (type: string | null) =>
    type === null ? t('allSports') : isFamily(type) ? families(type) : sportName(type as (typeof ACTIVITY_TYPES)[number]);

  return (
    <SectionCard title={t('title')} testId="goals-card">
      <ProblemAlert problem={goals.error || progress.error || remove.error ? problemOf(goals.error ?? progress.error ?? remove.error) : null} />
      <LoadedList items={goals.data} lines={2} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => (
          <ul className="share-list">
            {items.map((goal) => {
              const now = progress.data?.find((p) => p.goal_id === goal.id);
              const name = t('goalName', { period: goal.period, metric: goal.metric, sport: sport(goal.type) });
              return (
                <li key={goal.id} data-testid={`goal-${goal.id}`}>
                  <div className="row">
                    <strong>{name}</strong>
                    <span>
                      {t('ofTarget', { value: figure(goal.metric, now?.value ?? 0), target: figure(goal.metric, goal.target) })}
                      {now?.reached ? <span className="badge ok">{t('reached')}</span> : null}
                    </span>
                  </div>
                  <ShareBar value={now?.value ?? 0} whole={goal.target} label={name} />
                  <button
                    type="button"
                    className="link"
                    onClick={() => remove.mutate({ id: goal.id })}
                    aria-label={t('removeNamed', { name })}
                    disabled={remove.isPending}
                  >
                    {t('remove')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </LoadedList>
      <details>
        <summary>{t('add')}</summary>
        <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('add')}>
          <div className="form-row">
            <label className="field">
              <span>{t('period')}</span>
              <select name="period" defaultValue="week">
                {PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t('periods', { period: p })}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('metric')}</span>
              <select name="metric" defaultValue="distance">
                {METRICS.map((m) => (
                  <option key={m} value={m}>
                    {t('metrics', { metric: m })} ({targetUnit[m]})
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('sport')}</span>
              <select name="type" defaultValue="">
                <option value="">{t('allSports')}</option>
                <optgroup label={t('families')}>
                  {FAMILIES.map((family) => (
                    <option key={family} value={family}>
                      {families(family)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t('types')}>
                  {ACTIVITY_TYPES.filter((type) => !isFamily(type)).map((type) => (
                    <option key={type} value={type}>
                      {sportName(type)}
                    </option>
                  ))}
                </optgroup>
              </select>
            </label>
            <label className="field">
              <span>{t('target')}</span>
              <input name="target" type="number" min="0.01" step="any" required aria-invalid={Boolean(submit.fieldError('target'))} />
            </label>
          </div>
          <FormFooter submit={submit} label={t('save')} />
        </form>
      </details>
    </SectionCard>
  );
}
