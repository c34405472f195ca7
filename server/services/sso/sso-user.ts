import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userIdentities, users, type UserRow } from '@/db/schema';
import type { IdentityProviderRow } from '../identity-providers/identity-provider-record';
import type { ProviderClaims } from './provider-claims';
import { SsoRefusal } from './sso-refusal';

async function linkedUser(db: Db, idpId: number, sub: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.idpId, idpId), eq(userIdentities.subject, sub)));
  return row?.user;
}

async function isTaken(db: Db, column: 'username' | 'email', value: string): Promise<boolean> {
  const target = column === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${target})`, value.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

async function freeUsername(db: Db, claims: ProviderClaims): Promise<string> {
  const seed = (claims.preferredUsername ?? claims.email?.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 90) || 'user';
  const base = seed.length >= 2 ? seed : `${seed}-user`;
  for (let n = 0; n < 20; n++) {
    const candidate = n === 0 ? base : `${base}-${n + 1}`;
    if (!(await isTaken(db, 'username', candidate))) return candidate;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

/**
 * CONTRACT: users are found by (provider, sub) only. An e-mail equal to a local user's never
 * links: the new account simply goes without that e-mail. Creation only when the provider allows.
 */
export async function findOrCreateSsoUser(db: Db, idp: IdentityProviderRow, claims: ProviderClaims): Promise<UserRow> {
  const existing = await linkedUser(db, idp.id, claims.sub);
  if (existing) return existing;
  if (!idp.autoCreateUsers) throw new SsoRefusal('signup_disabled', `${idp.name} may not create new accounts here`);
  const email = claims.email && !(await isTaken(db, 'email', claims.email)) ? claims.email : null;
  return db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: await freeUsername(tx, claims), email, name: claims.name ?? '', passwordHash: null })
        .returning();
      await tx.insert(userIdentities).values({ id: randomUUID(), userId: user!.id, idpId: idp.id, subject: claims.sub });
      return user!;
    })
    .catch(async (error: unknown) => {
      // two callbacks for one new subject at once: the loser finds the winner's user
      const winner = await linkedUser(db, idp.id, claims.sub);
      if (winner) return winner;
      throw error;
    });
}

/** Links (provider, sub) to a signed-in user; a sub already linked elsewhere is refused. */
export async function linkSsoIdentity(db: Db, idp: IdentityProviderRow, userId: number, claims: ProviderClaims): Promise<void> {
  const existing = await linkedUser(db, idp.id, claims.sub);
  if (existing?.id === userId) return;
  if (existing) throw new SsoRefusal('already_linked', 'that provider account already belongs to another user', true);
  const inserted = await db
    .insert(userIdentities)
    .values({ id: randomUUID(), userId, idpId: idp.id, subject: claims.sub })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (!inserted.length) throw new SsoRefusal('already_linked', 'this account is already linked to another account of that provider', true);
}
