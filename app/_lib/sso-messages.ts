// What /sign-in?sso=error&reason=… (and the settings page after a link) say, one line per code
// of server/services/sso/sso-refusal.ts.
const messages: Record<string, string> = {
  state_invalid: 'That sign-in link has expired or was already used. Please start again.',
  idp_error: 'The identity provider did not complete the sign-in (it was cancelled or refused).',
  provider_unavailable: 'That identity provider is not available for sign-in any more.',
  token_invalid: 'The identity provider’s answer could not be verified, so you were not signed in.',
  signup_disabled: 'There is no account linked to that identity, and this provider may not create new accounts. Ask an administrator.',
  account_disabled: 'This account is disabled. Ask an administrator.',
  already_linked: 'That identity is already linked to an account.',
};

export function ssoErrorMessage(reason: string | null): string {
  return (reason && messages[reason]) || 'Single sign-on did not complete. Please try again.';
}
