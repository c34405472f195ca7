import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import type { GearRecord } from './gear-record';
import { listGears } from './list-gears';

export const gearNotFound = () => new AppError('not_found', { detail: 'No such gear.' });

export async function getGearOrThrow(db: Db, userId: number, gearId: number): Promise<GearRecord> {
  const [found] = await listGears(db, userId, gearId);
  if (!found) throw gearNotFound();
  return found;
}
