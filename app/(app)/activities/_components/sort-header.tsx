import type { ListParams, SortBy } from './use-list-params';

/** A column header that sorts: aria-sort tells the state, the button toggles the order. */
export function SortHeader({
  label,
  column,
  params,
  onSort,
  numeric,
}: {
  label: string;
  column: SortBy;
  params: ListParams;
  onSort: (sortBy: SortBy, order: 'asc' | 'desc') => void;
  numeric?: boolean;
}) {
  const active = params.sort_by === column;
  const next = active && params.sort_order === 'desc' ? 'asc' : active ? 'desc' : column === 'name' ? 'asc' : 'desc';
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={active ? (params.sort_order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort" onClick={() => onSort(column, next)}>
        {label}
        <span aria-hidden="true">{active ? (params.sort_order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}
