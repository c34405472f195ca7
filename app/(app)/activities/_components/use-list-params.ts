'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { ACTIVITY_TYPES } from '../../../_lib/activity-types';

export type SortBy = 'start_time' | 'distance' | 'duration' | 'name';
export interface ListParams {
  /** part of the name, matched by the service (GET /activities?q=) */
  q: string | undefined;
  type: (typeof ACTIVITY_TYPES)[number] | undefined;
  start_date: string | undefined;
  end_date: string | undefined;
  sort_by: SortBy;
  sort_order: 'asc' | 'desc';
  page: number;
  /** hidden activities (duplicates) listed too, marked, with an Unhide */
  include_hidden: boolean;
}

const SORTS: SortBy[] = ['start_time', 'distance', 'duration', 'name'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filter, sort and page live in the URL, so reloads and links keep them. */
export function useListParams(): [ListParams, (changes: Partial<ListParams>) => void] {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const params = useMemo<ListParams>(() => {
    const type = search.get('type');
    const sort = search.get('sort') as SortBy | null;
    const from = search.get('from');
    const to = search.get('to');
    return {
      q: search.get('q')?.trim().slice(0, 200) || undefined,
      type: type && (ACTIVITY_TYPES as readonly string[]).includes(type) ? (type as ListParams['type']) : undefined,
      start_date: from && DATE.test(from) ? from : undefined,
      end_date: to && DATE.test(to) ? to : undefined,
      sort_by: sort && SORTS.includes(sort) ? sort : 'start_time',
      sort_order: search.get('order') === 'asc' ? 'asc' : 'desc',
      page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
      include_hidden: search.get('hidden') === '1',
    };
  }, [search]);

  const update = useCallback(
    (changes: Partial<ListParams>) => {
      const next = { ...params, ...changes };
      const query = new URLSearchParams();
      if (next.q) query.set('q', next.q);
      if (next.type) query.set('type', next.type);
      if (next.start_date) query.set('from', next.start_date);
      if (next.end_date) query.set('to', next.end_date);
      if (next.sort_by !== 'start_time') query.set('sort', next.sort_by);
      if (next.sort_order !== 'desc') query.set('order', next.sort_order);
      if (next.page > 1) query.set('page', String(next.page));
      if (next.include_hidden) query.set('hidden', '1');
      const text = query.toString();
      router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );
  return [params, update];
}
