'use client';
import { useTranslations } from 'next-intl';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { useFormats } from '../../../_lib/use-formats';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** GET /sessions/user/{id} and DELETE /sessions/{id}/user/{user_id}, for an administrator. */
export function UserSessionsPanel({ userId, username }: { userId: number; username: string }) {
  const t = useTranslations('admin.users');
  const own = useTranslations('settings.sessions');
  const f = useFormats();
  const sessions = trpc.admin.userSessions.useQuery({ userId });
  const utils = trpc.useUtils();
  const end = trpc.admin.endSession.useMutation({ onSuccess: () => void utils.admin.userSessions.invalidate({ userId }) });
  const error = sessions.error ?? end.error;
  return (
    <div className="stack subtle" aria-label={t('sessionsNamed', { user: username })} role="region">
      <ProblemAlert problem={error ? problemOf(error) : null} />
      <LoadedList items={sessions.data} lines={2} empty={<p className="muted">{t('noSessions', { user: username })}</p>}>
        {(items) => (
          <ul className="list">
            {items.map((s) => (
              <li key={s.id} className="list-item">
                <p className="small">
                  {own('device', { browser: s.browser ?? own('unknownBrowser'), system: s.operating_system ?? own('unknownSystem') })} · {s.client_type} ·{' '}
                  {s.ip_address ?? own('unknownAddress')} · {t('since', { time: f.dateTime(s.created_at) })}
                </p>
                {!s.current ? (
                  <button type="button" disabled={end.isPending} onClick={() => end.mutate({ userId, sessionId: s.id })}>
                    {t('endSession')}
                  </button>
                ) : (
                  <span className="badge ok">{own('current')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </div>
  );
}
