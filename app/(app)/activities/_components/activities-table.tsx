'use client';
import Link from 'next/link';
import { activityTypeLabel } from '../../../_lib/activity-types';
import { formatDateTime } from '../../../_lib/dates';
import type { ActivityList } from '../../../_lib/trpc-types';
import { formatDistance, formatDuration, formatElevation, type Units } from '../../../_lib/units';
import { SortHeader } from './sort-header';
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
  if (data && data.items.length === 0) {
    return (
      <div className="empty" data-testid="activities-empty">
        <p>{emptyText}</p>
        {onClearFilters ? (
          <p style={{ marginTop: '0.75rem' }}>
            <button type="button" onClick={onClearFilters}>
              Clear filters
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
            <SortHeader label="Date" column="start_time" params={params} onSort={onSort} />
            <SortHeader label="Name" column="name" params={params} onSort={onSort} />
            <th scope="col">Type</th>
            <SortHeader label="Distance" column="distance" params={params} onSort={onSort} numeric />
            <SortHeader label="Duration" column="duration" params={params} onSort={onSort} numeric />
            <th scope="col" className="num">
              Elevation
            </th>
            <th scope="col" className="num">
              Avg HR
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
                  <td>{formatDateTime(a.start_time, a.timezone ?? timezone)}</td>
                  <td className="name">
                    <Link href={`/activities/${a.id}`}>{a.name}</Link>
                  </td>
                  <td>{activityTypeLabel(a.activity_type)}</td>
                  <td className="num">{formatDistance(a.distance, units)}</td>
                  <td className="num">{formatDuration(a.moving_time ?? a.total_elapsed_time)}</td>
                  <td className="num">{formatElevation(a.elevation_gain, units)}</td>
                  <td className="num">{a.average_hr == null ? '—' : Math.round(a.average_hr)}</td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
