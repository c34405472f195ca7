'use client';
import { useTranslations } from 'next-intl';

// What /sign-in?sso=error&reason=… (and the settings page after a link) say: one catalogue entry
// (sso.<code>) per code of server/services/sso/sso-refusal.ts.
const REASONS = ['state_invalid', 'idp_error', 'provider_unavailable', 'token_invalid', 'signup_disabled', 'account_disabled', 'already_linked'] as const;
type Reason = (typeof REASONS)[number];

const isReason = (reason: string | null): reason is Reason => (REASONS as readonly (string | null)[]).includes(reason);

export function useSsoErrorMessage(): (reason: string | null) => string {
  const t = useTranslations('sso');
  return (reason) => t(isReason(reason) ? reason : 'other');
}
