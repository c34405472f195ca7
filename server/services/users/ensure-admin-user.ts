import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { log } from '@/server/log/logger';

// CONTRACT: Users and first start: an empty database gets an admin from ADMIN_USERNAME /
// ADMIN_PASSWORD, or `admin` with a generated password printed once to the log.
export async function ensureAdminUser(db: Db, input: { username: string; password?: string }): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return;
  const password = input.password ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({ username: input.username, name: 'Administrator', accessType: 'admin', passwordHash: await hashPassword(password) })
    // two instances starting on one empty PostgreSQL: the second insert is a no-op
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return;
  if (input.password) log().info({ username: input.username }, 'created the admin user from ADMIN_USERNAME/ADMIN_PASSWORD');
  else
    log().warn(
      { username: input.username },
      `created the admin user "${input.username}" with the generated password: ${password} (shown once; change it in Settings)`,
    );
}
