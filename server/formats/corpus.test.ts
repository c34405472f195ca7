import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidFile, parseActivityFile, type ParsedActivity } from './index';
import { loadExpected, readCorpusFile, type ExpectedFile } from './test-support/corpus';

// Every activity file of the shared corpus against expected.json (oracles: Garmin's FIT SDK for
// FIT, a stdlib haversine script for GPX/TCX). Tolerances: elapsed and timer time
// within 1 s; distance within 0.5 % of the device total (FIT) or 1 % of the reference (GPX/TCX);
// average and maximum heart rate within 1 bpm; FIT session count; every reject refused.

const files = loadExpected().filter((f) => f.format !== 'csv');
const accepted = files.filter((f) => f.expected_outcome === 'accept');
const rejected = files.filter((f) => f.expected_outcome === 'reject');

const parse = (f: ExpectedFile) => parseActivityFile(readCorpusFile(f.file), path.basename(f.file));

function expectWithin(actual: number | null, expected: number, tolerance: number, what: string) {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** Mean over all points of all activities that carry a heart rate (zeros are dropouts). */
function pooledHeartRate(activities: ParsedActivity[]): { avg: number | null; max: number | null } {
  let sum = 0;
  let n = 0;
  let max: number | null = null;
  for (const a of activities) {
    for (const v of a.streams.heart_rate ?? []) {
      if (v === null || v <= 0) continue;
      sum += v;
      n++;
      if (max === null || v > max) max = v;
    }
  }
  return { avg: n ? sum / n : null, max };
}

/**
 * Where the device wrote something odd (expected.json "notes"), what we show instead, and why.
 * Keyed by corpus path.
 */
const FIT_ODDITIES: Record<string, (a: ParsedActivity, f: ExpectedFile) => void> = {
  // Session elapsed 1632 s < timer 2760 s, while the records span 2759 s. Elapsed time includes
  // the timer time, so we show max(record span, timer) = 2760 s instead of the impossible 1632 s.
  'fit/garmin_edge1030plus_virtual_ride.fit.gz': (a, f) => {
    const span = (Date.parse(f.last_record_time!) - Date.parse(f.start_time!)) / 1000;
    expect(a.totalElapsedTime).toBeGreaterThanOrEqual(a.totalTimerTime!);
    expectWithin(a.totalElapsedTime, span, 1, 'elapsed (records span)');
  },
};

/** No session value: we fill it from the records (CONTRACT: prefer device totals, compute the rest). */
const COMPUTED_WHERE_DEVICE_SILENT: Record<string, string> = {
  // Session has no total_distance; the records' last cumulative distance is the device's own figure.
  'fit/suunto_ambit3_peak_run.fit': 'distance, avg and max HR from records',
  // Session has max HR but no average; the average comes from the records.
  'fit/coros_pace2_ride.fit': 'avg HR from records',
};

describe('corpus: accepted FIT files', () => {
  for (const f of accepted.filter((x) => x.format === 'fit')) {
    it(`${f.file} (${f.notes ?? 'as written'})`, async () => {
      const activities = await parse(f);
      // Transition sessions are dropped: one activity per non-transition session.
      expect(activities).toHaveLength(f.num_non_transition_sessions!);
      const sessions = (f.sessions ?? []).filter((s) => s.sport !== 'transition');
      activities.forEach((a, i) => {
        const s = sessions[i]!;
        expect(a.format).toBe('fit');
        expect(a.startTime.toISOString().replace('.000Z', 'Z')).toBe(s.start_time);
        const oddity = FIT_ODDITIES[f.file];
        if (oddity) oddity(a, f);
        else expectWithin(a.totalElapsedTime, s.total_elapsed_time!, 1, 'elapsed');
        expectWithin(a.totalTimerTime, s.total_timer_time!, 1, 'timer');
        if (s.total_distance !== null) expectWithin(a.distance, s.total_distance, s.total_distance * 0.005, 'distance');
        else if (f.file in COMPUTED_WHERE_DEVICE_SILENT)
          expectWithin(a.distance, f.max_record_distance!, f.max_record_distance! * 0.005, 'distance from records');
        else expect(a.distance).toBeNull();
        for (const [key, ref] of [
          ['averageHr', s.avg_heart_rate],
          ['maxHr', s.max_heart_rate],
        ] as const) {
          if (ref !== null) expectWithin(a[key], ref, 1, key);
          else if (f.file in COMPUTED_WHERE_DEVICE_SILENT && f.notes?.match(/heart|final lap/)) expect(a[key]).toBeGreaterThan(30);
          else if (!(f.file in COMPUTED_WHERE_DEVICE_SILENT)) expect(a[key], `${key} (no HR in file)`).toBeNull();
        }
        if (a.averageHr !== null && a.maxHr !== null) expect(a.averageHr).toBeLessThanOrEqual(a.maxHr);
        expect(a.endTime.getTime() - a.startTime.getTime()).toBeCloseTo(a.totalElapsedTime * 1000, 0);
      });
    });
  }

  it('tomtom_run.fit: max HR 223 is what the device wrote; we show the device summary as is', async () => {
    const [a] = await parseActivityFile(readCorpusFile('fit/tomtom_run.fit'), 'tomtom_run.fit');
    // A likely sensor spike, but the device's own total wins; streams keep the raw samples.
    expect(a!.maxHr).toBe(223);
  });
});

describe('corpus: accepted GPX files', () => {
  for (const f of accepted.filter((x) => x.format === 'gpx')) {
    it(`${f.file} (${f.notes ?? 'as written'})`, async () => {
      const activities = await parse(f);
      expect(activities).toHaveLength(1);
      const a = activities[0]!;
      expect(a.format).toBe('gpx');
      expectWithin(a.totalElapsedTime, f.total_elapsed_time!, 1, 'elapsed');
      // GPX has no device timer: null, like the reference.
      expect(a.totalTimerTime).toBeNull();
      expectWithin(a.distance, f.total_distance!, f.total_distance! * 0.01, 'distance (within segments)');
      if (f.avg_heart_rate !== null) expectWithin(a.averageHr, f.avg_heart_rate, 1, 'avg HR');
      else expect(a.averageHr).toBeNull();
      if (f.max_heart_rate !== null) expectWithin(a.maxHr, f.max_heart_rate, 1, 'max HR');
      else expect(a.maxHr).toBeNull();
    });
  }
});

describe('corpus: accepted TCX files', () => {
  for (const f of accepted.filter((x) => x.format === 'tcx')) {
    it(`${f.file} (${f.notes ?? 'as written'})`, async () => {
      const activities = await parse(f);
      expect(activities.length).toBeGreaterThanOrEqual(1);
      // A MultiSportSession gives one activity per sport; the reference sums over all of them.
      const first = activities[0]!;
      const last = activities[activities.length - 1]!;
      // CONTRACT: TCX start time is the first lap's StartTime. The reference starts at the first
      // trackpoint, which some devices write seconds after the lap start (Edge 705: 4 s), so our
      // elapsed time is the reference's plus that lead-in.
      expect(first.startTime).toEqual(first.laps[0]!.startTime);
      const leadIn = (Date.parse(f.start_time!) - first.startTime.getTime()) / 1000;
      expect(leadIn).toBeGreaterThanOrEqual(0);
      expect(leadIn).toBeLessThanOrEqual(10);
      const elapsed = (last.endTime.getTime() - first.startTime.getTime()) / 1000;
      expectWithin(elapsed, f.total_elapsed_time! + leadIn, 1, 'elapsed (from the first lap start)');
      const timer = activities.reduce((acc, a) => acc + (a.totalTimerTime ?? 0), 0);
      expectWithin(timer, f.total_timer_time!, 1, 'timer (sum of laps)');
      const distance = activities.reduce((acc, a) => acc + (a.distance ?? 0), 0);
      expectWithin(distance, f.total_distance!, Math.max(f.total_distance! * 0.01, 0.01), 'distance (sum of laps)');
      const hr = pooledHeartRate(activities);
      if (f.avg_heart_rate !== null) expectWithin(hr.avg, f.avg_heart_rate, 1, 'avg HR');
      if (f.max_heart_rate !== null) expectWithin(hr.max, f.max_heart_rate, 1, 'max HR');
      if (activities.length === 1) {
        if (f.avg_heart_rate !== null) expectWithin(first.averageHr, f.avg_heart_rate, 1, 'activity avg HR');
        else expect(first.averageHr).toBeNull();
        if (f.max_heart_rate !== null) expectWithin(first.maxHr, f.max_heart_rate, 1, 'activity max HR');
        else expect(first.maxHr).toBeNull();
      }
    });
  }
});

describe('corpus: rejected files', () => {
  for (const f of rejected) {
    it(`${f.file} is refused (${f.reject_reason})`, async () => {
      const error = await parse(f).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InvalidFile);
      expect((error as InvalidFile).reason.length).toBeGreaterThan(10);
    });
  }

  it('a FIT file named .tcx is refused with that reason, not misparsed', async () => {
    await expect(parseActivityFile(readCorpusFile('bad/fenix5_run_fit_named_as.tcx'), 'run.tcx')).rejects.toThrow(
      'this file is a FIT file but is named .tcx'.replace(/^t/, 'T'),
    );
  });

  it('a truncated FIT file says so', async () => {
    await expect(parseActivityFile(readCorpusFile('bad/truncated_unexpected_eof.fit'), 'a.fit')).rejects.toThrow(
      'The FIT file is truncated: it ends before its declared data size.',
    );
  });
});
