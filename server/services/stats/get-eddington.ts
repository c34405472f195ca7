import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { selectRows } from '@/db/select-rows';
import { typesNamed } from '../efforts/sport-families';
import { typeListSql } from '../efforts/sport-families-sql';
import { eddington, eddingtonHistory } from './eddington';
import type { EddingtonInput, EddingtonResponse } from './schemas';

// CONTRACT: Explorer, goals, gear components, segments: GET /stats/eddington over the days of the
// profile's timezone: activity_days holds the visible activities' distance per local day and type.

const METRES = { km: 1000, mi: 1609.344 } as const;

export async function getEddington(db: Db, userId: number, input: EddingtonInput): Promise<EddingtonResponse> {
  let unit = input.unit;
  if (!unit) {
    const [user] = await db.select({ units: users.preferredUnits }).from(users).where(eq(users.id, userId));
    unit = user?.units === 'imperial' ? 'mi' : 'km';
  }
  const ofType = input.type ? sql`and activity_type in (${typeListSql(typesNamed(input.type))})` : sql``;
  const rows = await selectRows<{ day: string; distance: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(distance)::float8 as distance from activity_days
      where user_id = ${userId} ${ofType} group by day having sum(distance) > 0`,
  );
  const days = rows.map((r) => [r.day, r.distance / METRES[unit]] as const);
  const { e, daysForNext } = eddington(days.map(([, d]) => d));
  return { e, days_for_next: daysForNext, history: eddingtonHistory(days) };
}
