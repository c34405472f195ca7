import { makeActivity } from '../../server/testing/strava-double/strava-data';
import { StravaDouble } from '../../server/testing/strava-double/strava-double';

// The Strava double for strava-sync-stall.ts, in a process of its own so that serving (and
// JSON-encoding) long streams never counts against the event loop the bench measures.
//   npx tsx bench/ingest/strava-double-process.ts <activities> <points each>
// Prints one JSON line { url, athleteId, starts } once it listens.

const count = Number(process.argv[2] ?? 5);
const points = Number(process.argv[3] ?? 30_000);
const athleteId = 4100;
const big = { fifteenMinutes: 100_000, daily: 1_000_000 };
const double = new StravaDouble({ budgets: { overall: big, read: big } });
// one activity per day from 2025-03-01, so a one-day range syncs exactly one of them
const activities = Array.from({ length: count }, (_, i) =>
  makeActivity({ id: athleteId * 1_000_000 + i, athleteId, start: new Date(Date.UTC(2025, 2, 1 + i, 6)), points, laps: 12, watts: true }),
);
double.addAthlete(athleteId, activities);
const url = await double.start();
console.log(JSON.stringify({ url, athleteId, starts: activities.map((a) => a.summary.start_date) }));
