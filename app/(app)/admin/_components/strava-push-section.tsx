'use client';
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
  const status = trpc.admin.stravaPush.useQuery(undefined, { retry: false });
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.admin.stravaPush);
  const create = trpc.admin.createStravaPush.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.deleteStravaPush.useMutation({ onSuccess: refresh });
  const error = status.error ?? create.error;
  const s = status.data;

  return (
    <SectionCard title="Strava push" testId="strava-push">
      <p className="muted">
        Strava sends new, changed and deleted activities of linked athletes to {s ? <code>{s.callback_url}</code> : 'this server'} once a push subscription
        exists. Strava allows one subscription per application.
      </p>
      {s && !s.verify_token_set ? <p className="alert">Set STRAVA_WEBHOOK_VERIFY_TOKEN on the server before creating a subscription.</p> : null}
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {status.error ? null : (
        <LoadedList items={s?.subscriptions} lines={2} empty={<p className="empty">No push subscription.</p>}>
          {(items) => (
            <ul className="list">
              {items.map((sub) => (
                <li key={sub.id} className="list-item" data-testid="strava-push-subscription">
                  <div>
                    <strong>Subscription {sub.id}</strong>
                    <p className="muted small">
                      {sub.callback_url}
                      {s?.subscription_id_setting === sub.id ? ' · matches STRAVA_WEBHOOK_SUBSCRIPTION_ID' : ' · set STRAVA_WEBHOOK_SUBSCRIPTION_ID to this id'}
                    </p>
                  </div>
                  <ConfirmButton
                    label="Delete"
                    ariaLabel={`Delete subscription ${sub.id}`}
                    title={`Delete subscription ${sub.id}?`}
                    confirmLabel="Delete subscription"
                    onConfirm={() => remove.mutateAsync({ id: sub.id })}
                  >
                    <p>Strava stops sending events until a new subscription is created.</p>
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
            Create subscription
          </button>
        </div>
      ) : null}
    </SectionCard>
  );
}
