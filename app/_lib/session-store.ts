'use client';

// spec: web flow: the access and CSRF tokens live in memory only; the refresh token is the
// HttpOnly cookie, so a reload restores the session through POST /auth/refresh.
export interface WebSession {
  accessToken: string;
  csrfToken: string;
  sessionId: string;
  /** epoch ms at which the access token expires (from expires_in) */
  expiresAt: number;
}

let current: WebSession | null = null;
const listeners = new Set<() => void>();

export function setWebSession(session: WebSession | null): void {
  current = session;
  for (const listener of listeners) listener();
}

export function getWebSession(): WebSession | null {
  return current;
}

export function subscribeWebSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-Client-Type': 'web' };
  if (current) {
    headers.Authorization = `Bearer ${current.accessToken}`;
    headers['X-CSRF-Token'] = current.csrfToken;
  }
  return headers;
}
