import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseActivityFile, type ActivityType, type ParsedActivity, type ParsedLap, type Stream, type Streams } from '@/server/formats';
import { elevationGainLoss } from '@/server/formats/metrics/elevation';
import { timezoneAt } from '@/server/formats/timezone';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';

// Synthetic history drawn from the corpus's shapes (issue 55): each corpus track of a ride, run,
// hike or swim is resampled to 1 Hz once; an activity is a window of one such track, moved to its
// user's home, turned and stretched, its heart rate and power scaled to the user, dated within ten
// years. The same (user, index) always gives the same activity, so a seed can stop and resume.

export const CORPUS = process.env.SCALE_CORPUS ?? '/work/shared/corpus';
export const ACTIVITIES_PER_USER = 10_000;
/** The ten years the history spans, ending the day before this session. */
export const HISTORY_END = Date.parse('2026-11-28T00:00:00Z');
const HISTORY_DAYS = 3650;

export type Kind = 'ride' | 'run' | 'hike' | 'swim' | 'indoor';

interface Template {
  file: string;
  kind: Kind;
  source: ParsedActivity;
  /** 1 Hz columns, seconds from the track's start; a gap over MAX_FILL_S stays a gap */
  streams: Streams;
}

/** Corpus tracks too short or too sparse to draw from (tiny files, a 19 s-step indoor ride). */
const MIN_POINTS = 250;
const MAX_FILL_S = 30;

const KIND_OF: Partial<Record<ActivityType, Kind>> = {
  ride: 'ride',
  virtual_ride: 'ride',
  indoor_ride: 'indoor',
  run: 'run',
  treadmill: 'run',
  trail_run: 'run',
  hike: 'hike',
  walk: 'hike',
  open_water_swim: 'swim',
  lap_swim: 'swim',
};

/** Minutes of a kind's activity: [shortest, longest]; a window never exceeds its track. */
const DURATION_MIN: Record<Kind, [number, number]> = { run: [25, 100], ride: [45, 240], hike: [60, 300], swim: [30, 75], indoor: [30, 90] };
/** Share of a user's activities per kind, varied per user around these. */
const MIX: [Kind, number][] = [
  ['run', 0.36],
  ['ride', 0.38],
  ['hike', 0.12],
  ['swim', 0.08],
  ['indoor', 0.06],
];
/** Auto-lap distance per kind (metres); indoor laps every ten minutes. */
const LAP_M: Record<Kind, number> = { run: 1000, ride: 5000, hike: 1000, swim: 100, indoor: 0 };

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Linear interpolation of a column onto whole seconds; gaps longer than MAX_FILL_S are not filled. */
function resample(time: number[], streams: Streams): Streams {
  const seconds: number[] = [];
  const from: number[] = []; // index of the sample at or before each second
  const t0 = time[0]!;
  for (let i = 0; i < time.length; i++) {
    const start = Math.ceil(time[i]! - t0);
    const next = i + 1 < time.length ? time[i + 1]! - t0 : start + 1;
    const end = next - (time[i]! - t0) > MAX_FILL_S ? start + 1 : Math.ceil(next);
    for (let s = Math.max(start, (seconds.at(-1) ?? -1) + 1); s < end; s++) {
      seconds.push(s);
      from.push(i);
    }
  }
  const out: Streams = { time: seconds };
  for (const [name, column] of Object.entries(streams) as [keyof Streams, Stream][]) {
    if (name === 'time' || !column) continue;
    const integer = name === 'heart_rate' || name === 'cadence' || name === 'power';
    out[name] = seconds.map((s, k) => {
      const i = from[k]!;
      const a = column[i];
      const b = column[i + 1];
      if (a == null) return null;
      if (b == null || i + 1 >= time.length) return a;
      const span = time[i + 1]! - time[i]!;
      const w = span > 0 ? (s - (time[i]! - t0)) / span : 0;
      const v = a + (b - a) * Math.min(1, Math.max(0, w));
      return integer ? Math.round(v) : v;
    });
  }
  return out;
}

let templates: Template[] | null = null;

/** The corpus tracks by kind, parsed and resampled once per process. */
export async function loadTemplates(): Promise<Template[]> {
  if (templates) return templates;
  const found: Template[] = [];
  for (const dir of ['fit', 'gpx', 'tcx']) {
    for (const file of readdirSync(join(CORPUS, dir)).sort()) {
      const parsed = await parseActivityFile(readFileSync(join(CORPUS, dir, file)), file);
      for (const source of parsed) {
        const kind = KIND_OF[source.activityType];
        if (!kind) continue;
        if (source.streams.time.length < MIN_POINTS && source.activityType !== 'lap_swim') continue;
        const streams = source.streams.time.length ? resample(source.streams.time, source.streams) : source.streams;
        found.push({ file: `${dir}/${file}`, kind, source, streams });
      }
    }
  }
  templates = found;
  return found;
}

export interface SyntheticUser {
  index: number;
  username: string;
  home: { lat: number; lon: number };
  timezone: string;
  /** multiplies heart rate */
  hrFactor: number;
  /** multiplies power */
  powerFactor: number;
  /** multiplies speed (the track is stretched by it) */
  speedFactor: number;
  mix: [Kind, number][];
}

/** User `index` (1-based): a home in Europe, a physiology and a sports mix of their own. */
export function syntheticUser(index: number): SyntheticUser {
  const r = rng(0x5ca1e + index * 7919);
  const home = { lat: 43 + r() * 12, lon: -1 + r() * 20 };
  const weights = MIX.map(([kind, share]) => [kind, share * (0.4 + r() * 1.2)] as [Kind, number]);
  const total = weights.reduce((n, [, w]) => n + w, 0);
  return {
    index,
    username: `scale${String(index).padStart(3, '0')}`,
    home,
    timezone: timezoneAt(home) ?? 'Europe/Berlin',
    hrFactor: 0.9 + r() * 0.2,
    powerFactor: 0.75 + r() * 0.5,
    speedFactor: 0.85 + r() * 0.3,
    mix: weights.map(([kind, w]) => [kind, w / total]),
  };
}

/** When activity `index` of ACTIVITIES_PER_USER starts: in order over ten years, mornings to evenings. */
function startOf(index: number, r: () => number): Date {
  const day = Math.floor((index * HISTORY_DAYS) / ACTIVITIES_PER_USER);
  const slot = index % Math.ceil(ACTIVITIES_PER_USER / HISTORY_DAYS); // up to three a day: morning, noon, evening
  const hour = 6 + slot * 5 + r() * 4;
  return new Date(HISTORY_END - (HISTORY_DAYS - day) * 86_400_000 + Math.round(hour * 3600) * 1000);
}

function pick<T>(r: () => number, weighted: [T, number][]): T {
  let x = r();
  for (const [value, w] of weighted) if ((x -= w) < 0) return value;
  return weighted.at(-1)![0];
}

const stat = (column: Stream | undefined, from: number, to: number) => {
  let sum = 0;
  let n = 0;
  let max: number | null = null;
  if (column)
    for (let i = from; i < to; i++) {
      const v = column[i];
      if (v == null) continue;
      sum += v;
      n++;
      if (max === null || v > max) max = v;
    }
  return { avg: n ? sum / n : null, max };
};

/** Activity `index` of `user`: the same every time it is asked for. */
export async function syntheticActivity(user: SyntheticUser, index: number): Promise<{ kind: Kind; template: string; activity: ParsedActivity }> {
  const all = await loadTemplates();
  const r = rng(user.index * 1_000_003 + index * 7919 + 17);
  const kind = pick(r, user.mix);
  const ofKind = all.filter((t) => t.kind === kind);
  const template = ofKind[Math.floor(r() * ofKind.length)]!;
  const start = startOf(index, r);
  const src = template.source;
  const s = template.streams;
  if (!s.time.length) {
    // a pool swim: laps without streams, as the watch wrote them
    const shift = start.getTime() - src.startTime.getTime();
    const laps = src.laps.map((lap) => ({ ...lap, startTime: new Date(lap.startTime.getTime() + shift) }));
    return {
      kind,
      template: template.file,
      activity: {
        ...src,
        name: null,
        startTime: start,
        endTime: new Date(src.endTime.getTime() + shift),
        timezone: user.timezone,
        laps,
        streams: { time: [] },
      },
    };
  }
  const [minMin, maxMin] = DURATION_MIN[kind];
  const length = Math.min(s.time.length, Math.round((minMin + r() * (maxMin - minMin)) * 60));
  const from = Math.floor(r() * (s.time.length - length));
  const to = from + length;
  const t0 = s.time[from]!;
  // the track turned by a random angle, stretched by the user's speed, moved to near home
  const angle = r() * 2 * Math.PI;
  const stretch = user.speedFactor * (0.95 + r() * 0.1);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const lat0 = s.lat?.[from] ?? null;
  const lon0 = s.lon?.[from] ?? null;
  const kmLat = 1 / 111.2;
  const origin = { lat: user.home.lat + (r() - 0.5) * 10 * kmLat, lon: user.home.lon + (r() - 0.5) * 10 * kmLat };
  const srcCos = Math.cos(((lat0 ?? 0) * Math.PI) / 180);
  const dstCos = Math.cos((origin.lat * Math.PI) / 180);
  const hr = user.hrFactor * (0.97 + r() * 0.06);
  const power = user.powerFactor * (0.9 + r() * 0.2);
  const altShift = (r() - 0.5) * 400;
  const slice = (column: Stream | undefined, f: (v: number, i: number) => number): Stream | undefined =>
    column?.slice(from, to).map((v, i) => (v == null ? null : f(v, i)));
  const streams: Streams = { time: s.time.slice(from, to).map((t) => t - t0) };
  if (s.lat && s.lon && lat0 !== null && lon0 !== null) {
    const lat: Stream = [];
    const lon: Stream = [];
    for (let i = from; i < to; i++) {
      const a = s.lat[i];
      const b = s.lon[i];
      if (a == null || b == null) {
        lat.push(null);
        lon.push(null);
        continue;
      }
      const north = (a - lat0) * stretch;
      const east = (b - lon0) * srcCos * stretch;
      lat.push(origin.lat + north * cos - east * sin);
      lon.push(origin.lon + (north * sin + east * cos) / dstCos);
    }
    streams.lat = lat;
    streams.lon = lon;
  }
  const d0 = s.distance?.[from] ?? 0;
  streams.distance = slice(s.distance, (v) => Math.max(0, (v - (d0 ?? 0)) * stretch));
  streams.altitude = slice(s.altitude, (v) => v + altShift);
  streams.heart_rate = slice(s.heart_rate, (v) => Math.round(v * hr));
  streams.cadence = slice(s.cadence, (v) => v);
  streams.power = slice(s.power, (v) => Math.round(v * power));
  streams.speed = slice(s.speed, (v) => v * stretch);
  streams.temperature = slice(s.temperature, (v) => v);
  for (const key of Object.keys(streams) as (keyof Streams)[]) if (streams[key] === undefined) delete streams[key];
  return { kind, template: template.file, activity: figures(src, kind, start, streams, user.timezone) };
}

/** The activity's figures and auto-laps from its streams, as a device would write them. */
function figures(src: ParsedActivity, kind: Kind, start: Date, streams: Streams, timezone: string): ParsedActivity {
  const { time, distance } = streams;
  const n = time.length;
  const elapsed = time[n - 1]!;
  let moving = 0;
  let maxSpeed = 0;
  if (distance)
    for (let i = 1; i < n; i++) {
      const dd = (distance[i] ?? 0) - (distance[i - 1] ?? 0);
      const dt = time[i]! - time[i - 1]!;
      if (dt > 0 && dd / dt > 0.3) moving += dt;
      if (dt > 0 && dd / dt > maxSpeed && dd / dt < 40) maxSpeed = dd / dt;
    }
  else moving = elapsed;
  const total = distance ? (distance.findLast((v) => v != null) ?? 0) : null;
  const elevation = streams.altitude ? elevationGainLoss(streams.altitude) : null;
  const hr = stat(streams.heart_rate, 0, n);
  const pw = stat(streams.power, 0, n);
  const cad = stat(streams.cadence, 0, n);
  const laps = autoLaps(kind, start, streams);
  const speed = total && moving ? total / moving : null;
  return parsedActivity({
    format: src.format,
    activityType: src.activityType,
    activityTypeSource: 'file',
    sportRaw: src.sportRaw,
    startTime: start,
    totalElapsedTime: elapsed,
    totalTimerTime: moving,
    movingTime: moving,
    timezone: src.activityType === 'virtual_ride' ? null : timezone,
    distance: total,
    elevationGain: elevation?.gain ?? null,
    elevationLoss: elevation?.loss ?? null,
    averageSpeed: speed,
    maxSpeed: distance ? maxSpeed : null,
    averagePace: speed ? 1000 / speed : null,
    averageHr: hr.avg,
    maxHr: hr.max,
    averagePower: pw.avg,
    maxPower: pw.max,
    averageCadence: cad.avg,
    maxCadence: cad.max,
    calories: Math.round(moving * (kind === 'ride' || kind === 'indoor' ? 0.18 : 0.2)),
    deviceManufacturer: src.deviceManufacturer,
    deviceModel: src.deviceModel,
    startLat: streams.lat?.find((v) => v != null) ?? null,
    startLon: streams.lon?.find((v) => v != null) ?? null,
    laps,
    streams,
  });
}

function autoLaps(kind: Kind, start: Date, streams: Streams): ParsedLap[] {
  const { time, distance } = streams;
  const every = LAP_M[kind];
  const bounds: number[] = [0];
  for (let i = 1; i < time.length; i++) {
    const last = bounds.at(-1)!;
    const done = every && distance ? (distance[i] ?? 0) - (distance[last] ?? 0) >= every : time[i]! - time[last]! >= 600;
    if (done) bounds.push(i);
  }
  if (bounds.at(-1) !== time.length - 1) bounds.push(time.length - 1);
  const laps: ParsedLap[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const a = bounds[k]!;
    const b = bounds[k + 1]!;
    const seconds = time[b]! - time[a]!;
    const metres = distance ? (distance[b] ?? 0) - (distance[a] ?? 0) : null;
    const hr = stat(streams.heart_rate, a, b + 1);
    const pw = stat(streams.power, a, b + 1);
    const cad = stat(streams.cadence, a, b + 1);
    const sp = stat(streams.speed, a, b + 1);
    const climb = streams.altitude ? elevationGainLoss(streams.altitude.slice(a, b + 1)) : null;
    laps.push({
      startTime: new Date(start.getTime() + time[a]! * 1000),
      totalElapsedTime: seconds,
      totalTimerTime: seconds,
      distance: metres,
      averageHr: hr.avg,
      maxHr: hr.max,
      averageSpeed: metres !== null && seconds > 0 ? metres / seconds : null,
      maxSpeed: sp.max,
      averagePower: pw.avg,
      maxPower: pw.max,
      averageCadence: cad.avg,
      maxCadence: cad.max,
      ascent: climb?.gain ?? null,
      totalStrokes: null,
    });
  }
  return laps;
}
