// CONTRACT: Single sign-on: any refusal at the callback redirects to
// /sign-in?sso=error&reason=<code> and never creates a session. These are the codes.
export const SSO_REFUSAL_REASONS = [
  'state_invalid',
  'idp_error',
  'provider_unavailable',
  'token_invalid',
  'signup_disabled',
  'account_disabled',
  'already_linked',
] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    detail: string,
    /** where the refusal is shown: the sign-in page, or the settings page of a link in progress */
    readonly linking = false,
  ) {
    super(detail);
    this.name = 'SsoRefusal';
  }
}
