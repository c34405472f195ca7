import { EARTH_RADIUS_M, haversine } from '../../metrics/haversine';

// The labelled fixture of issue 53: tracks made from stretches of real recorded tracks, each with
// the number of passes it makes over the segment cut from that stretch, known by construction.
// Positives: the stretch as recorded, with GPS noise, ridden twice, one lane over. Negatives: the
// stretch backwards, a parallel road 45 m off, joined half way, left half way, and a shortcut
// across a bend. Lead-in and lead-out are the real track's own samples around the stretch.

const RAD = Math.PI / 180;

export interface Track {
  time: number[];
  lat: number[];
  lon: number[];
}

export interface LabelledTrack {
  kind: string;
  track: Track;
  passes: number;
}

const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const slice = (t: Track, from: number, to: number): Track => ({ time: t.time.slice(from, to), lat: t.lat.slice(from, to), lon: t.lon.slice(from, to) });

/** Correlated GPS noise of about `sigma` metres (a first-order random walk, as receivers drift). */
export function withNoise(t: Track, sigma: number, random: () => number): Track {
  const mPerLat = EARTH_RADIUS_M * RAD;
  const mPerLon = mPerLat * Math.cos(t.lat[0]! * RAD);
  let [nx, ny] = [0, 0];
  const k = 0.9;
  const step = sigma * Math.sqrt(1 - k * k);
  const lat: number[] = [];
  const lon: number[] = [];
  t.lat.forEach((a, i) => {
    nx = k * nx + step * gaussian(random);
    ny = k * ny + step * gaussian(random);
    lat.push(a + ny / mPerLat);
    lon.push(t.lon[i]! + nx / mPerLon);
  });
  return { time: t.time, lat, lon };
}

/** The track moved `metres` to the right of its direction of travel (a parallel lane or road). */
export function offset(t: Track, metres: number): Track {
  const mPerLat = EARTH_RADIUS_M * RAD;
  const mPerLon = mPerLat * Math.cos(t.lat[0]! * RAD);
  const n = t.lat.length;
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - 5);
    const b = Math.min(n - 1, i + 5);
    const dx = (t.lon[b]! - t.lon[a]!) * mPerLon;
    const dy = (t.lat[b]! - t.lat[a]!) * mPerLat;
    const len = Math.hypot(dx, dy) || 1;
    lat.push(t.lat[i]! + ((-dx / len) * metres) / mPerLat);
    lon.push(t.lon[i]! + ((dy / len) * metres) / mPerLon);
  }
  return { time: t.time, lat, lon };
}

/** The same places in the opposite order, at the same pace. */
export function reversed(t: Track): Track {
  const end = t.time.at(-1)!;
  return { time: t.time.map((x) => end - x).reverse(), lat: [...t.lat].reverse(), lon: [...t.lon].reverse() };
}

/** Two tracks one after the other, `pause` seconds apart. */
export function joined(a: Track, b: Track, pause: number): Track {
  const shift = a.time.at(-1)! + pause - b.time[0]!;
  return { time: [...a.time, ...b.time.map((x) => x + shift)], lat: [...a.lat, ...b.lat], lon: [...a.lon, ...b.lon] };
}

/** Leaves the track at `at` heading off at right angles for `samples` seconds at 3 m/s. */
function turnOff(t: Track, at: number, samples: number): Track {
  const head = slice(t, 0, at + 1);
  const side = offset(slice(t, Math.max(0, at - 10), at + 10), 1);
  const [dLat, dLon] = [side.lat[10]! - t.lat[at]!, side.lon[10]! - t.lon[at]!];
  for (let s = 1; s <= samples; s++) {
    head.time.push(t.time[at]! + s);
    head.lat.push(t.lat[at]! + dLat * 3 * s);
    head.lon.push(t.lon[at]! + dLon * 3 * s);
  }
  return head;
}

/** The stretch between `from` and `to` replaced by a straight line at the same times. */
function straightened(t: Track, from: number, to: number): Track {
  const out = slice(t, 0, t.time.length);
  for (let i = from + 1; i < to; i++) {
    const f = (t.time[i]! - t.time[from]!) / (t.time[to]! - t.time[from]!);
    out.lat[i] = t.lat[from]! + f * (t.lat[to]! - t.lat[from]!);
    out.lon[i] = t.lon[from]! + f * (t.lon[to]! - t.lon[from]!);
  }
  return out;
}

/** How many samples of the track between `from` and `to`, drawn straight, lie over 40 m from every sample of the track. */
function offLine(t: Track, from: number, to: number): number {
  const line = straightened(t, from, to);
  let count = 0;
  for (let i = from; i <= to; i++) {
    if (t.lat.every((lat, j) => haversine(lat, t.lon[j]!, line.lat[i]!, line.lon[i]!) > 40)) count++;
  }
  return count;
}

/**
 * The labelled tracks of one stretch [k, e] of a recorded track (`lead` samples before and after
 * it kept as lead-in and lead-out).
 */
export function labelledTracks(track: Track, k: number, e: number, lead: number, random: () => number): LabelledTrack[] {
  const from = Math.max(0, k - lead);
  const to = Math.min(track.time.length, e + lead + 1);
  const pass = slice(track, from, to);
  const [sk, se] = [k - from, e - from];
  const third = Math.round(sk + (se - sk) * 0.35);
  const out: LabelledTrack[] = [
    { kind: 'recorded', track: pass, passes: 1 },
    { kind: 'noise', track: withNoise(pass, 4, random), passes: 1 },
    { kind: 'twice', track: joined(withNoise(pass, 3, random), withNoise(pass, 3, random), 300), passes: 2 },
    { kind: 'next lane', track: offset(pass, 6), passes: 1 },
    { kind: 'reverse', track: reversed(withNoise(pass, 3, random)), passes: 0 },
    { kind: 'parallel road', track: offset(withNoise(pass, 3, random), 45), passes: 0 },
    { kind: 'joined half way', track: slice(pass, third, pass.time.length), passes: 0 },
    { kind: 'left half way', track: turnOff(pass, Math.round(sk + (se - sk) * 0.6), 60), passes: 0 },
  ];
  // a shortcut only where the straight line leaves the road: 5 of its samples or more over 40 m from every recorded one
  const [a, b] = [Math.round(sk + (se - sk) * 0.2), Math.round(sk + (se - sk) * 0.8)];
  if (offLine(pass, a, b) >= 5) out.push({ kind: 'shortcut', track: straightened(pass, a, b), passes: 0 });
  return out;
}
