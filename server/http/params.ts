import { z } from 'zod';
import { MAX_ROW_ID } from '@/server/util/row-id';

export { rowId } from '@/server/util/row-id';

// Path parameters. A malformed id names no resource, so define-route answers 404 for them.
export const intId = z.coerce.number().int().positive().max(MAX_ROW_ID);
export const uuidId = z.uuid();
