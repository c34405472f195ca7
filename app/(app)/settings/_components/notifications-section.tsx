'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { useFormats } from '../../../_lib/use-formats';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { refreshQuery } from '../../../_lib/refresh-query';

/** GET /notifications, newest first; POST /notifications/{id}/read marks one read. */
export function NotificationsSection() {
  const t = useTranslations('settings.notifications');
  const f = useFormats();
  const list = trpc.notifications.list.useQuery();
  const utils = trpc.useUtils();
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: () => void refreshQuery(utils.notifications.list) });
  const error = list.error ?? markRead.error;
  return (
    <section className="card" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">{t('title')}</h2>
      <ProblemAlert problem={error ? problemOf(error) : null} />
      <LoadedList items={list.data} lines={3} empty={<p className="muted">{t('empty')}</p>}>
        {(items) => (
          <ul className="list">
            {items.map((n) => (
              <li key={n.id} className="list-item" data-testid="notification">
                <div>
                  <p>
                    {n.read ? null : <span className="badge ok">{t('new')}</span>} {n.message}
                  </p>
                  <p className="muted small">
                    {f.dateTime(n.created_at)}
                    {n.activity_id ? (
                      <>
                        {' · '}
                        <Link href={`/activities/${n.activity_id}`}>{t('open')}</Link>
                      </>
                    ) : null}
                  </p>
                </div>
                {!n.read ? (
                  <button type="button" disabled={markRead.isPending} onClick={() => markRead.mutate({ id: n.id })}>
                    {t('markRead')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}
