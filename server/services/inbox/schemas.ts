import { z } from 'zod';

// CONTRACT: Beyond the spec … Integrations: the watched folder, for the settings page.
export const inboxFileResponse = z.object({
  name: z.string(),
  size: z.number().int(),
  status: z.enum(['claimed', 'done', 'failed']),
  detail: z.string().nullable(),
  activity_ids: z.array(z.number().int()),
  seen_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});

export const inboxResponse = z.object({
  path: z.string(),
  server_url: z.string().describe('The address apps reach this server at (PUBLIC_URL), for their settings (issue 51)'),
  poll_seconds: z.number(),
  files: z.array(inboxFileResponse),
});
export type InboxResponse = z.infer<typeof inboxResponse>;
