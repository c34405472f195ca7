'use client';
import { useTranslations } from 'next-intl';
import type { CreateGearInput } from '@/server/services/gear/schemas';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { LoadedList } from '../../../_components/loaded-list';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { textOrNull, useFormSubmit } from '../../../_lib/use-form-submit';
import { useFormats } from '../../../_lib/use-formats';
import { GearComponentsList } from './gear-components-panel';
import { GearCsvImport } from './gear-csv-import';

// the service's gear types (db/schema/gear.ts); the list is not imported so no table code reaches the browser
const GEAR_TYPES: CreateGearInput['gear_type'][] = ['bike', 'shoes', 'wetsuit', 'racquet', 'ski', 'snowboard', 'other'];

/** Bikes, shoes and the rest, with the distance each has carried you. */
export function GearSection() {
  const t = useTranslations('gear');
  const types = useTranslations('gear.types');
  const f = useFormats();
  const gear = trpc.gear.list.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.gear.list);
  const create = trpc.gear.create.useMutation({ onSuccess: refresh });
  const update = trpc.gear.update.useMutation({ onSuccess: refresh });
  const submit = useFormSubmit(
    async (form) =>
      // the service validates (a refusal comes back as the same 422 field errors)
      create.mutateAsync({
        nickname: String(form.get('nickname') ?? ''),
        gear_type: String(form.get('gear_type')) as CreateGearInput['gear_type'],
        brand: textOrNull(form, 'brand'),
        model: textOrNull(form, 'model'),
      }),
    { reset: true },
  );
  const loadError = gear.error ?? update.error;

  return (
    <SectionCard title={t('title')}>
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('add')}>
        <div className="form-row">
          <label className="field">
            <span>{t('nickname')}</span>
            <input name="nickname" required maxLength={100} aria-invalid={Boolean(submit.fieldError('nickname'))} />
          </label>
          <label className="field">
            <span>{t('kind')}</span>
            <select name="gear_type" defaultValue="shoes">
              {GEAR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {types(type)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('brand')}</span>
            <input name="brand" maxLength={100} />
          </label>
          <label className="field">
            <span>{t('model')}</span>
            <input name="model" maxLength={100} />
          </label>
        </div>
        <FormFooter submit={submit} label={t('add')} />
      </form>
      <GearCsvImport />
      <ProblemAlert problem={loadError ? problemOf(loadError) : null} />
      <LoadedList items={gear.data} lines={4} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => (
          <ScrollRegion label={t('table')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('nickname')}</th>
                  <th scope="col">{t('kind')}</th>
                  <th scope="col">{t('brandAndModel')}</th>
                  <th scope="col" className="num">
                    {t('distance')}
                  </th>
                  <th scope="col" className="num">
                    {t('activities')}
                  </th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((g) => (
                  <tr key={g.id} data-testid={`gear-${g.nickname}`}>
                    <th scope="row">{g.nickname}</th>
                    <td>{types(g.gear_type)}</td>
                    <td>{[g.brand, g.model].filter(Boolean).join(' ') || '—'}</td>
                    <td className="num">{f.distance(g.total_distance)}</td>
                    <td className="num">{f.number(g.activity_count)}</td>
                    <td>
                      <span className={`badge ${g.active ? 'ok' : ''}`}>{g.active ? t('active') : t('retired')}</span>
                    </td>
                    <td className="actions">
                      {/* the visible verb starts the accessible name (axe: label-content-name-mismatch) */}
                      <button
                        type="button"
                        onClick={() => update.mutate({ id: g.id, changes: { active: !g.active } })}
                        aria-label={g.active ? t('retireNamed', { name: g.nickname }) : t('reactivateNamed', { name: g.nickname })}
                        disabled={update.isPending}
                      >
                        {g.active ? t('retire') : t('reactivate')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </LoadedList>
      <GearComponentsList gear={gear.data} />
    </SectionCard>
  );
}
