import type { Db } from '@/db/client';
import { users } from '@/db/schema';

/** A new user with a random username and nothing else: the owner a service test stores things for. */
export async function newUser(db: Db): Promise<typeof users.$inferSelect> {
  const [user] = await db
    .insert(users)
    .values({ username: `u${Math.random().toString(36).slice(2)}` })
    .returning();
  return user!;
}
