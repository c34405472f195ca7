'use client';
import { ActivityTypeOptions } from '../../../_components/activity-type-options';
import type { ListParams } from './use-list-params';

export function ActivityFilters({ params, onChange }: { params: ListParams; onChange: (changes: Partial<ListParams>) => void }) {
  return (
    <form className="filters" role="search" aria-label="Filter activities" onSubmit={(e) => e.preventDefault()}>
      <label className="field">
        <span>Type</span>
        <select value={params.type ?? ''} onChange={(e) => onChange({ type: (e.target.value || undefined) as ListParams['type'] })}>
          <option value="">All types</option>
          <ActivityTypeOptions />
        </select>
      </label>
      <label className="field">
        <span>From</span>
        <input type="date" value={params.start_date ?? ''} max={params.end_date} onChange={(e) => onChange({ start_date: e.target.value || undefined })} />
      </label>
      <label className="field">
        <span>To</span>
        <input type="date" value={params.end_date ?? ''} min={params.start_date} onChange={(e) => onChange({ end_date: e.target.value || undefined })} />
      </label>
    </form>
  );
}
