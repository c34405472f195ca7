'use client';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** GET /sessions/user/{id} and DELETE /sessions/{id}/user/{user_id}, for an administrator. */
export function UserSessionsPanel({ userId, username }: { userId: number; username: string }) {
  const sessions = trpc.admin.userSessions.useQuery({ userId });
  const utils = trpc.useUtils();
  const end = trpc.admin.endSession.useMutation({ onSuccess: () => void utils.admin.userSessions.invalidate({ userId }) });
  const error = sessions.error ?? end.error;
  return (
    <div className="stack subtle" aria-label={`Sessions of ${username}`} role="region">
      <ProblemAlert problem={error ? problemOf(error) : null} />
      <LoadedList items={sessions.data} lines={2} empty={<p className="muted">{username} has no live sessions.</p>}>
        {(items) => (
          <ul className="list">
            {items.map((s) => (
              <li key={s.id} className="list-item">
                <p className="small">
                  {s.browser ?? 'Unknown browser'} on {s.operating_system ?? 'unknown system'} · {s.client_type} · {s.ip_address ?? 'unknown address'} · since{' '}
                  {formatDateTime(s.created_at)}
                </p>
                {!s.current ? (
                  <button type="button" disabled={end.isPending} onClick={() => end.mutate({ userId, sessionId: s.id })}>
                    End session
                  </button>
                ) : (
                  <span className="badge ok">This session</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </div>
  );
}
