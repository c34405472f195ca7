import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type UserRow } from '@/db/schema';
import { AppError } from '@/server/errors';

/** The user named `username`, case-insensitively (the CLIs' `--user`); 404 when there is none. */
export async function userNamedOrThrow(db: Db, username: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new AppError('not_found', { detail: `No user named "${username}".` });
  return user;
}
