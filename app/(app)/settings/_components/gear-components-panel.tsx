'use client';
import { useTranslations } from 'next-intl';
import type { ComponentResponse } from '@/server/services/gear-components/schemas';
import type { GearResponse } from '@/server/services/gear/schemas';
import { ConfirmButton } from '../../../_components/confirm-button';
import { FormFooter } from '../../../_components/form-footer';
import { LoadedList } from '../../../_components/loaded-list';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ShareBar } from '../../../_components/share-bar';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { fromDistance, unitLabels } from '../../../_lib/units';
import { useFormSubmit } from '../../../_lib/use-form-submit';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';

/** Each gear item's components, opened one at a time (CONTRACT: Explorer, goals, gear components, segments). */
export function GearComponentsList({ gear }: { gear: GearResponse[] | undefined }) {
  const t = useTranslations('gearComponents');
  if (!gear?.length) return null;
  return (
    <div className="stack">
      <h3>{t('title')}</h3>
      {gear.map((g) => (
        <details key={g.id} data-testid={`components-${g.nickname}`}>
          <summary>{t('showNamed', { name: g.nickname })}</summary>
          <GearComponentsPanel gearId={g.id} />
        </details>
      ))}
    </div>
  );
}

/** The larger of a part's used shares (distance, time): what the wear bar shows. */
function wear(c: ComponentResponse): { used: number; expected: number; metric: 'distance' | 'time' } {
  const byDistance = c.expected_distance ? c.distance / c.expected_distance : -1;
  const byTime = c.expected_time ? c.moving_time / c.expected_time : -1;
  return byDistance >= byTime
    ? { used: c.distance, expected: c.expected_distance!, metric: 'distance' }
    : { used: c.moving_time, expected: c.expected_time!, metric: 'time' };
}

function GearComponentsPanel({ gearId }: { gearId: number }) {
  const t = useTranslations('gearComponents');
  const f = useFormats();
  const { units } = useMe();
  const utils = trpc.useUtils();
  const components = trpc.gearComponents.list.useQuery({ gear_id: gearId });
  const refresh = () => void refreshQuery(utils.gearComponents.list);
  const create = trpc.gearComponents.create.useMutation({ onSuccess: refresh });
  const replace = trpc.gearComponents.replace.useMutation({ onSuccess: refresh });
  const remove = trpc.gearComponents.delete.useMutation({ onSuccess: refresh });
  const submit = useFormSubmit(
    async (form) => {
      const number = (name: string) => (String(form.get(name) ?? '').trim() === '' ? null : Number(form.get(name)));
      const distance = number('expected_distance');
      const hours = number('expected_time');
      return create.mutateAsync({
        gear_id: gearId,
        component: {
          name: String(form.get('name') ?? ''),
          kind: String(form.get('kind') ?? ''),
          installed_at: String(form.get('installed_at') ?? ''),
          expected_distance: distance === null ? null : fromDistance(distance, units),
          expected_time: hours === null ? null : hours * 3600,
        },
      });
    },
    { reset: true },
  );
  const figure = (metric: 'distance' | 'time', value: number) => (metric === 'distance' ? f.distance(value) : f.duration(value));
  const inUse = components.data?.filter((c) => !c.retired_at);
  const retired = components.data?.filter((c) => c.retired_at) ?? [];
  return (
    <div className="stack">
      <ProblemAlert problem={components.error || remove.error ? problemOf(components.error ?? remove.error) : null} />
      <LoadedList items={inUse} lines={2} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => (
          <ul className="share-list">
            {items.map((c) => {
              const w = wear(c);
              return (
                <li key={c.id} data-testid={`component-${c.name}`}>
                  <div className="row">
                    <strong>
                      {c.name} <span className="muted">({c.kind})</span>
                    </strong>
                    <span>
                      {t('lifeOf', { used: figure(w.metric, w.used), expected: figure(w.metric, w.expected) })}{' '}
                      {w.used >= w.expected ? <span className="badge">{t('due')}</span> : null}
                    </span>
                  </div>
                  <ShareBar value={w.used} whole={w.expected} label={t('wear', { name: c.name })} past="over" />
                  <div className="row">
                    <span className="muted">{t('since', { date: f.date(c.installed_at) })}</span>
                    <span>
                      <ConfirmButton
                        label={t('replace')}
                        ariaLabel={t('replaceNamed', { name: c.name })}
                        title={t('replaceTitle', { name: c.name })}
                        confirmLabel={t('replaceConfirm')}
                        danger={false}
                        onConfirm={() => replace.mutateAsync({ gear_id: gearId, id: c.id, replace: {} })}
                      >
                        <p>{t('replaceBody')}</p>
                      </ConfirmButton>{' '}
                      <button
                        type="button"
                        className="link"
                        onClick={() => remove.mutate({ gear_id: gearId, id: c.id })}
                        aria-label={t('removeNamed', { name: c.name })}
                      >
                        {t('remove')}
                      </button>
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </LoadedList>
      {retired.length ? (
        <details>
          <summary>{t('retired')}</summary>
          <ul className="plain-list">
            {retired.map((c) => (
              <li key={c.id}>
                {c.name} ({c.kind}): {t('retiredOn', { from: f.date(c.installed_at), to: f.date(c.retired_at) })} · {f.distance(c.distance)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('add')}>
        <div className="form-row">
          <label className="field">
            <span>{t('name')}</span>
            <input name="name" required maxLength={100} aria-invalid={Boolean(submit.fieldError('name'))} />
          </label>
          <label className="field">
            <span>{t('kind')}</span>
            <input name="kind" required maxLength={50} placeholder="chain" aria-invalid={Boolean(submit.fieldError('kind'))} />
          </label>
          <label className="field">
            <span>{t('installedAt')}</span>
            <input name="installed_at" type="date" required aria-invalid={Boolean(submit.fieldError('installed_at'))} />
          </label>
          <label className="field">
            <span>{t('expectedDistance', { unit: unitLabels(units).distance })}</span>
            <input name="expected_distance" type="number" min="0.01" step="any" aria-invalid={Boolean(submit.fieldError('expected_distance'))} />
          </label>
          <label className="field">
            <span>{t('expectedTime')}</span>
            <input name="expected_time" type="number" min="0.01" step="any" aria-invalid={Boolean(submit.fieldError('expected_time'))} />
          </label>
        </div>
        <FormFooter submit={submit} label={t('save')} />
      </form>
    </div>
  );
}
