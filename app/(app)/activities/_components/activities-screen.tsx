'use client';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useMe } from '../../../_lib/use-me';
import { ActivitiesTable } from './activities-table';
import { ActivityFilters } from './activity-filters';
import { ActivityTotals } from './activity-totals';
import { ManualActivityForm } from './manual-activity-form';
import { Pager } from './pager';
import { UploadDropzone } from './upload-dropzone';
import { useListParams } from './use-list-params';

const PAGE_SIZE = 20;

export function ActivitiesScreen() {
  const t = useTranslations('activities');
  const manual = useTranslations('flows.manual');
  const [adding, setAdding] = useState(false);
  const [params, update] = useListParams();
  const { units, timezone } = useMe();
  const list = trpc.activities.list.useQuery({ ...params, page_size: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const filtered = Boolean(params.q || params.type || params.start_date || params.end_date || params.include_hidden);

  return (
    <div className="stack-lg">
      <div className="row page-head">
        <h1>{t('title')}</h1>
        {adding ? null : (
          <button type="button" onClick={() => setAdding(true)} data-testid="add-manual">
            {manual('add')}
          </button>
        )}
      </div>
      {adding ? <ManualActivityForm units={units} onDone={() => setAdding(false)} /> : null}
      <UploadDropzone />
      <section className="card" aria-labelledby="list-heading">
        <h2 id="list-heading" className="visually-hidden">
          {t('yours')}
        </h2>
        <ActivityFilters params={params} onChange={(changes) => update({ ...changes, page: 1 })} />
        <ActivityTotals totals={list.data?.totals} units={units} />
        {list.error ? <ProblemAlert problem={problemOf(list.error)} /> : null}
        <ActivitiesTable
          data={list.data}
          loading={list.isPending}
          params={params}
          units={units}
          timezone={timezone}
          onSort={(sort_by, sort_order) => update({ sort_by, sort_order, page: 1 })}
          emptyText={filtered ? t('noMatch') : t('none')}
          onClearFilters={
            filtered ? () => update({ q: undefined, type: undefined, start_date: undefined, end_date: undefined, include_hidden: false, page: 1 }) : undefined
          }
        />
        {list.data && list.data.total > 0 ? (
          <Pager
            page={list.data.page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            hasNext={list.data.next !== null}
            onPage={(page) => update({ page })}
            busy={list.isFetching}
          />
        ) : null}
      </section>
    </div>
  );
}
