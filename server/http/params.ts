import { z } from 'zod';

// Path parameters. A malformed id names no resource, so define-route answers 404 for them.
export const intId = z.coerce.number().int().positive().max(2_147_483_647);
export const uuidId = z.uuid();
