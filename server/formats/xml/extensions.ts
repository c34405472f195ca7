import type { SampleColumns } from '../metrics/sample-columns';
import { asNode, num } from './nodes';

/**
 * Sensor values inside GPX/TCX point extensions, whatever the namespace or wrapper:
 * Garmin TrackPointExtension v1/v2 (hr, cad, atemp, wtemp, speed), gpxdata (hr, cadence, temp),
 * the power extension (PowerInWatts), TCX ActivityExtension (Speed, Watts, RunCadence), and
 * apps that write a bare <power>. Names are compared lowercase without prefix.
 */
const CHANNELS: Record<string, 'heartRate' | 'cadence' | 'temperature' | 'power' | 'speed'> = {
  hr: 'heartRate',
  heartrate: 'heartRate',
  cad: 'cadence',
  cadence: 'cadence',
  runcadence: 'cadence',
  atemp: 'temperature',
  temp: 'temperature',
  wtemp: 'temperature',
  temperature: 'temperature',
  power: 'power',
  powerinwatts: 'power',
  watts: 'power',
  speed: 'speed',
};

type Channel = (typeof CHANNELS)[string];

/** Element name → its channel (or null), so each distinct name is lowercased once per process. */
const channelOfName = new Map<string, Channel | null>();

function channelOf(key: string): Channel | null {
  let channel = channelOfName.get(key);
  if (channel === undefined) {
    const lower = key.toLowerCase();
    // own keys only: "Constructor" lowercased would find Object.prototype's member
    channel = Object.hasOwn(CHANNELS, lower) ? CHANNELS[lower]! : null;
    if (channelOfName.size < 4096) channelOfName.set(key, channel);
  }
  return channel;
}

/** Extension trees are shallow (2–3 levels); the walk stops at 6 regardless. */
const MAX_WALK_DEPTH = 6;

/** The first value of each channel found in `node` (document order), stored for point `i` where it has none yet. */
export function readExtensions(node: unknown, points: SampleColumns, i: number, depth = 0): void {
  const obj = asNode(node);
  if (!obj || depth > MAX_WALK_DEPTH) return;
  // for…in lists the same keys in the same order as Object.keys (element nodes are plain objects
  // whose prototype has nothing enumerable), without an array of them per node
  for (const key in obj) {
    if (key.startsWith('@')) continue;
    const value = obj[key];
    const channel = channelOf(key);
    if (channel && Number.isNaN(points[channel][i])) {
      points.set(channel, i, num(value));
    } else if (value !== null && typeof value === 'object') {
      readExtensions(Array.isArray(value) ? value[0] : value, points, i, depth + 1);
    }
  }
}
