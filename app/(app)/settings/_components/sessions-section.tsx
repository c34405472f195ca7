'use client';
import { SectionCard } from '../../../_components/section-card';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { refreshQuery } from '../../../_lib/refresh-query';

/** Live sessions of this account; ending one revokes its whole token family at once. */
export function SessionsSection() {
  const sessions = trpc.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.sessions.list);
  const endOne = trpc.sessions.delete.useMutation({ onSuccess: refresh });
  const endOthers = trpc.sessions.deleteOthers.useMutation({ onSuccess: refresh });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const error = sessions.error ?? endOne.error ?? endOthers.error;

  return (
    <SectionCard
      title="Sessions"
      actions={
        <button type="button" disabled={!others || endOthers.isPending} onClick={() => endOthers.mutate()}>
          Sign out all other sessions
        </button>
      }
    >
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {!sessions.data ? (
        <Skeleton lines={3} />
      ) : (
        <ul className="list">
          {sessions.data.map((s) => (
            <li key={s.id} className="list-item" data-testid="session">
              <div>
                <strong>
                  {s.browser ?? 'Unknown browser'} on {s.operating_system ?? 'unknown system'}
                </strong>{' '}
                {s.current ? <span className="badge ok">This session</span> : null}
                <p className="muted small">
                  {s.client_type} · {s.device_type} · {s.ip_address ?? 'unknown address'} · signed in {formatDateTime(s.created_at)} · last active{' '}
                  {formatDateTime(s.last_activity_at)}
                </p>
              </div>
              {!s.current ? (
                <button type="button" onClick={() => endOne.mutate({ id: s.id })} disabled={endOne.isPending}>
                  End
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
