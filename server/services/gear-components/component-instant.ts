import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { userTimezone } from '../stats/user-timezone';

/**
 * CONTRACT: Explorer, goals, gear components, segments: installed_at and retired_at are ISO 8601;
 * a date alone means that day's start in the profile's timezone.
 */
export async function componentInstant(db: Db, userId: number, value: string): Promise<Date> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const timezone = await userTimezone(db, userId);
  const [row] = await selectRows<{ ms: number | string }>(
    db,
    sql`select (extract(epoch from (${value}::date::timestamp at time zone ${timezone})) * 1000)::float8 as ms`,
  );
  return new Date(Number(row!.ms));
}
