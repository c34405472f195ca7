import { randomBytes } from 'node:crypto';

// Strava's OAuth as developers.strava.com/docs/authentication describes it: an authorization code
// is exchanged once; access tokens live 6 hours; a refresh while the access token has more than
// one hour left returns the same access token (and refresh token); otherwise a new access token
// and a new refresh token, after which the old refresh token no longer works.

export const ACCESS_TOKEN_SECONDS = 6 * 3600;
const REISSUE_WITHIN_SECONDS = 3600;

interface Grant {
  athleteId: number;
  accessToken: string;
  refreshToken: string;
  expiresAt: number; // epoch seconds
  scope: string;
}

export interface TokenAnswer {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
}

/** Strava's fault body: `{ message, errors: [{ resource, field, code }] }`. */
export const fault = (message: string, resource: string, field: string, code: string) => ({ message, errors: [{ resource, field, code }] });

const token = () => randomBytes(20).toString('hex');

export class StravaOAuth {
  private codes = new Map<string, { athleteId: number; scope: string; redirectUri: string }>();
  private grants = new Map<number, Grant>();
  /** counts of token-endpoint calls, for tests */
  readonly calls = { authorizationCode: 0, refresh: 0 };

  constructor(private readonly clock: () => number) {}

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  issueCode(athleteId: number, scope: string, redirectUri: string): string {
    const code = token();
    this.codes.set(code, { athleteId, scope, redirectUri });
    return code;
  }

  private answer(grant: Grant): TokenAnswer {
    return {
      token_type: 'Bearer',
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      expires_at: grant.expiresAt,
      expires_in: grant.expiresAt - this.nowSeconds(),
    };
  }

  private newGrant(athleteId: number, scope: string): Grant {
    const grant = { athleteId, scope, accessToken: token(), refreshToken: token(), expiresAt: this.nowSeconds() + ACCESS_TOKEN_SECONDS };
    this.grants.set(athleteId, grant);
    return grant;
  }

  exchangeCode(code: string): { tokens: TokenAnswer; athleteId: number; scope: string } | null {
    this.calls.authorizationCode++;
    const pending = this.codes.get(code);
    if (!pending) return null;
    this.codes.delete(code);
    const grant = this.newGrant(pending.athleteId, pending.scope);
    return { tokens: this.answer(grant), athleteId: pending.athleteId, scope: pending.scope };
  }

  refresh(refreshToken: string): TokenAnswer | null {
    this.calls.refresh++;
    const grant = [...this.grants.values()].find((g) => g.refreshToken === refreshToken);
    if (!grant) return null;
    if (grant.expiresAt - this.nowSeconds() > REISSUE_WITHIN_SECONDS) return this.answer(grant);
    return this.answer(this.newGrant(grant.athleteId, grant.scope));
  }

  /** The athlete an access token belongs to, or null when it is unknown, revoked or expired. */
  athleteFor(accessToken: string | undefined): { athleteId: number; scope: string } | null {
    if (!accessToken) return null;
    const grant = [...this.grants.values()].find((g) => g.accessToken === accessToken);
    if (!grant || grant.expiresAt <= this.nowSeconds()) return null;
    return { athleteId: grant.athleteId, scope: grant.scope };
  }

  /** The athlete's current tokens (tests compare them with what we stored). */
  grantOf(athleteId: number): { accessToken: string; refreshToken: string; expiresAt: number } | undefined {
    return this.grants.get(athleteId);
  }

  /** The athlete revoked our access on strava.com (or POST /oauth/deauthorize). */
  revoke(athleteId: number): void {
    this.grants.delete(athleteId);
  }
}
