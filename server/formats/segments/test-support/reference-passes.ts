import { EARTH_RADIUS_M, haversine } from '../../metrics/haversine';

// An independent reference of a segment effort's time, written from the definition with spherical
// trigonometry (the matcher works in a flat local frame): the start gate is the great circle
// through the segment's first point across the bearing to its first point 15 m along; the entry is
// where a step's along-track distance from the start changes from negative to non-negative within
// 20 m across, or, where no step crosses the gate within two samples (the track begins at the
// start, arrives from the side or turns there), a sample within 20 m of the start nearer to it than
// the samples beside it, from which the track sets off ahead of the gate; the exit is the same at the end gate once the track has travelled the segment's
// length (less 40 m) since the entry, or, where the track turns
// before the end gate, its nearest approach to the end (within 20 m) before it enters again.
// Linear interpolation in time (the nearest approach: the nearest of the samples and of each
// step's points at tenths of it).
// It follows nothing in between: fed only tracks that pass cleanly, it gives the passes' times.

const RAD = Math.PI / 180;
const GATE_BASE_M = 15;
const TOLERANCE_M = 20;

function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const [p1, p2, dl] = [lat1 * RAD, lat2 * RAD, (lon2 - lon1) * RAD];
  return Math.atan2(Math.sin(dl) * Math.cos(p2), Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl));
}

/** Along-track and cross-track distance of P from the great circle through A at bearing theta. */
function alongAcross(aLat: number, aLon: number, theta: number, pLat: number, pLon: number): { along: number; across: number } {
  const d13 = haversine(aLat, aLon, pLat, pLon) / EARTH_RADIUS_M;
  const t13 = bearing(aLat, aLon, pLat, pLon);
  const across = Math.asin(Math.sin(d13) * Math.sin(t13 - theta));
  const along = Math.acos(Math.min(1, Math.cos(d13) / Math.cos(across))) * Math.sign(Math.cos(t13 - theta));
  return { along: along * EARTH_RADIUS_M, across: across * EARTH_RADIUS_M };
}

interface Gate {
  lat: number;
  lon: number;
  theta: number;
}

function gates(line: [number, number][]): { start: Gate; end: Gate } {
  let walked = 0;
  let a = 1;
  for (; a < line.length - 1; a++) {
    walked += haversine(line[a - 1]![0], line[a - 1]![1], line[a]![0], line[a]![1]);
    if (walked >= GATE_BASE_M) break;
  }
  let back = 0;
  let b = line.length - 2;
  for (; b > 0; b--) {
    back += haversine(line[b + 1]![0], line[b + 1]![1], line[b]![0], line[b]![1]);
    if (back >= GATE_BASE_M) break;
  }
  const [s, e] = [line[0]!, line.at(-1)!];
  return {
    start: { lat: s[0], lon: s[1], theta: bearing(s[0], s[1], line[a]![0], line[a]![1]) },
    end: { lat: e[0], lon: e[1], theta: bearing(line[b]![0], line[b]![1], e[0], e[1]) },
  };
}

/** Every step that crosses the gate forwards within the tolerance: its interpolated time and the index of its end. */
function crossings(gate: Gate, track: { time: number[]; lat: number[]; lon: number[] }): { time: number; index: number }[] {
  const out: { time: number; index: number }[] = [];
  for (let i = 1; i < track.time.length; i++) {
    const a = alongAcross(gate.lat, gate.lon, gate.theta, track.lat[i - 1]!, track.lon[i - 1]!);
    const b = alongAcross(gate.lat, gate.lon, gate.theta, track.lat[i]!, track.lon[i]!);
    if (!(a.along < 0 && b.along >= 0)) continue;
    const f = -a.along / (b.along - a.along);
    if (Math.abs(a.across + f * (b.across - a.across)) > TOLERANCE_M) continue;
    out.push({ time: track.time[i - 1]! + f * (track.time[i]! - track.time[i - 1]!), index: i });
  }
  return out;
}

/**
 * Samples within the tolerance of the start, nearer to it than their neighbours, with no gate
 * crossing within two samples and none before them since the last end-gate crossing (a pass entered
 * at the gate is not entered again by coming near the start).
 */
function approaches(
  gate: Gate,
  track: { time: number[]; lat: number[]; lon: number[] },
  crossed: { index: number }[],
  exits: { index: number }[],
): { time: number; index: number }[] {
  const d = track.time.map((_, i) => haversine(gate.lat, gate.lon, track.lat[i]!, track.lon[i]!));
  const out: { time: number; index: number }[] = [];
  for (let i = 0; i < d.length; i++) {
    const nearest = d[i]! <= TOLERANCE_M && (i === 0 || d[i]! <= d[i - 1]!) && (i === d.length - 1 || d[i]! < d[i + 1]!);
    if (!nearest) continue;
    const lastExit = exits.filter((x) => x.index <= i).at(-1)?.index ?? -1;
    if (crossed.some((c) => Math.abs(c.index - i) <= 2 || (c.index > lastExit && c.index < i))) continue;
    // it sets off along the segment: where it first leaves the tolerance, it is ahead of the gate and beside the line's start
    let j = i + 1;
    while (j < d.length && d[j]! <= TOLERANCE_M) j++;
    if (j === d.length) continue;
    const off = alongAcross(gate.lat, gate.lon, gate.theta, track.lat[j]!, track.lon[j]!);
    if (off.along > 0 && Math.abs(off.across) <= TOLERANCE_M) out.push({ time: track.time[i]!, index: i });
  }
  return out;
}

/** The track's nearest approach to the gate's point between two samples, if within the tolerance. */
function nearestApproach(
  gate: Gate,
  track: { time: number[]; lat: number[]; lon: number[] },
  from: number,
  to: number,
): { time: number; index: number } | null {
  let best: { d: number; time: number; index: number } | null = null;
  for (let i = from; i < Math.min(to, track.time.length - 1); i++) {
    for (let tenth = 0; tenth < 10; tenth++) {
      const f = tenth / 10;
      const lat = track.lat[i]! + f * (track.lat[i + 1]! - track.lat[i]!);
      const lon = track.lon[i]! + f * (track.lon[i + 1]! - track.lon[i]!);
      const d = haversine(gate.lat, gate.lon, lat, lon);
      if (d <= TOLERANCE_M && (!best || d < best.d)) best = { d, time: track.time[i]! + f * (track.time[i + 1]! - track.time[i]!), index: i };
    }
  }
  return best;
}

/** Metres along the track between two samples. */
function travelled(track: { lat: number[]; lon: number[] }, from: number, to: number): number {
  let sum = 0;
  for (let i = from + 1; i <= to; i++) sum += haversine(track.lat[i - 1]!, track.lon[i - 1]!, track.lat[i]!, track.lon[i]!);
  return sum;
}

/**
 * The reference's passes of `track` over `line` ([lat, lon] vertices): each exit paired with the
 * last entry before it (and after the exit before): waiting at the start counts from the last
 * crossing. Right only for tracks that never leave the line half way once entered for the last
 * time (a single pass, or laps of a track).
 */
export function referencePasses(line: [number, number][], track: { time: number[]; lat: number[]; lon: number[] }): { entry: number; exit: number }[] {
  const { start, end } = gates(line);
  const crossed = crossings(start, track);
  const exits = crossings(end, track);
  const entries = [...crossed, ...approaches(start, track, crossed, exits)].sort((a, b) => a.index - b.index);
  let length = 0;
  for (let k = 1; k < line.length; k++) length += haversine(line[k - 1]![0], line[k - 1]![1], line[k]![0], line[k]![1]);
  const passes: { entry: number; exit: number }[] = [];
  let after = 0;
  const enough = (from: number, to: number) => travelled(track, from, to) >= length - 2 * TOLERANCE_M;
  for (const entry of entries) {
    if (entry.index < after) continue;
    // the first exit after the whole length was travelled, paired with the last entry that leaves that length before it
    const exit = exits.find((e) => e.index > entry.index && enough(entry.index, e.index));
    let from = entry.index;
    while (from < track.time.length && !enough(entry.index, from)) from++;
    const later = entries.find((e) => e.index > from);
    if (exit && (!later || exit.index <= later.index)) {
      const last = entries.filter((e) => e.index < exit.index && enough(e.index, exit.index)).at(-1)!;
      passes.push({ entry: last.time, exit: exit.time });
      after = exit.index;
      continue;
    }
    const near = nearestApproach(end, track, Math.max(entry.index, from - 1), later?.index ?? track.time.length);
    if (near) {
      passes.push({ entry: entry.time, exit: near.time });
      after = near.index + 1;
    }
  }
  return passes;
}
