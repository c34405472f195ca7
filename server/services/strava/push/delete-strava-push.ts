import { deleteStravaPushSubscription } from '@/server/strava/strava-push-subscriptions';

/** CONTRACT: Beyond the spec … Integrations: Strava push. Ends the subscription: Strava stops sending events. */
export async function deleteStravaPush(id: number): Promise<{ id: number }> {
  await deleteStravaPushSubscription(id);
  return { id };
}
