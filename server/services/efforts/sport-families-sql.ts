import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_TYPES, type ActivityType } from '@/server/formats/activity-types';
import { familyTypes, SPORT_FAMILIES } from './sport-families';

// The sport families of sport-families.ts in SQL (kept apart so the web app can import the families
// without drizzle).

/** The family of an activity_type column, in SQL (for ranks counted within a family). */
export function familyOfSql(typeColumn: SQL): SQL {
  const cases = SPORT_FAMILIES.filter((f) => f !== 'other').map((f) => sql`when ${typeColumn} in (${typeListSql(familyTypes(f))}) then '${sql.raw(f)}'`);
  return sql`(case ${sql.join(cases, sql` `)} else 'other' end)`;
}

/** A list of wire types as SQL literals: constants of ACTIVITY_TYPES only, never user text. */
export function typeListSql(types: readonly ActivityType[]): SQL {
  return sql.raw(
    types
      .filter((t) => (ACTIVITY_TYPES as readonly string[]).includes(t))
      .map((t) => `'${t}'`)
      .join(', ') || 'null',
  );
}
