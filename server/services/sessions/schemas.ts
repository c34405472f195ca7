import { z } from 'zod';

/** CONTRACT: Tokens and sessions: the session record; `current` marks the caller's own. */
export const sessionResponse = z.object({
  id: z.string(),
  user_id: z.number().int(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  device_type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  browser: z.string().nullable(),
  operating_system: z.string().nullable(),
  client_type: z.enum(['web', 'mobile']),
  created_at: z.iso.datetime(),
  last_activity_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  rotation_count: z.number().int(),
  current: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;
