import { env } from '@/server/env';
import { listStravaPushSubscriptions, stravaPushCallbackUrl, type StravaPushSubscription } from '@/server/strava/strava-push-subscriptions';

// CONTRACT: Beyond the spec … Integrations: Strava push. What an administrator needs to manage the
// application's one push subscription: Strava's list, where Strava should call, and whether the
// server's two settings are in place (the verify token's value is never shown).

export interface StravaPushStatus {
  callback_url: string;
  verify_token_set: boolean;
  /** STRAVA_WEBHOOK_SUBSCRIPTION_ID: events of another subscription are ignored when it is set */
  subscription_id_setting: number | null;
  subscriptions: StravaPushSubscription[];
}

export async function getStravaPushStatus(): Promise<StravaPushStatus> {
  const e = env();
  return {
    callback_url: stravaPushCallbackUrl(),
    verify_token_set: Boolean(e.STRAVA_WEBHOOK_VERIFY_TOKEN),
    subscription_id_setting: e.STRAVA_WEBHOOK_SUBSCRIPTION_ID ?? null,
    subscriptions: await listStravaPushSubscriptions(),
  };
}
