'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useActivityName } from '../../../_lib/activity-name';
import { useSportName } from '../../../_lib/sport-names';
import type { ActivityList } from '../../../_lib/trpc-types';
import type { Units } from '../../../_lib/units';
import { useLocaleFormats } from '../../../_lib/use-formats';
import { SortHeader } from './sort-header';
import { UnhideButton } from './unhide-button';
import type { ListParams, SortBy } from './use-list-params';

interface Props {
  data: ActivityList | undefined;
  loading: boolean;
  params: ListParams;
  units: Units;
  timezone: string | null;
  emptyText: string;
  onSort: (sortBy: SortBy, order: 'asc' | 'desc') => void;
  onClearFilters?: () => void;
}

const SKELETON_ROWS = 8;

export function ActivitiesTable({ data, loading, params, units, timezone, emptyText, onSort, onClearFilters }: Props) {
  const t = useTranslations('activities');
  const f = useLocaleFormats(units, timezone);
  const sportName = useSportName();
  const sharing = useTranslations('flows.sharing');
  const activityName = useActivityName();
  if (data && data.items.length === 0) {
    return (
      <div className="empty" data-testid="activities-empty">
        <p>{emptyText}</p>
        {onClearFilters ? (
          <p style={{ marginTop: '0.75rem' }}>
            <button type="button" onClick={onClearFilters}>
              {t('clearFilters')}
            </button>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="table-scroll">
      <table className="activities-table" data-testid="activities-table" aria-busy={loading}>
        <thead>
          <tr>
            <SortHeader label={t('date')} column="start_time" params={params} onSort={onSort} />
            <SortHeader label={t('name')} column="name" params={params} onSort={onSort} />
            <th scope="col">{t('type')}</th>
            <SortHeader label={t('distance')} column="distance" params={params} onSort={onSort} numeric />
            <SortHeader label={t('duration')} column="duration" params={params} onSort={onSort} numeric />
            <th scope="col" className="num">
              {t('elevation')}
            </th>
            <th scope="col" className="num">
              {t('averageHr')}
            </th>
          </tr>
        </thead>
        <tbody>
          {!data
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} aria-hidden="true">
                  <td colSpan={7}>
                    <span className="skeleton-line" />
                  </td>
                </tr>
              ))
            : data.items.map((a) => (
                <tr key={a.id}>
                  <td>{f.dateTime(a.start_time, a.timezone)}</td>
                  <td className="name">
                    <Link href={`/activities/${a.id}`}>{activityName(a.name, a.activity_type)}</Link>
                    {a.is_hidden ? (
                      <span className="hidden-row" data-testid="hidden-row">
                        {' '}
                        <span className="badge">{sharing('hiddenBadge')}</span> <UnhideButton activity={a} />
                      </span>
                    ) : null}
                  </td>
                  <td>{sportName(a.activity_type)}</td>
                  <td className="num">{f.distance(a.distance)}</td>
                  <td className="num">{f.duration(a.moving_time ?? a.total_elapsed_time)}</td>
                  <td className="num">{f.elevation(a.elevation_gain)}</td>
                  <td className="num">{a.average_hr == null ? '—' : f.number(Math.round(a.average_hr))}</td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
