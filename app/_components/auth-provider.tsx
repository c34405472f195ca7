'use client';
import { nowMs } from '@/server/clock';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { logout, refreshSession, restoreSessionOnLoad } from '../_lib/auth-api';
import { getWebSession, subscribeWebSession } from '../_lib/session-store';
import { clearUploadQueue } from '../_lib/upload-queue';

type AuthStatus = 'restoring' | 'signed-in' | 'signed-out';

interface AuthState {
  status: AuthStatus;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

// Refresh a minute before the access token expires (or at 80% of a short lifetime).
function refreshDelay(expiresAt: number): number {
  const left = expiresAt - nowMs();
  return Math.max(5_000, Math.min(left - 60_000, left * 0.8));
}

/**
 * spec: web flow: on page load a silent POST /auth/refresh restores the session from the HttpOnly
 * cookie; while signed in, the next refresh is scheduled before the access token runs out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeWebSession, getWebSession, () => null);
  const [restored, setRestored] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    let alive = true;
    void restoreSessionOnLoad().finally(() => alive && setRestored(true));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!session) return;
    const timer = window.setTimeout(() => void refreshSession().catch(() => undefined), refreshDelay(session.expiresAt));
    return () => window.clearTimeout(timer);
  }, [session]);

  // Issue 49 cases 9 and 11: the browser forgets the session at once, online or not: tokens
  // (logout), cached user data (the query cache) and the offline upload queue; the server-side
  // logout follows when the server can be reached (auth-api: pending logout). The service worker
  // caches no user data (public/sw.js), so it has nothing to forget.
  const signOut = useCallback(async () => {
    const ended = logout().catch(() => undefined);
    await queryClient.cancelQueries();
    queryClient.clear();
    await clearUploadQueue().catch(() => undefined);
    await ended;
  }, [queryClient]);

  const status: AuthStatus = session ? 'signed-in' : restored ? 'signed-out' : 'restoring';
  const value = useMemo(() => ({ status, signOut }), [status, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
