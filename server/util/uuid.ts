const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that reach a uuid column must be UUIDs, or PostgreSQL raises instead of finding nothing. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
