import { z } from 'zod';

/** The wire shape of an attached photo; `url` serves its bytes. */
export const mediaResponse = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
  created_at: z.iso.datetime(),
});
export type MediaResponse = z.infer<typeof mediaResponse>;
