import { database } from '../server/runtime';
import { unlockAccount } from '../server/services/auth/unlock-account';
import { userNamedOrThrow } from '../server/services/users/find-user-by-name';
import { loadConfig } from './load-config';

// npm run unlock -- --user <name>
// Lifts a user's sign-in lockout (password and MFA steps), as the admin page and
// POST /users/{user_id}/unlock do, for an administrator who is locked out of the web app too.
// It opens the database itself: on the embedded engine, stop `npm start` first (only one process
// may hold DATA_DIR's database) or use the admin page; on PostgreSQL it runs beside the servers.

const USAGE = 'usage: npm run unlock -- --user <name>';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--user');
  const username = at >= 0 ? args[at + 1] : undefined;
  if (!username) {
    console.error(USAGE);
    process.exit(2);
  }
  loadConfig();
  const { db, close } = await database();
  try {
    const user = await userNamedOrThrow(db, username);
    const { unlocked } = await unlockAccount(db, user.id);
    console.log(unlocked ? `${user.username}: the sign-in lock was lifted.` : `${user.username} had no sign-in lock.`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error((error as { detail?: string }).detail ?? (error as Error).message);
  process.exit(1);
});
