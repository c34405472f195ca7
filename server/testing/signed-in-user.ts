import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { createSession } from '@/server/services/sessions/create-session';

/** A new regular user with a mobile session: what route tests send as `Authorization: Bearer`. */
export async function signedInUser(
  db: Db,
  username = `user-${Math.random().toString(36).slice(2)}`,
): Promise<{ userId: number; token: string; sessionId: string }> {
  const [user] = await db.insert(users).values({ username }).returning();
  const { accessToken, sessionId } = await createSession(
    db,
    { id: user!.id, accessType: 'regular' },
    { clientType: 'mobile', ipAddress: '10.0.0.1', userAgent: null },
  );
  return { userId: user!.id, token: accessToken, sessionId };
}
