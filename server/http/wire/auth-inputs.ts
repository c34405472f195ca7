import { z } from 'zod';
import { CODE_CHALLENGE_FORMAT } from '@/server/auth/pkce';
import { AppError } from '@/server/errors';
import type { ClientType } from '@/server/auth/auth-context';

export const pkceParams = z.object({
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(32).optional(),
});
type PkceParams = z.infer<typeof pkceParams>;

export const loginForm = pkceParams.extend({
  username: z.string().trim().min(1, 'username is required').max(254),
  password: z.string().min(1, 'password is required').max(1024),
});

export const mfaVerifyBody = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  mfa_code: z.string().trim().min(1, 'mfa_code is required').max(64),
  // CONTRACT: hardening: the opaque token of the MFA-required answer
  mfa_token: z.string().max(256).optional(),
});

export const codeVerifierBody = z.object({ code_verifier: z.string().max(1024) });

/**
 * spec: login: PKCE parameters (query or form) are for mobile clients; both are required together
 * and the method must be S256. Returns the challenge, or undefined for a plain login.
 */
export function pkceChallengeFor(clientType: ClientType, ...sources: PkceParams[]): string | undefined {
  if (clientType !== 'mobile') return undefined;
  const challenge = sources.map((s) => s.code_challenge).find((v) => v !== undefined && v !== '');
  const method = sources.map((s) => s.code_challenge_method).find((v) => v !== undefined && v !== '');
  if (challenge === undefined && method === undefined) return undefined;
  if (challenge === undefined || method === undefined) {
    throw new AppError('invalid_input', { detail: 'PKCE needs both code_challenge and code_challenge_method.' });
  }
  if (method !== 'S256') throw new AppError('invalid_input', { detail: 'code_challenge_method must be S256.' });
  if (!CODE_CHALLENGE_FORMAT.test(challenge)) {
    throw new AppError('invalid_input', { detail: 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).' });
  }
  return challenge;
}
