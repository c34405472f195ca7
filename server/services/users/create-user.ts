import type { Db } from '@/db/client';
import { users, type UserRow } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import type { CreateUserInput } from './schemas';
import { conflictOnDuplicate } from './unique-violation';

export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({ username: input.username, email: input.email ?? null, name: input.name, accessType: input.access_type, passwordHash })
    .returning()
    .catch(conflictOnDuplicate);
  return user!;
}
