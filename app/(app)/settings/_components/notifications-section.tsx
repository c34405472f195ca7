'use client';
import Link from 'next/link';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { refreshQuery } from '../../../_lib/refresh-query';

/** GET /notifications, newest first; POST /notifications/{id}/read marks one read. */
export function NotificationsSection() {
  const list = trpc.notifications.list.useQuery();
  const utils = trpc.useUtils();
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: () => void refreshQuery(utils.notifications.list) });
  const error = list.error ?? markRead.error;
  return (
    <section className="card" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <ProblemAlert problem={error ? problemOf(error) : null} />
      <LoadedList items={list.data} lines={3} empty={<p className="muted">No notifications.</p>}>
        {(items) => (
          <ul className="list">
            {items.map((n) => (
              <li key={n.id} className="list-item" data-testid="notification">
                <div>
                  <p>
                    {n.read ? null : <span className="badge ok">New</span>} {n.message}
                  </p>
                  <p className="muted small">
                    {formatDateTime(n.created_at)}
                    {n.activity_id ? (
                      <>
                        {' · '}
                        <Link href={`/activities/${n.activity_id}`}>Open the activity</Link>
                      </>
                    ) : null}
                  </p>
                </div>
                {!n.read ? (
                  <button type="button" disabled={markRead.isPending} onClick={() => markRead.mutate({ id: n.id })}>
                    Mark read
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
