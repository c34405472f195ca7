import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type UserRow } from '@/db/schema';

/** Sign-in accepts the username or the e-mail address, case-insensitively. */
export async function findUserForLogin(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const value = usernameOrEmail.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
    .limit(1);
  return user;
}
