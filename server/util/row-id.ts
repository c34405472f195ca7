import { z } from 'zod';

/** The largest id a PostgreSQL `integer` (serial) column holds: past it a statement fails. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a tRPC input: past an `integer` column's range it is a 400, never a failed statement. */
export const rowId = z.number().int().positive().max(MAX_ROW_ID);
