'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useEffortDistanceName } from '../_lib/efforts';
import type { Units } from '../_lib/units';
import { useLocaleFormats } from '../_lib/use-formats';
import { ScrollRegion } from './scroll-region';

/**
 * CONTRACT: Best efforts and records: one row a standard distance with its time and pace. An
 * activity's efforts and the records of a sport share it; the last column says what the row
 * links to (the PR rank of an activity's effort, the activity that holds a record).
 */
export function BestEffortsTable<T extends { distance: number; elapsed_time: number }>({
  label,
  efforts,
  units,
  lastHeading,
  lastCell,
}: {
  label: string;
  efforts: readonly T[];
  units: Units;
  lastHeading: string;
  lastCell: (effort: T) => ReactNode;
}) {
  const t = useTranslations('efforts');
  const distanceName = useEffortDistanceName();
  const f = useLocaleFormats(units, null);
  return (
    <ScrollRegion label={label}>
      <table className="compact">
        <thead>
          <tr>
            <th scope="col">{t('distance')}</th>
            <th scope="col" className="num">
              {t('time')}
            </th>
            <th scope="col" className="num">
              {t('pace')}
            </th>
            <th scope="col">{lastHeading}</th>
          </tr>
        </thead>
        <tbody>
          {efforts.map((e) => (
            <tr key={e.distance}>
              <th scope="row">{distanceName(e.distance)}</th>
              <td className="num">{f.clock(e.elapsed_time)}</td>
              <td className="num">{f.pace(e.elapsed_time > 0 ? e.distance / e.elapsed_time : null)}</td>
              <td>{lastCell(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
