import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activityRoute from '@/app/api/v1/activities/[activity_id]/route';
import * as fitnessRoute from '@/app/api/v1/fitness/route';
import * as thresholdRoute from '@/app/api/v1/profile/thresholds/[threshold_id]/route';
import * as thresholdsRoute from '@/app/api/v1/profile/thresholds/route';
import { activities, activityLoads } from '@/db/schema';
import { parseActivityFile } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { getActivityStreams } from '../activities/get-activity-streams';
import { getActivityZones } from '../activities/get-activity-zones';
import { deleteActivity } from '../activities/delete-activity';
import { updateActivity } from '../activities/update-activity';
import { updateUser } from '../users/update-user';
import { ingestActivities } from '../ingestion/ingest-activities';
import { getActivityLoad } from './get-activity-load';
import type { ThresholdResponse } from './schemas';

// CONTRACT: Beyond the spec … Training load, written out again here as plainly as possible: the
// 1 s grid by looking up each second's latest sample, TRIMP, NP, TSS and hrTSS, and the 42/7-day
// recurrence day by day. The service's figures must equal these.

type Series = (number | null)[];
interface Entry {
  effective_from: string;
  max_hr: number | null;
  resting_hr: number | null;
  lthr: number | null;
  ftp: number | null;
}

/** The grid's values per CONTRACT (null: a skipped heart-rate second; power gaps are 0 W). */
function oracleGrid(times: Series, values: Series, power: boolean): (number | null)[] {
  const samples = times.flatMap((t, i) => (t == null || values[i] == null ? [] : [{ t, v: values[i]! }]));
  if (samples.length < 2) return [];
  const t0 = samples[0]!.t;
  const last = samples.at(-1)!.t;
  const out: (number | null)[] = [];
  for (let k = 0; t0 + k < last; k++) {
    let i = 0;
    for (let j = 0; j < samples.length; j++) if (samples[j]!.t <= t0 + k) i = j;
    const gap = samples[i + 1]!.t - samples[i]!.t > 5;
    out.push(gap ? (power ? 0 : null) : samples[i]!.v);
  }
  return out;
}

/** The record's normalized_power (the device's when it wrote one) is the one NP IF and load use. */
function oracleLoad(streams: Record<string, Series>, e: Entry | null, recordNp: number | null) {
  if (!e) return { trimp: null, training_load: null, load_method: null, intensity_factor: null };
  const weight = (r: number) => r * 0.64 * Math.exp(1.92 * r);
  let trimp: number | null = null;
  if (streams.heart_rate && e.max_hr != null && e.resting_hr != null) {
    trimp = 0;
    for (const hr of oracleGrid(streams.time!, streams.heart_rate, false)) {
      if (hr == null) continue;
      const r = Math.min(1, Math.max(0, (hr - e.resting_hr) / (e.max_hr - e.resting_hr)));
      trimp += (1 / 60) * weight(r);
    }
  }
  // revised 2026-11-29: the recorded seconds only (gap seconds out, the window carried across);
  // zeros and nulls only are no power
  const grid = streams.power ? (oracleGrid(streams.time!, streams.power, false).filter((v) => v != null) as number[]) : [];
  if (grid.length >= 30 && grid.some((w) => w > 0) && e.ftp != null) {
    const rolling: number[] = [];
    for (let k = 29; k < grid.length; k++) rolling.push(grid.slice(k - 29, k + 1).reduce((a, b) => a + b, 0) / 30);
    const np = recordNp ?? Math.pow(rolling.reduce((a, m) => a + m ** 4, 0) / rolling.length, 1 / 4);
    const intensity = np / e.ftp;
    return { trimp, training_load: ((grid.length * np * intensity) / (e.ftp * 3600)) * 100, load_method: 'power', intensity_factor: intensity };
  }
  if (trimp != null && e.lthr != null) {
    const rL = (e.lthr - e.resting_hr!) / (e.max_hr! - e.resting_hr!);
    return { trimp, training_load: (trimp / (60 * weight(rL))) * 100, load_method: 'hr', intensity_factor: null };
  }
  return { trimp, training_load: null, load_method: null, intensity_factor: null };
}

function entryOn(entries: Entry[], day: string): Entry | null {
  return entries.filter((e) => e.effective_from <= day).sort((a, b) => (a.effective_from < b.effective_from ? 1 : -1))[0] ?? null;
}

function oracleFitness(loadsByDay: Map<string, number>, start: string, end: string) {
  const days = [...loadsByDay.keys()].sort();
  const out: { date: string; load: number; ctl: number; atl: number; tsb: number }[] = [];
  let ctl = 0;
  let atl = 0;
  for (let d = new Date(`${[days[0]!, start].sort()[0]}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    const load = loadsByDay.get(date) ?? 0;
    const tsb = ctl - atl;
    ctl = ctl + (load - ctl) / 42;
    atl = atl + (load - atl) / 7;
    if (date >= start) out.push({ date, load, ctl, atl, tsb });
  }
  return out;
}

const FILES = {
  rideWithPower: 'fit/garmin_edge800_indoor_trainer.fit',
  runWithHr: 'fit/garmin_fr920xt_treadmill_devfields.fit',
  rideHrOnly: 'fit/garmin_edge500_ride_3h31.fit',
  neither: 'fit/garmin_fr910xt_pool_swim_25m.fit',
} as const;

describe.each(testEngines())('training load and fitness on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  let peer = 0;
  const call = (method: string, path: string, token: string, body?: unknown) =>
    new Request(`http://127.0.0.1:3000${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-client-type': 'mobile',
        'x-stride-peer': `10.8.0.${(peer += 1) % 250}`,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const addEntry = async (token: string, entry: Partial<Entry> & { effective_from: string }) => {
    const res = await thresholdsRoute.POST(call('POST', '/api/v1/profile/thresholds', token, entry), { params: Promise.resolve({}) });
    expect(res.status).toBe(201);
    return (await res.json()) as ThresholdResponse;
  };
  const startOf = async (id: number) => (await database.db.select({ start: activities.startTime }).from(activities).where(eq(activities.id, id)))[0]!.start;
  const fitness = async (token: string, start: string, end: string) => {
    const res = await fitnessRoute.GET(call('GET', `/api/v1/fitness?start_date=${start}&end_date=${end}`, token), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    return (await res.json()) as ReturnType<typeof oracleFitness>;
  };

  it('CONTRACT: … Training load: trimp, training_load and intensity_factor of a ride with power, a run with heart rate, a ride with heart rate only and a swim with neither equal the formulas over their own streams under the entry in effect on their day; the fitness series follows the recurrence; a threshold change, a hide and a delete recompute what they touch', async () => {
    const user = await signedInUser(database.db);
    const entries: Entry[] = [
      { effective_from: '2010-01-01', max_hr: 190, resting_hr: 50, lthr: 165, ftp: 250 },
      { effective_from: '2015-01-01', max_hr: 185, resting_hr: 45, lthr: 160, ftp: null },
    ];
    for (const entry of entries) await addEntry(user.token, entry);
    const ids: Record<keyof typeof FILES, number> = { rideWithPower: 0, runWithHr: 0, rideHrOnly: 0, neither: 0 };
    for (const [key, file] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
      const parsed = await parseActivityFile(readCorpusFile(file), file);
      const [inserted] = await ingestActivities(database.db, user.userId, parsed.map(prepareActivity), { source: 'upload' }, { awaitSubscribers: true });
      ids[key] = inserted!.row.id;
    }
    const streams = new Map<number, Record<string, Series>>();
    const days = new Map<number, string>();
    const npOf = new Map<number, number | null>();
    for (const id of Object.values(ids)) {
      npOf.set(id, (await database.db.select({ np: activities.normalizedPower }).from(activities).where(eq(activities.id, id)))[0]!.np);
      streams.set(id, (await getActivityStreams(database.db, user.userId, id)) as Record<string, Series>);
      // the profile's timezone is UTC
      days.set(id, (await startOf(id)).toISOString().slice(0, 10));
    }

    const checkAll = async (current: Entry[]) => {
      const byDay = new Map<string, number>();
      for (const id of Object.values(ids)) {
        const answer = await getActivityLoad(database.db, user.userId, id);
        const day = days.get(id)!;
        const expected = oracleLoad(streams.get(id)!, entryOn(current, day), npOf.get(id)!);
        expect({ method: answer.load_method }).toEqual({ method: expected.load_method });
        // the activity record (REST) carries the same four figures
        const res = await activityRoute.GET(call('GET', `/api/v1/activities/${id}`, user.token), { params: Promise.resolve({ activity_id: String(id) }) });
        const record = (await res.json()) as Record<string, unknown>;
        expect([record.trimp, record.training_load, record.load_method, record.intensity_factor]).toEqual([
          answer.trimp,
          answer.training_load,
          answer.load_method,
          answer.intensity_factor,
        ]);
        for (const key of ['trimp', 'training_load', 'intensity_factor'] as const) {
          if (expected[key] == null) expect(answer[key]).toBeNull();
          else expect(answer[key]).toBeCloseTo(expected[key], 6);
        }
        byDay.set(day, (byDay.get(day) ?? 0) + (expected.training_load ?? 0));
      }
      return byDay;
    };

    const byDay = await checkAll(entries);
    expect((await getActivityLoad(database.db, user.userId, ids.rideWithPower)).load_method).toBe('power');
    expect((await getActivityLoad(database.db, user.userId, ids.runWithHr)).load_method).toBe('hr');
    expect((await getActivityLoad(database.db, user.userId, ids.rideHrOnly)).load_method).toBe('hr');
    expect((await getActivityLoad(database.db, user.userId, ids.neither)).missing_reason).toBe('no_heart_rate');
    // heart-rate zones follow the max_hr in effect on the day: 190 in 2011, 185 from 2015
    expect((await getActivityZones(database.db, user.userId, ids.rideHrOnly)).max_heart_rate).toBe(190);
    const runZones = await getActivityZones(database.db, user.userId, ids.runWithHr);
    expect(runZones.max_heart_rate).toBe(185);
    expect(runZones.zones!.map((z) => z.min_bpm)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9].map((f) => Math.round(f * 185)));
    const runGrid = oracleGrid(streams.get(ids.runWithHr)!.time!, streams.get(ids.runWithHr)!.heart_rate!, false).filter((v) => v != null);
    expect(runZones.zones!.reduce((n, z) => n + z.seconds, 0)).toBe(runGrid.length);

    const series = await fitness(user.token, '2011-09-01', '2018-02-28');
    const expected = oracleFitness(byDay, '2011-09-01', '2018-02-28');
    expect(series.map((d) => d.date)).toEqual(expected.map((d) => d.date));
    series.forEach((d, i) => {
      for (const key of ['load', 'ctl', 'atl', 'tsb'] as const) expect(Math.abs(d[key] - expected[i]![key])).toBeLessThanOrEqual(0.1);
    });

    // two activities as stored before loads existed: the job measures them from their stored streams
    await database.db.delete(activityLoads).where(inArray(activityLoads.activityId, [ids.rideWithPower, ids.rideHrOnly]));
    // a new entry (FTP from 2011-11-01, the ride with power's day) and a removed one: a job recomputes
    const added = await addEntry(user.token, { effective_from: '2011-11-01', max_hr: 188, resting_hr: 48, lthr: 166, ftp: 300 });
    const listed = (await (
      await thresholdsRoute.GET(call('GET', '/api/v1/profile/thresholds', user.token), { params: Promise.resolve({}) })
    ).json()) as ThresholdResponse[];
    const second = listed.find((e) => e.effective_from === '2015-01-01')!;
    const gone = await thresholdRoute.DELETE(call('DELETE', `/api/v1/profile/thresholds/${second.id}`, user.token), {
      params: Promise.resolve({ threshold_id: String(second.id) }),
    });
    expect(gone.status).toBe(204);
    await new EmbeddedRunner(database.db).drain();
    const now: Entry[] = [entries[0]!, { ...added }];
    const recomputed = await checkAll(now);
    // the run of 2018 now falls under the entry of 2011-11-01 (ftp, no power: heart rate)
    expect((await getActivityLoad(database.db, user.userId, ids.runWithHr)).thresholds?.effective_from).toBe('2011-11-01');
    const after = await fitness(user.token, '2011-09-01', '2018-02-28');
    const expectedAfter = oracleFitness(recomputed, '2011-09-01', '2018-02-28');
    after.forEach((d, i) => expect(Math.abs(d.ctl - expectedAfter[i]!.ctl)).toBeLessThanOrEqual(0.1));

    // idempotent: the same job again changes nothing
    const { id: _id, ...again } = added;
    await addEntry(user.token, again);
    await new EmbeddedRunner(database.db).drain();
    expect(await fitness(user.token, '2011-09-01', '2018-02-28')).toEqual(after);

    // hiding the run removes its load from its day; deleting the ride with power removes that day's load
    const runDay = days.get(ids.runWithHr)!;
    await updateActivity(database.db, user.userId, ids.runWithHr, { is_hidden: true }, undefined);
    expect((await fitness(user.token, runDay, runDay))[0]!.load).toBe(0);
    const rideDay = days.get(ids.rideWithPower)!;
    expect((await fitness(user.token, rideDay, rideDay))[0]!.load).toBeGreaterThan(0);
    await deleteActivity(database.db, user.userId, ids.rideWithPower);
    expect((await fitness(user.token, rideDay, rideDay))[0]!.load).toBe(0);
  });

  it('CONTRACT: … Training load: a new profile timezone moves each activity to its local day in the fitness series (a job regroups the days)', async () => {
    const user = await signedInUser(database.db);
    await addEntry(user.token, { effective_from: '2010-01-01', max_hr: 190, resting_hr: 50, lthr: 165, ftp: 250 });
    await new EmbeddedRunner(database.db).drain();
    const file = FILES.rideHrOnly;
    const parsed = await parseActivityFile(readCorpusFile(file), file);
    const [inserted] = await ingestActivities(database.db, user.userId, parsed.map(prepareActivity), { source: 'upload' }, { awaitSubscribers: true });
    const id = inserted!.row.id;
    const start = await startOf(id);
    const load = (await getActivityLoad(database.db, user.userId, id)).training_load!;
    expect(load).toBeGreaterThan(0);
    // a zone whose local day differs from the UTC day at this start: +14 h late in the UTC day, -12 h early in it
    const zone = start.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(start);
    const utcDay = start.toISOString().slice(0, 10);
    expect(localDay).not.toBe(utcDay);
    const [from, to] = [localDay, utcDay].sort() as [string, string];
    const loadOn = async (day: string) => (await fitness(user.token, from, to)).find((d) => d.date === day)!.load;
    expect(await loadOn(utcDay)).toBeCloseTo(load, 1);

    await updateUser(database.db, user.userId, { timezone: zone });
    await new EmbeddedRunner(database.db).drain();
    expect(await loadOn(utcDay)).toBe(0);
    expect(await loadOn(localDay)).toBeCloseTo(load, 1);
  });

  it('CONTRACT: … Training load: bad thresholds and ranges are problems and store nothing', async () => {
    const user = await signedInUser(database.db);
    const refused = await thresholdsRoute.POST(
      call('POST', '/api/v1/profile/thresholds', user.token, { effective_from: '2020-01-01', max_hr: 150, resting_hr: 160 }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(refused.status).toBe(422);
    const badDate = await thresholdsRoute.POST(call('POST', '/api/v1/profile/thresholds', user.token, { effective_from: '2020-13-01' }), {
      params: Promise.resolve({}),
    });
    expect([400, 422]).toContain(badDate.status);
    // issue 50: an entry with no figure at all would switch load off; it is refused, saying why
    const blank = await thresholdsRoute.POST(
      call('POST', '/api/v1/profile/thresholds', user.token, { effective_from: '2020-01-01', max_hr: null, ftp: null }),
      { params: Promise.resolve({}) },
    );
    expect(blank.status).toBe(422);
    const blankProblem = (await blank.json()) as { detail: string; errors: { message: string }[] };
    expect(blankProblem.detail).toBe('A thresholds entry needs at least one value.');
    expect(blankProblem.errors[0]!.message).toContain('at least one value');
    const listed = await thresholdsRoute.GET(call('GET', '/api/v1/profile/thresholds', user.token), { params: Promise.resolve({}) });
    expect(await listed.json()).toEqual([]);
    const unknown = await thresholdRoute.DELETE(call('DELETE', '/api/v1/profile/thresholds/999999', user.token), {
      params: Promise.resolve({ threshold_id: '999999' }),
    });
    expect(unknown.status).toBe(404);
    const backwards = await fitnessRoute.GET(call('GET', '/api/v1/fitness?start_date=2020-02-01&end_date=2020-01-01', user.token), {
      params: Promise.resolve({}),
    });
    expect(backwards.status).toBe(422);
    const empty = await fitness(user.token, '2020-01-01', '2020-01-03');
    expect(empty).toEqual(['2020-01-01', '2020-01-02', '2020-01-03'].map((date) => ({ date, load: 0, ctl: 0, atl: 0, tsb: 0 })));
  });
});
