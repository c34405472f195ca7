'use client';
import { useTranslations } from 'next-intl';
import { Fragment, useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
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
  // Lift a sign-in lockout (offered on locked accounts only); the answer says whether there was one
  const unlock = trpc.admin.unlockUser.useMutation({ onSuccess: () => void refreshQuery(utils.admin.users) });
  const f = useFormats();
  const t = useTranslations('admin.users');
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (userId: number, kind: 'sessions' | 'password') =>
    setPanel((open) => (open?.userId === userId && open.kind === kind ? null : { userId, kind }));
  const error = users.error ?? setActive.error ?? unlock.error;

  return (
    <section className="card" aria-labelledby="users-heading">
      <h2 id="users-heading">{t('title')}</h2>
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {unlock.data ? (
        <p className="notice" role="status">
          {unlock.data.unlocked ? t('unlocked') : t('notLocked')}
        </p>
      ) : null}
      {!users.data ? (
        <Skeleton lines={4} />
      ) : (
        <div className="table-scroll">
          <table className="activities-table">
            <thead>
              <tr>
                <th scope="col">{t('username')}</th>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('email')}</th>
                <th scope="col">{t('role')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <Fragment key={u.id}>
                  <tr data-testid="user-row">
                    <th scope="row">{u.username}</th>
                    <td>{u.name}</td>
                    <td>{u.email ?? '—'}</td>
                    <td>{u.access_type === 'admin' ? t('admin') : t('regular')}</td>
                    <td>
                      {u.active ? <span className="badge ok">{t('active')}</span> : <span className="badge">{t('disabled')}</span>}
                      {u.locked_until ? (
                        <>
                          {' '}
                          <span className="badge" data-testid="locked-badge">
                            {t('lockedUntil', { time: f.dateTime(u.locked_until) })}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <div className="row">
                        {u.id !== me.data?.id ? (
                          <button
                            type="button"
                            disabled={setActive.isPending}
                            onClick={() => setActive.mutate({ userId: u.id, active: !u.active })}
                            aria-label={u.active ? t('disableNamed', { user: u.username }) : t('enableNamed', { user: u.username })}
                          >
                            {u.active ? t('disable') : t('enable')}
                          </button>
                        ) : null}
                        {u.locked_until ? (
                          <button
                            type="button"
                            disabled={unlock.isPending}
                            onClick={() => unlock.mutate({ userId: u.id })}
                            aria-label={t('unlockNamed', { user: u.username })}
                          >
                            {t('unlock')}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          aria-expanded={panel?.userId === u.id && panel.kind === 'password'}
                          onClick={() => toggle(u.id, 'password')}
                          aria-label={t('resetPasswordNamed', { user: u.username })}
                        >
                          {t('resetPassword')}
                        </button>
                        <button
                          type="button"
                          aria-expanded={panel?.userId === u.id && panel.kind === 'sessions'}
                          onClick={() => toggle(u.id, 'sessions')}
                          aria-label={t('sessionsNamed', { user: u.username })}
                        >
                          {t('sessions')}
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
