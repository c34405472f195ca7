import type { SampleColumns } from '../metrics/sample-columns';
import type { FitMessage } from './decode';
import { timeField } from './fields';

// CONTRACT: Real history and hand-made activities: "Heart rate a device stored in `hr` messages
// (swim straps that upload after the swim) is merged into the heart-rate stream by timestamp".
// A strap stores beats under water and hands them to the watch after the swim, which writes them
// as `hr` messages (global 132): each holds up to 8 filtered_bpm values with their event times in
// 1/1024 s of the strap's clock, the first of a series in full (event_timestamp) beside a FIT
// timestamp that anchors that clock, the rest as the low 12 bits of each (event_timestamp_12,
// packed two in three bytes). This reads them as the FIT SDK's HrToRecordMesgBroadcastPlugin does.

export interface HrPoint {
  /** ms since the epoch */
  time: number;
  bpm: number;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** event_timestamp_12's bytes as 12-bit values: two in every three bytes, low nibble first. */
function unpack12(bytes: readonly number[]): number[] {
  const values: number[] = [];
  for (let k = 0; k + 2 < bytes.length; k += 3) {
    const [a, b, c] = [bytes[k]!, bytes[k + 1]!, bytes[k + 2]!];
    values.push(a | ((b & 0x0f) << 8), (b >> 4) | (c << 4));
  }
  return values;
}

/** The heart rate of a file's `hr` messages, in file order; none before a message that anchors the strap's clock. */
export function hrMessagePoints(messages: readonly FitMessage[]): HrPoint[] {
  const points: HrPoint[] = [];
  let anchorMs: number | null = null;
  let anchorEvent = 0;
  /** the last event time read, in 1/1024 s: a 12-bit value continues it */
  let last: number | null = null;
  for (const message of messages) {
    const full = asArray(message.event_timestamp).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    let events: number[];
    if (full.length) events = full.map((s) => Math.round(s * 1024));
    else {
      const packed = asArray(message.event_timestamp12).filter((v): v is number => typeof v === 'number');
      if (last === null || !packed.length) continue;
      events = unpack12(packed).map((low) => {
        let next = last! - (last! % 0x1000) + low;
        if (next < last!) next += 0x1000;
        return (last = next);
      });
    }
    last = events.at(-1)!;
    const stamp = timeField(message, 'timestamp');
    if (stamp !== null) {
      const fraction = typeof message.fractional_timestamp === 'number' ? message.fractional_timestamp : 0;
      anchorMs = stamp + fraction * 1000;
      anchorEvent = events[0]!;
    }
    if (anchorMs === null) continue;
    const bpm = asArray(message.filtered_bpm);
    for (let i = 0; i < events.length && i < bpm.length; i++) {
      const value = bpm[i];
      if (typeof value === 'number' && value > 0) points.push({ time: anchorMs + ((events[i]! - anchorEvent) * 1000) / 1024, bpm: value });
    }
  }
  return points.sort((a, b) => a.time - b.time);
}

/** How far from a point's time a beat may be taken when none falls since the point before. */
const NEAREST_MS = 5000;

/**
 * Fills the points without heart rate: the mean of the beats since the point before (up to and at
 * this one), else the nearest beat within NEAREST_MS. A point with its own heart rate keeps it.
 */
export function mergeHrPoints(samples: SampleColumns, points: readonly HrPoint[]): void {
  if (!points.length) return;
  const times = points.map((p) => p.time);
  /** the first index whose time is above t */
  const after = (t: number) => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (let i = 0; i < samples.length; i++) {
    if (!Number.isNaN(samples.heartRate[i]!)) continue;
    const t = samples.time[i]!;
    const from = i > 0 && samples.time[i - 1]! < t ? after(samples.time[i - 1]!) : after(t - 1000);
    const to = after(t);
    let bpm: number | null = null;
    if (to > from) {
      let sum = 0;
      for (let k = from; k < to; k++) sum += points[k]!.bpm;
      bpm = Math.round(sum / (to - from));
    } else {
      const near = [to - 1, to].filter((k) => k >= 0 && k < points.length && Math.abs(times[k]! - t) <= NEAREST_MS);
      const best = near.sort((a, b) => Math.abs(times[a]! - t) - Math.abs(times[b]! - t))[0];
      if (best !== undefined) bpm = points[best]!.bpm;
    }
    if (bpm !== null) samples.heartRate[i] = bpm;
  }
}
