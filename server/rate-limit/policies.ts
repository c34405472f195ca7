// The one policy table of the spec's Limits part, "Rate limits". Every route names one tier; the
// authentication endpoints also name a per-endpoint limit, counted per client address and applied
// on top of the tier. Limits are data here and nowhere else.

export type RateLimitTier = 'DEFAULT' | 'WRITE' | 'SENSITIVE' | 'UPLOAD' | 'PROVIDER_SYNC';

export type EndpointLimit = 'login' | 'mfa_verify' | 'idp_login' | 'idp_callback' | 'token_exchange' | 'idp_link';

/** Every limit in the spec is "N requests per minute". */
export const WINDOW_SECONDS = 60;

export interface RateLimitPolicy {
  perMinute: number;
  appliesTo: string;
}

export const tierPolicies = {
  DEFAULT: { perMinute: 120, appliesTo: 'every endpoint without a more specific tier' },
  WRITE: { perMinute: 30, appliesTo: 'creating or mutating resources' },
  SENSITIVE: { perMinute: 10, appliesTo: 'login, MFA, password reset, signup, OAuth flows' },
  UPLOAD: { perMinute: 20, appliesTo: 'activity file uploads and imports (gear CSV imports too)' },
  PROVIDER_SYNC: { perMinute: 6, appliesTo: 'endpoints that trigger outbound provider calls' },
} as const satisfies Record<RateLimitTier, RateLimitPolicy>;

/**
 * The web app's own tiers: tRPC procedures of a signed-in session. One page of the web app asks
 * several procedures at once (the activity page eight), each counted, so the REST tiers would stop
 * a person clicking quickly: 40 pages a minute at up to ten queries each is 400 reads. DEFAULT is
 * 600 a minute and WRITE 120 (two saves a second), per session; the tiers that guard secrets, files
 * and provider calls stay those of REST. Unauthenticated calls keep the REST tiers, per address.
 */
export const webTierPolicies = {
  DEFAULT: { perMinute: 600, appliesTo: 'web app reads (tRPC) of a signed-in session' },
  WRITE: { perMinute: 120, appliesTo: 'web app writes (tRPC) of a signed-in session' },
  SENSITIVE: tierPolicies.SENSITIVE,
  UPLOAD: tierPolicies.UPLOAD,
  PROVIDER_SYNC: tierPolicies.PROVIDER_SYNC,
} as const satisfies Record<RateLimitTier, RateLimitPolicy>;

export const endpointPolicies = {
  login: { perMinute: 3, appliesTo: 'POST /auth/login' },
  mfa_verify: { perMinute: 3, appliesTo: 'POST /auth/mfa/verify' },
  idp_login: { perMinute: 10, appliesTo: 'GET /public/idp/login/{idp_slug}' },
  idp_callback: { perMinute: 10, appliesTo: 'GET /public/idp/callback/{idp_slug}' },
  // "Session token exchange (both paths)": one shared counter, so alternating between
  // /session/{id}/tokens and /public/idp/session/{id}/tokens gives no extra verifier guesses.
  token_exchange: {
    perMinute: 10,
    appliesTo: 'POST /session/{session_id}/tokens and POST /public/idp/session/{session_id}/tokens',
  },
  idp_link: { perMinute: 10, appliesTo: 'GET /profile/idp/{idp_id}/link' },
} as const satisfies Record<EndpointLimit, RateLimitPolicy>;

/** What a backend counts: a named limit and the window it is counted over. */
export interface LimitRule {
  /** Distinguishes counters in the store, e.g. 'tier:WRITE' or 'endpoint:login'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** 'web': a tRPC call of a signed-in session, counted apart from the session's REST calls. */
export type RateLimitTransport = 'rest' | 'web';

export function tierRule(tier: RateLimitTier, transport: RateLimitTransport = 'rest'): LimitRule {
  if (transport === 'web') return { name: `web:${tier}`, limit: webTierPolicies[tier].perMinute, windowSeconds: WINDOW_SECONDS };
  return { name: `tier:${tier}`, limit: tierPolicies[tier].perMinute, windowSeconds: WINDOW_SECONDS };
}

export function endpointRule(endpoint: EndpointLimit): LimitRule {
  return { name: `endpoint:${endpoint}`, limit: endpointPolicies[endpoint].perMinute, windowSeconds: WINDOW_SECONDS };
}
