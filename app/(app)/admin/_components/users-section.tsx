'use client';
import { Fragment, useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useMe } from '../../../_lib/use-me';
import { PasswordResetForm } from './password-reset-form';
import { UserSessionsPanel } from './user-sessions-panel';
import { refreshQuery } from '../../../_lib/refresh-query';

type Panel = { userId: number; kind: 'sessions' | 'password' } | null;

/** GET /users as a table; disable/enable, password reset and sessions per user. */
export function UsersSection() {
  const { me } = useMe();
  const users = trpc.admin.users.useQuery();
  const utils = trpc.useUtils();
  const setActive = trpc.admin.setUserActive.useMutation({ onSuccess: () => void refreshQuery(utils.admin.users) });
  // Lift a sign-in lockout; the answer says whether there was one
  const unlock = trpc.admin.unlockUser.useMutation();
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (userId: number, kind: 'sessions' | 'password') =>
    setPanel((open) => (open?.userId === userId && open.kind === kind ? null : { userId, kind }));
  const error = users.error ?? setActive.error ?? unlock.error;

  return (
    <section className="card" aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {unlock.data ? (
        <p className="notice" role="status">
          {unlock.data.unlocked ? 'The sign-in lock was lifted.' : 'That account had no sign-in lock.'}
        </p>
      ) : null}
      {!users.data ? (
        <Skeleton lines={4} />
      ) : (
        <div className="table-scroll">
          <table className="activities-table">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <Fragment key={u.id}>
                  <tr data-testid="user-row">
                    <th scope="row">{u.username}</th>
                    <td>{u.name}</td>
                    <td>{u.email ?? '—'}</td>
                    <td>{u.access_type === 'admin' ? 'Administrator' : 'Regular'}</td>
                    <td>{u.active ? <span className="badge ok">Active</span> : <span className="badge">Disabled</span>}</td>
                    <td>
                      <div className="row">
                        {u.id !== me.data?.id ? (
                          <button
                            type="button"
                            disabled={setActive.isPending}
                            onClick={() => setActive.mutate({ userId: u.id, active: !u.active })}
                            aria-label={`${u.active ? 'Disable' : 'Enable'} ${u.username}`}
                          >
                            {u.active ? 'Disable' : 'Enable'}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          disabled={unlock.isPending}
                          onClick={() => unlock.mutate({ userId: u.id })}
                          aria-label={`Unlock sign-in of ${u.username}`}
                        >
                          Unlock
                        </button>
                        <button
                          type="button"
                          aria-expanded={panel?.userId === u.id && panel.kind === 'password'}
                          onClick={() => toggle(u.id, 'password')}
                          aria-label={`Reset password of ${u.username}`}
                        >
                          Reset password
                        </button>
                        <button
                          type="button"
                          aria-expanded={panel?.userId === u.id && panel.kind === 'sessions'}
                          onClick={() => toggle(u.id, 'sessions')}
                          aria-label={`Sessions of ${u.username}`}
                        >
                          Sessions
                        </button>
                      </div>
                    </td>
                  </tr>
                  {panel?.userId === u.id ? (
                    <tr>
                      <td colSpan={6}>
                        {panel.kind === 'sessions' ? (
                          <UserSessionsPanel userId={u.id} username={u.username} />
                        ) : (
                          <PasswordResetForm userId={u.id} username={u.username} onDone={() => setPanel(null)} />
                        )}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
