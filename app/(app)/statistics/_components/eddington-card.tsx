'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { EddingtonInput } from '@/server/services/stats/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { SelectField } from '../../../_components/select-field';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';

// the families of GET /records?type= (efforts/sport-families.ts), not imported so no server code reaches the browser
const FAMILIES = ['ride', 'run', 'swim', 'walk', 'hike', 'other'] as const;

/** The Eddington number (GET /stats/eddington) for all sports or one family, in the profile's units, with E year by year. */
export function EddingtonCard() {
  const t = useTranslations('eddington');
  const families = useTranslations('sportFamilies');
  const f = useFormats();
  const { units } = useMe();
  const [type, setType] = useState<EddingtonInput['type']>(undefined);
  const unit = units === 'imperial' ? 'mi' : 'km';
  const eddington = trpc.progress.eddington.useQuery({ unit, type });
  const data = eddington.data;
  return (
    <SectionCard
      title={t('title')}
      testId="eddington"
      actions={
        <SelectField
          label={t('sport')}
          value={type ?? ''}
          options={[{ value: '', label: t('allSports') }, ...FAMILIES.map((family) => ({ value: family, label: families(family) }))]}
          onChange={(v) => setType((v || undefined) as EddingtonInput['type'])}
        />
      }
    >
      <ProblemAlert problem={eddington.error ? problemOf(eddington.error) : null} />
      {!data ? (
        <Skeleton lines={3} />
      ) : (
        <>
          <p className="eddington-e" data-testid="eddington-e">
            <strong>{f.number(data.e)}</strong> {unit}
          </p>
          <p className="muted">{t('explain', { unit })}</p>
          <p>{t('next', { days: data.days_for_next, next: data.e + 1, unit })}</p>
          {data.history.length ? (
            <table>
              <caption className="visually-hidden">{t('byYear')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('year')}</th>
                  <th scope="col" className="num">
                    E
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((h) => (
                  <tr key={h.year}>
                    <th scope="row">{h.year}</th>
                    <td className="num">{f.number(h.e)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="empty">{t('none')}</p>
          )}
        </>
      )}
    </SectionCard>
  );
}
