import { createStravaPush } from '../server/services/strava/push/create-strava-push';
import { deleteStravaPush } from '../server/services/strava/push/delete-strava-push';
import { getStravaPushStatus } from '../server/services/strava/push/get-strava-push-status';
import { loadConfig } from './load-config';

// npm run strava-push -- view | create | delete [<id>]
// The application's one Strava push subscription (CONTRACT: Beyond the spec … Integrations), through
// the same services as the admin page (Administration → Strava push).
// `create` makes Strava call GET <PUBLIC_URL>/api/v1/strava/webhook with hub.challenge before it
// answers, so the server must be running and reachable from Strava, with STRAVA_WEBHOOK_VERIFY_TOKEN
// set to the same value here and there.

const USAGE = 'usage: npm run strava-push -- view | create | delete [<id>]';

async function main(): Promise<void> {
  loadConfig();
  const [action, id] = process.argv.slice(2);
  if (action === 'view') {
    const list = (await getStravaPushStatus()).subscriptions;
    console.log(list.length ? list.map((s) => `subscription ${s.id} → ${s.callback_url}`).join('\n') : 'no push subscription');
  } else if (action === 'create') {
    const created = await createStravaPush();
    console.log(`created subscription ${created.id} → ${created.callback_url}; set STRAVA_WEBHOOK_SUBSCRIPTION_ID=${created.id} on the server`);
  } else if (action === 'delete') {
    const target = id ? Number(id) : (await getStravaPushStatus()).subscriptions[0]?.id;
    if (!target || !Number.isInteger(target)) throw new Error('no push subscription to delete');
    await deleteStravaPush(target);
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
