'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ActivityTypeOptions } from '../../../_components/activity-type-options';
import type { ListParams } from './use-list-params';

/** typing pauses this long before the list is asked again */
const SEARCH_DELAY_MS = 300;

export function ActivityFilters({ params, onChange }: { params: ListParams; onChange: (changes: Partial<ListParams>) => void }) {
  const t = useTranslations('activities');
  const sharing = useTranslations('flows.sharing');
  const [name, setName] = useState(params.q ?? '');
  const [seenQ, setSeenQ] = useState(params.q);
  // the URL changed from elsewhere (Clear filters, back button): show what it says
  if (params.q !== seenQ) {
    setSeenQ(params.q);
    if ((params.q ?? '') !== name.trim()) setName(params.q ?? '');
  }
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const wanted = name.trim() || undefined;
    if (wanted === params.q) return;
    const timer = setTimeout(() => latest.current({ q: wanted }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, params.q]);

  return (
    <form className="filters" role="search" aria-label={t('filter')} onSubmit={(e) => e.preventDefault()}>
      <label className="field">
        <span>{t('name')}</span>
        <input type="search" value={name} maxLength={200} placeholder={t('search')} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('type')}</span>
        <select value={params.type ?? ''} onChange={(e) => onChange({ type: (e.target.value || undefined) as ListParams['type'] })}>
          <option value="">{t('allTypes')}</option>
          <ActivityTypeOptions />
        </select>
      </label>
      <label className="field">
        <span>{t('from')}</span>
        <input type="date" value={params.start_date ?? ''} max={params.end_date} onChange={(e) => onChange({ start_date: e.target.value || undefined })} />
      </label>
      <label className="field">
        <span>{t('to')}</span>
        <input type="date" value={params.end_date ?? ''} min={params.start_date} onChange={(e) => onChange({ end_date: e.target.value || undefined })} />
      </label>
      <label className="choice filter-choice">
        <input type="checkbox" checked={params.include_hidden} onChange={(e) => onChange({ include_hidden: e.target.checked })} data-testid="show-hidden" />{' '}
        {sharing('showHidden')}
      </label>
    </form>
  );
}
