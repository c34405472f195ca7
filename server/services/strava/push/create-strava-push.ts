import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { createStravaPushSubscription, stravaPushCallbackUrl } from '@/server/strava/strava-push-subscriptions';

/**
 * CONTRACT: Beyond the spec … Integrations: Strava push. Creates the application's subscription.
 * Strava validates the callback (GET /strava/webhook with hub.challenge) before it answers, so
 * this server must be reachable from Strava with STRAVA_WEBHOOK_VERIFY_TOKEN set.
 */
export async function createStravaPush(callbackUrl = stravaPushCallbackUrl()): Promise<{ id: number; callback_url: string }> {
  const token = env().STRAVA_WEBHOOK_VERIFY_TOKEN;
  if (!token)
    throw new AppError('service_unavailable', { detail: 'Set STRAVA_WEBHOOK_VERIFY_TOKEN on the server before creating a Strava push subscription.' });
  const { id } = await createStravaPushSubscription(token, callbackUrl);
  return { id, callback_url: callbackUrl };
}
