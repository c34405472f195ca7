import { z } from 'zod';

// CONTRACT: Single sign-on (settled 2026-11-23): issuers and endpoints are https, except on
// loopback hosts, which may be http (a provider on the same machine, and the tests' IdP).
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isAllowedProviderUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  } catch {
    return false;
  }
}

const providerUrl = z.string().trim().max(2048).refine(isAllowedProviderUrl, 'must be an https URL (http only on loopback hosts)');

const optionalUrl = providerUrl
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));

export const identityProviderInput = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'slug may hold lowercase letters, digits and dashes'),
    enabled: z.boolean().default(true),
    issuer_url: optionalUrl,
    authorization_endpoint: optionalUrl,
    token_endpoint: optionalUrl,
    userinfo_endpoint: optionalUrl,
    client_id: z.string().trim().min(1).max(512),
    // write-only: an omitted secret on update keeps the stored one
    client_secret: z.string().min(1).max(2048).optional(),
    scopes: z.string().trim().min(1).max(512).default('openid profile email'),
    auto_create_users: z.boolean().default(true),
  })
  .refine((v) => v.issuer_url || (v.authorization_endpoint && v.token_endpoint && v.userinfo_endpoint), {
    message: 'give issuer_url (OIDC discovery) or all of authorization_endpoint, token_endpoint and userinfo_endpoint',
    path: ['issuer_url'],
  });
export type IdentityProviderInput = z.infer<typeof identityProviderInput>;

/** CONTRACT: Single sign-on: the admin view; the client secret is write-only. */
export const identityProviderResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  enabled: z.boolean(),
  issuer_url: z.string().nullable(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string().nullable(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  scopes: z.string(),
  auto_create_users: z.boolean(),
  created_at: z.iso.datetime(),
});
export type IdentityProviderResponse = z.infer<typeof identityProviderResponse>;

/** GET /public/idp: what the sign-in page needs, nothing more. */
export const publicIdentityProviderResponse = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type PublicIdentityProviderResponse = z.infer<typeof publicIdentityProviderResponse>;
