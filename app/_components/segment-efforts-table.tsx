'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatClock, formatDistance, formatSpeed, type Units } from '../_lib/units';
import { PrBadge } from './pr-badge';

export interface SegmentEffortRow {
  key: number;
  /** the segment's name, a link for its owner */
  name: ReactNode;
  /** metres; the column shows when given */
  distance?: number;
  elapsed_time: number;
  average_speed: number;
  pr_rank: 1 | 2 | 3 | null;
}

/** An activity's segment efforts with PR badges: on its page and on its public page. */
export function SegmentEffortsTable({ rows, units }: { rows: SegmentEffortRow[]; units: Units }) {
  const t = useTranslations('segments');
  const withDistance = rows.some((r) => r.distance !== undefined);
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('name')}</th>
          {withDistance ? <th scope="col">{t('distance')}</th> : null}
          <th scope="col">{t('time')}</th>
          <th scope="col">{t('speed')}</th>
          <th scope="col">{t('record')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.key}>
            <th scope="row">{e.name}</th>
            {withDistance ? <td>{formatDistance(e.distance, units)}</td> : null}
            <td>{formatClock(Math.round(e.elapsed_time))}</td>
            <td>{formatSpeed(e.average_speed, units)}</td>
            <td>
              <PrBadge rank={e.pr_rank} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
