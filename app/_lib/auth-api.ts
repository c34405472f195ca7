'use client';
import { nowMs } from '@/server/clock';
import { ProblemError, problemFrom } from './problem';
import { authHeaders, getWebSession, setWebSession, type WebSession } from './session-store';
import type { WebTokenResponse } from '@/server/services/auth/schemas';
import type { PublicIdentityProviderResponse } from '@/server/services/identity-providers/schemas';

// The spec's web flow over REST (Authentication → Modes 1): login and MFA answer tokens in the
// body plus the refresh cookie; refresh and logout ride on the cookie.

type TokenResponse = WebTokenResponse;

export type LoginOutcome = { kind: 'signed-in'; session: WebSession } | { kind: 'mfa'; username: string };

const base = '/api/v1';

function adopt(body: TokenResponse): WebSession {
  const session = { accessToken: body.access_token, csrfToken: body.csrf_token, sessionId: body.session_id, expiresAt: nowMs() + body.expires_in * 1000 };
  setWebSession(session);
  return session;
}

async function postForOutcome(response: Response): Promise<LoginOutcome> {
  if (!response.ok) throw new ProblemError(await problemFrom(response));
  const body = (await response.json()) as TokenResponse | { mfa_required: true; username: string };
  if ('mfa_required' in body && body.mfa_required) return { kind: 'mfa', username: body.username };
  return { kind: 'signed-in', session: adopt(body as TokenResponse) };
}

export async function login(username: string, password: string): Promise<LoginOutcome> {
  await finishPendingLogout();
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'X-Client-Type': 'web', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
    credentials: 'same-origin',
  });
  return postForOutcome(response);
}

/** spec: Authentication rule 5: the code may be a TOTP code or a backup code. */
export async function verifyMfa(username: string, code: string): Promise<LoginOutcome> {
  await finishPendingLogout();
  const response = await fetch(`${base}/auth/mfa/verify`, {
    method: 'POST',
    headers: { 'X-Client-Type': 'web', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, mfa_code: code.trim() }),
    credentials: 'same-origin',
  });
  return postForOutcome(response);
}

let inFlight: Promise<WebSession | null> | null = null;

/**
 * POST /auth/refresh with the cookie (the CSRF header is optional on bootstrap). Concurrent
 * callers share one request, so a reload and an expiring token never rotate twice at once.
 * Resolves null when there is no live session (401/403); network trouble rejects.
 */
export function refreshSession(): Promise<WebSession | null> {
  inFlight ??= (async () => {
    try {
      const response = await fetch(`${base}/auth/refresh`, { method: 'POST', headers: authHeaders(), credentials: 'same-origin' });
      if (response.status === 401 || response.status === 403 || response.status === 400) {
        setWebSession(null);
        return null;
      }
      if (!response.ok) throw new ProblemError(await problemFrom(response));
      return adopt((await response.json()) as TokenResponse);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

let bootstrap: Promise<WebSession | null> | null = null;

/**
 * The page-load refresh (spec: "after a web page reload the client calls /auth/refresh"), started
 * once, as soon as this code runs in the browser rather than after React has hydrated.
 */
export function restoreSessionOnLoad(): Promise<WebSession | null> {
  // a sign-out that has not reached the server yet: finish it, and never refresh the old cookie
  // (one signed in since, through single sign-on, has a new cookie: the old token does not end it)
  bootstrap ??= finishPendingLogout()
    .then((finished) => (finished ? refreshSession() : null))
    .catch(() => null);
  return bootstrap;
}

// Issue 49 cases 9 and 11: "Sign out" while offline forgot nothing, and the refresh cookie still
// worked later. The browser forgets the session at once (logout() clears the tokens; the caller
// clears cached data and the upload queue); the server-side logout (cookie plus the session's CSRF
// token) is kept as pending in localStorage until the server answers it: on the next load, when
// the browser is back online, and before any sign-in, which would replace the cookie it needs.
const PENDING_LOGOUT = 'stride-pending-logout';

function pendingLogout(): string | null {
  try {
    return localStorage.getItem(PENDING_LOGOUT);
  } catch {
    return null;
  }
}

function setPendingLogout(csrfToken: string | null): void {
  try {
    if (csrfToken === null) localStorage.removeItem(PENDING_LOGOUT);
    else localStorage.setItem(PENDING_LOGOUT, csrfToken);
  } catch {
    // storage refused (private mode): the logout is tried once, now
  }
}

let finishing: Promise<boolean> | null = null;

async function sendPendingLogout(csrfToken: string): Promise<boolean> {
  try {
    const headers: Record<string, string> = { 'X-Client-Type': 'web' };
    if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
    const response = await fetch(`${base}/auth/logout`, { method: 'POST', headers, credentials: 'same-origin' });
    const settled = response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429);
    if (settled) setPendingLogout(null);
    return settled;
  } catch {
    return false;
  }
}

/**
 * POST /auth/logout for a pending sign-out. True when none is pending any more: the server ended
 * the session, or answered that it has none for this cookie and token (a 4xx other than 429).
 * Network trouble, 429 or 5xx keep it pending. Concurrent callers share one request.
 */
export function finishPendingLogout(): Promise<boolean> {
  const csrfToken = pendingLogout();
  if (csrfToken === null) return Promise.resolve(true);
  finishing ??= sendPendingLogout(csrfToken).finally(() => {
    finishing = null;
  });
  return finishing;
}

if (typeof window !== 'undefined') {
  void restoreSessionOnLoad();
  window.addEventListener('online', () => void finishPendingLogout());
}

/** Forgets the session in this browser at once, then ends it on the server now or when back online. */
export async function logout(): Promise<void> {
  setPendingLogout(getWebSession()?.csrfToken ?? '');
  setWebSession(null);
  await finishPendingLogout();
}

export type PublicIdp = PublicIdentityProviderResponse;

/** GET /public/idp; the endpoint may not exist yet, so a 404 is simply "no providers". */
export async function listPublicIdps(): Promise<PublicIdp[]> {
  const response = await fetch(`${base}/public/idp`, { headers: { 'X-Client-Type': 'web' } });
  if (response.status === 404) return [];
  if (!response.ok) throw new ProblemError(await problemFrom(response));
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as PublicIdp[]) : [];
}
