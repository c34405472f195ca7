import { z } from 'zod';
import { JOB_KINDS } from '@/db/schema';

export const listJobsInput = z.object({
  kind: z.enum(JOB_KINDS).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
