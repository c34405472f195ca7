import { env } from '../server/env';
import {
  createStravaPushSubscription,
  deleteStravaPushSubscription,
  listStravaPushSubscriptions,
  stravaPushCallbackUrl,
} from '../server/strava/strava-push-subscriptions';
import { loadConfig } from './load-config';

// npm run strava-push -- view | create | delete [<id>]
// The application's one Strava push subscription (CONTRACT: Beyond the spec … Integrations).
// `create` makes Strava call GET <PUBLIC_URL>/api/v1/strava/webhook with hub.challenge before it
// answers, so the server must be running and reachable from Strava, with STRAVA_WEBHOOK_VERIFY_TOKEN
// set to the same value here and there.

const USAGE = 'usage: npm run strava-push -- view | create | delete [<id>]';

async function main(): Promise<void> {
  loadConfig();
  const [action, id] = process.argv.slice(2);
  if (action === 'view') {
    const list = await listStravaPushSubscriptions();
    console.log(list.length ? list.map((s) => `subscription ${s.id} → ${s.callback_url}`).join('\n') : 'no push subscription');
  } else if (action === 'create') {
    const token = env().STRAVA_WEBHOOK_VERIFY_TOKEN;
    if (!token) throw new Error('set STRAVA_WEBHOOK_VERIFY_TOKEN (here and on the server) first');
    const created = await createStravaPushSubscription(token);
    console.log(`created subscription ${created.id} → ${stravaPushCallbackUrl()}; set STRAVA_WEBHOOK_SUBSCRIPTION_ID=${created.id} on the server`);
  } else if (action === 'delete') {
    const target = id ? Number(id) : (await listStravaPushSubscriptions())[0]?.id;
    if (!target || !Number.isInteger(target)) throw new Error('no push subscription to delete');
    await deleteStravaPushSubscription(target);
    console.log(`deleted subscription ${target}`);
  } else {
    console.error(USAGE);
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
