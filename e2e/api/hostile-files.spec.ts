import { gzipSync } from 'node:zlib';
import { manySessionsFit } from '../../server/formats/test-support/fit-builder';
import { corpusFile } from '../fixtures/corpus';
import { Rest } from '../fixtures/rest';
import { E2E_BASE_URL } from '../fixtures/server-config';
import { expect, test } from '../fixtures/test';

// Hostile files against the production build served by `npm start` (Turbopack bundle, tsx-loaded
// parse workers): hostile files answer 4xx problems, never 5xx, a real file still lands, and
// GET /health from another client keeps answering 200 meanwhile. How long it takes is measured by
// `npx tsx bench/robustness/run.ts`, not asserted here.

const trkpt = (i: number) => `<trkpt lat="45.${1000 + i}" lon="7.0"><time>${new Date(Date.UTC(2024, 0, 1, 9) + i * 1000).toISOString()}</time></trkpt>`;
const gpx = (creator: string, name?: string) =>
  `<?xml version="1.0"?><gpx version="1.1" creator="${creator}"><trk>${name === undefined ? '' : `<name>${name}</name>`}<trkseg>${trkpt(1)}${trkpt(2)}</trkseg></trk></gpx>`;

/** Runs `work` while another client calls GET /health back to back; each of its calls must be answered 200. */
async function watchingHealth<T>(work: () => Promise<T>): Promise<{ result: T; healthChecks: number }> {
  let done = false;
  let healthChecks = 0;
  const watcher = (async () => {
    while (!done) {
      // its own address (TRUSTED_PROXIES), polled under the DEFAULT tier's 120 a minute: a slow
      // upload must not turn the watcher's own requests into 429s (spec: Limits: Rate limits)
      const res = await fetch(`${E2E_BASE_URL}/api/v1/health`, { headers: { 'x-forwarded-for': '10.77.0.1' } });
      expect(res.status).toBe(200);
      healthChecks++;
      await new Promise((r) => setTimeout(r, 600));
    }
  })();
  try {
    return { result: await work(), healthChecks };
  } finally {
    done = true;
    await watcher;
  }
}

test('hostile files are refused by the production server while /health keeps answering', async ({ user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const cases: [string, Uint8Array | string, string, number][] = [
    ['a real FIT (worker loads in the bundle)', corpusFile('fit/garmin_edge500_ride_3h31.fit').buffer, 'ride.fit', 201],
    ['creator of 60 KB spaces', gpx(' '.repeat(60_000)), 'creator.gpx', 400],
    [
      '60 MB of empty siblings (.gpx.gz)',
      gzipSync(Buffer.concat([Buffer.from('<gpx>'), Buffer.alloc(60 * 1024 * 1024, '<a/>'), Buffer.from('</gpx>')])),
      'siblings.gpx.gz',
      400,
    ],
    ['FIT with 101 sessions', manySessionsFit(101), 'sessions.fit', 400],
    ['name of 2,000,000 characters', gpx('t', 'n'.repeat(2_000_000)), 'long-name.gpx', 201],
  ];
  for (const [label, bytes, name, status] of cases) {
    const { result, healthChecks } = await watchingHealth(() => rest.upload(name, bytes));
    expect(result.status, label).toBe(status);
    expect(healthChecks, `${label}: GET /health was answered meanwhile`).toBeGreaterThan(0);
    if (label.startsWith('name')) expect(result.body[0]!.name).toHaveLength(255);
  }
});
