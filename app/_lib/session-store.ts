'use client';

// Spec web flow: the access and CSRF tokens live in memory only; the refresh token is the
// HttpOnly cookie, so a reload restores the session through POST /auth/refresh.
interface WebSession {
  accessToken: string;
  csrfToken: string;
  sessionId: string;
}

let current: WebSession | null = null;

export function setWebSession(session: WebSession | null): void {
  current = session;
}

export function getWebSession(): WebSession | null {
  return current;
}

export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-Client-Type': 'web' };
  if (current) {
    headers.Authorization = `Bearer ${current.accessToken}`;
    headers['X-CSRF-Token'] = current.csrfToken;
  }
  return headers;
}
