'use client';
import { useEffect } from 'react';

/**
 * Registers public/sw.js (the offline shell and static assets; never API answers). Only in
 * production builds: the dev server's chunks are not content-hashed, so caching them would serve
 * stale code. Browsers offer service workers only on HTTPS and localhost; elsewhere nothing happens.
 */
export function ServiceWorker() {
  useEffect(() => {
    // eslint-disable-next-line no-restricted-properties -- inlined by Next at build time; server/env.ts does not run in the browser
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, []);
  return null;
}
