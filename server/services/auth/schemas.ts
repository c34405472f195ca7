import { z } from 'zod';

// The answers of login, MFA verify, refresh and the PKCE exchanges (spec: Token response).

const tokenFields = {
  session_id: z.string(),
  access_token: z.string(),
  token_type: z.enum(['bearer', 'Bearer']),
  expires_in: z.number().int(),
  refresh_token_expires_in: z.number().int(),
};

/** web: the refresh token travels only as the cookie; csrf_token guards state changes. */
export const webTokenResponse = z.object({ ...tokenFields, csrf_token: z.string() });
export type WebTokenResponse = z.infer<typeof webTokenResponse>;

/** mobile: the refresh token in the body; csrf_token only from the SSO PKCE exchange. */
export const mobileTokenResponse = z.object({ ...tokenFields, refresh_token: z.string(), csrf_token: z.string().optional() });

export const tokenResponseBody = z.union([webTokenResponse, mobileTokenResponse]);

/** CONTRACT: hardening: mobile keeps mfa_token from the body; web gets it only as a cookie. */
export const mfaRequiredResponse = z.object({ mfa_required: z.literal(true), username: z.string(), message: z.string(), mfa_token: z.string().optional() });

/** A mobile PKCE login: the tokens wait at POST /session/{session_id}/tokens. */
export const pkcePendingResponse = z.object({ session_id: z.string(), mfa_required: z.literal(false), message: z.string() });

/** POST /users/{user_id}/unlock and admin.unlockUser. */
export const unlockAccountResponse = z.object({ unlocked: z.boolean() });
