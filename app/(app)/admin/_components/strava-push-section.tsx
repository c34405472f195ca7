'use client';
import { useTranslations } from 'next-intl';
import { ConfirmButton } from '../../../_components/confirm-button';
import { LoadedList } from '../../../_components/loaded-list';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';

/**
 * CONTRACT: Beyond the spec … Integrations: Strava push. The application's one push subscription
 * at Strava, as `npm run strava-push` shows it: create it (Strava first calls this server's
 * callback with a challenge) or delete it.
 */
export function StravaPushSection() {
  const t = useTranslations('admin.stravaPush');
  const status = trpc.admin.stravaPush.useQuery(undefined, { retry: false });
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.admin.stravaPush);
  const create = trpc.admin.createStravaPush.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.deleteStravaPush.useMutation({ onSuccess: refresh });
  const error = status.error ?? create.error;
  const s = status.data;

  return (
    <SectionCard title={t('title')} testId="strava-push">
      <p className="muted">{t.rich('intro', { callback: () => (s ? <code>{s.callback_url}</code> : t('thisServer')) })}</p>
      {s && !s.verify_token_set ? <p className="alert">{t('noVerifyToken')}</p> : null}
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {status.error ? null : (
        <LoadedList items={s?.subscriptions} lines={2} empty={<p className="empty">{t('empty')}</p>}>
          {(items) => (
            <ul className="list">
              {items.map((sub) => (
                <li key={sub.id} className="list-item" data-testid="strava-push-subscription">
                  <div>
                    <strong>{t('subscription', { id: sub.id })}</strong>
                    <p className="muted small">
                      {sub.callback_url}
                      {' · '}
                      {s?.subscription_id_setting === sub.id ? t('matchesSetting') : t('setSetting')}
                    </p>
                  </div>
                  <ConfirmButton
                    label={t('delete')}
                    ariaLabel={t('deleteNamed', { id: sub.id })}
                    title={t('deleteQuestion', { id: sub.id })}
                    confirmLabel={t('deleteSubscription')}
                    onConfirm={() => remove.mutateAsync({ id: sub.id })}
                  >
                    <p>{t('deleteConsequence')}</p>
                  </ConfirmButton>
                </li>
              ))}
            </ul>
          )}
        </LoadedList>
      )}
      {s && s.subscriptions.length === 0 ? (
        <div className="row">
          <button type="button" disabled={create.isPending || !s.verify_token_set} onClick={() => create.mutate()}>
            {t('create')}
          </button>
        </div>
      ) : null}
    </SectionCard>
  );
}
