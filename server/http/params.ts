import { z } from 'zod';

/** The largest id a PostgreSQL `integer` (serial) column holds: past it a statement fails. */
const MAX_ROW_ID = 2_147_483_647;

// Path parameters. A malformed id names no resource, so define-route answers 404 for them.
export const intId = z.coerce.number().int().positive().max(MAX_ROW_ID);
export const uuidId = z.uuid();

/** A row id in a tRPC input: past an `integer` column's range it is a 400, never a failed statement. */
export const rowId = z.number().int().positive().max(MAX_ROW_ID);
