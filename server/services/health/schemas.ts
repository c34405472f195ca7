import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') });
