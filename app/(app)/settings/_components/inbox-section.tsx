'use client';
import { useTranslations } from 'next-intl';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';

/** CONTRACT: Beyond the spec … Integrations: the watched folder and what became of its files. */
export function InboxSection() {
  const t = useTranslations('inbox');
  const f = useFormats();
  const inbox = trpc.inbox.get.useQuery(undefined, { refetchInterval: 5_000 });
  return (
    <SectionCard title={t('title')}>
      {inbox.error ? <ProblemAlert problem={problemOf(inbox.error)} /> : null}
      {!inbox.data ? (
        <Skeleton lines={3} />
      ) : (
        <>
          <p className="muted">{t.rich('intro', { seconds: f.number(Math.ceil(inbox.data.poll_seconds * 3)), code: (text) => <code>{text}</code> })}</p>
          <code className="secret" data-testid="inbox-path">
            {inbox.data.path}
          </code>
          {inbox.data.files.length === 0 ? (
            <p className="empty">{t('empty')}</p>
          ) : (
            <ScrollRegion label={t('table')}>
              <table data-testid="inbox-files">
                <thead>
                  <tr>
                    <th scope="col">{t('file')}</th>
                    <th scope="col">{t('outcome')}</th>
                    <th scope="col">{t('seen')}</th>
                  </tr>
                </thead>
                <tbody>
                  {inbox.data.files.map((file) => (
                    <tr key={`${file.name}-${file.seen_at}`}>
                      <th scope="row">{file.name}</th>
                      <td>
                        <span className={`badge ${file.status === 'done' ? 'ok' : ''}`}>{t(`statuses.${file.status}`)}</span>{' '}
                        {file.status === 'done' ? t('activities', { count: file.activity_ids.length }) : (file.detail ?? '')}
                      </td>
                      <td>{f.dateTime(file.seen_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </SectionCard>
  );
}
