import { z } from 'zod';

/** GET /profile/idp: the caller's linked identity providers. */
export const identityLinkResponse = z.object({ id: z.string(), idp_id: z.number().int(), name: z.string(), slug: z.string(), linked_at: z.iso.datetime() });
export type IdentityLinkResponse = z.infer<typeof identityLinkResponse>;

/** CONTRACT: GET /profile/idp/{id}/link answers where the web app navigates next. */
export const authorizationUrlResponse = z.object({ authorization_url: z.string() });
