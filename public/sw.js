// Stride's service worker: the app opens offline on a generic shell, and never keeps personal data.
//
// - On install it caches the offline page (/offline: no personal data), the manifest, the icons
//   and the /_next/static files the offline page needs, so that page renders fully offline.
// - A page request goes to the network; only when the network fails does the offline page answer
//   it. Pages themselves are never cached (signed-in pages are filled by API calls anyway).
// - /_next/static/* files are content-hashed: served from the cache once fetched (cache first).
// - API answers (/api/*, tRPC), other origins (map tiles) and anything but GET pass straight
//   through to the network and are never stored.
// The names below follow app/_lib/app-icons.ts (a service worker cannot import the app's modules).

const VERSION = 'v1';
const SHELL_CACHE = `stride-shell-${VERSION}`;
const STATIC_CACHE = `stride-static-${VERSION}`;
const OFFLINE_URL = '/offline';
const ASSET_URLS = ['/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png'];
const SHELL_URLS = [OFFLINE_URL, ...ASSET_URLS];
// hashed files of past builds pile up: keep the newest few hundred
const MAX_STATIC_ENTRIES = 400;

/** Paths whose answers may carry personal data: never cached, never answered from a cache. */
function isPrivate(pathname) {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/trpc');
}

async function cacheShell() {
  const shell = await caches.open(SHELL_CACHE);
  await shell.addAll(SHELL_URLS);
  // the offline page's own scripts, styles and fonts, named in its HTML
  const page = await shell.match(OFFLINE_URL);
  const html = page ? await page.text() : '';
  const assets = [...new Set(html.match(/\/_next\/static\/[^"'\s)\\]+/g) ?? [])];
  const statics = await caches.open(STATIC_CACHE);
  await Promise.all(assets.map((asset) => statics.add(asset).catch(() => undefined)));
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(STATIC_CACHE);
    await cache.put(request, response.clone());
    void trim(STATIC_CACHE, MAX_STATIC_ENTRIES);
  }
  return response;
}

async function networkThenCache(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(SHELL_CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

async function pageOrOfflineShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(OFFLINE_URL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const current = new Set([SHELL_CACHE, STATIC_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('stride-') && !current.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivate(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(pageOrOfflineShell(request));
  else if (url.pathname.startsWith('/_next/static/')) event.respondWith(cacheFirst(request));
  else if (ASSET_URLS.includes(url.pathname)) event.respondWith(networkThenCache(request));
});
