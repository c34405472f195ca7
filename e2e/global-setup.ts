import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeHistory } from '../server/testing/strava-double/strava-data';
import { StravaDouble } from '../server/testing/strava-double/strava-double';
import { startTestIdp } from '../server/testing/oidc-idp';
import { startTileServer } from '../server/testing/tile-server';
import { buildInto, keepingTsconfig } from '../scripts/next-build';
import {
  ADMIN,
  E2E_BASE_URL,
  E2E_DIST_DIR,
  E2E_IDP_SLUG,
  E2E_PORT,
  E2E_STRAVA_ATHLETE,
  E2E_TILE_ATTRIBUTION,
  OUTPUT_DIR,
  SERVER_STATE_FILE,
} from './fixtures/server-config';

// Builds into our own folder (scripts/next-build.ts), then starts `npm start` on its own port
// with a fresh data directory.

async function build(root: string): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const started = Date.now();
  await buildInto(root, E2E_DIST_DIR);
  console.log(`[e2e] built ${E2E_DIST_DIR} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${E2E_BASE_URL}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the e2e server did not answer on ${E2E_BASE_URL} in time (see ${path.join(OUTPUT_DIR, 'server.log')})`);
}

export default async function globalSetup(): Promise<void> {
  // npm start may still rebuild (E2E_SKIP_BUILD=1 with newer sources): that build rewrites tsconfig too
  const root = process.cwd();
  mkdirSync(OUTPUT_DIR, { recursive: true });
  await build(root);
  await startIdp();
  await keepingTsconfig(root, () => startServer(root));
}

/** Strava for the browser suite: the double on loopback, one athlete with five activities of 2024-01. */
async function startStravaDouble(): Promise<StravaDouble> {
  const double = new StravaDouble();
  await double.start();
  double.unref();
  double.addAthlete(E2E_STRAVA_ATHLETE, makeHistory(E2E_STRAVA_ATHLETE, 5, new Date('2024-01-02T07:00:00Z'), { everyHours: 24 }));
  return double;
}

/**
 * A real OpenID provider (oidc-provider) on loopback for the SSO flows: the browser signs in on
 * its own login page. It lives in this runner process; workers learn its issuer from the env.
 */
async function startIdp(): Promise<void> {
  const idp = await startTestIdp({ redirectUris: [`${E2E_BASE_URL}/api/v1/public/idp/callback/${E2E_IDP_SLUG}`] });
  process.env.E2E_IDP_ISSUER = idp.issuer;
  process.env.E2E_IDP_CLIENT_ID = idp.clientId;
  process.env.E2E_IDP_CLIENT_SECRET = idp.clientSecret;
  (globalThis as { __strideE2eIdp?: { close(): Promise<void> } }).__strideE2eIdp = idp;
}

async function startServer(root: string): Promise<void> {
  const strava = await startStravaDouble();
  // every map draws tiles from a tile server on loopback (no network here); specs find its origin in the env
  const tiles = await startTileServer();
  process.env.E2E_TILE_ORIGIN = tiles.origin;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-e2e-'));
  const log = openSync(path.join(OUTPUT_DIR, 'server.log'), 'w');
  const server = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, so teardown stops npm, tsx and node together
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      // SSO redirect URIs and the callback's redirects use the address the browser uses
      PUBLIC_URL: E2E_BASE_URL,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('base64url'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // each test context sends its own X-Forwarded-For, so per-address login limits stay per test
      TRUSTED_PROXIES: '127.0.0.1,::1',
      STRIDE_DIST_DIR: E2E_DIST_DIR,
      STRAVA_CLIENT_ID: strava.clientId,
      STRAVA_CLIENT_SECRET: strava.clientSecret,
      STRAVA_API_BASE_URL: `${strava.url}/api/v3`,
      STRAVA_OAUTH_BASE_URL: strava.url,
      // the admin page's push subscription: the double validates the callback with this token
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'e2e-push-verify-token',
      // the webhook receivers of the suite listen on loopback
      WEBHOOK_ALLOW_PRIVATE: 'true',
      MAP_TILE_URL: tiles.template,
      MAP_TILE_ATTRIBUTION: E2E_TILE_ATTRIBUTION,
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  writeFileSync(SERVER_STATE_FILE, JSON.stringify({ pid: server.pid, dataDir }));
  server.unref();
  await waitForHealth(Date.now() + 300_000);
}
