import { systemNowMs } from '@/server/clock';
import { z } from 'zod';
import { stepUpProofFields } from '../users/schemas';

// spec: API keys: only activities:upload may be granted (rule 8); name ≤ 100 characters.
export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  scopes: z
    .array(z.literal('activities:upload', { error: 'only "activities:upload" may be granted to an API key' }))
    .length(1, 'scopes must be ["activities:upload"]'),
  expires_at: z.iso
    .datetime({ offset: true, error: 'expires_at must be an ISO 8601 timestamp' })
    .nullable()
    .optional()
    .refine((v) => v == null || Date.parse(v) > systemNowMs(), 'expires_at must be in the future'),
  ...stepUpProofFields,
});

export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

/** The spec's API key resource; `key` only in the answer that creates it. */
export const apiKeyResponse = z.object({
  id: z.string(),
  user_id: z.number().int(),
  name: z.string(),
  key_prefix: z.string(),
  scopes: z.string(),
  expires_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  is_active: z.boolean(),
  key: z.string().optional(),
});
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;
