import { deflateJson, deflateJsonOffThread } from '../../../db/stream-codec';
import type { ActivityDerived } from '../../events/activity-created';
import { activityTrackTiles } from '../../formats/explorer/track-tiles';
import { activityEfforts, NO_EFFORTS } from '../../formats/metrics/activity-efforts';
import { hrSecondsByBpm } from '../../formats/metrics/hr-histogram';
import { loadInputs, NO_LOAD_INPUTS } from '../../formats/metrics/training-load';
import { routeThumbnailSvg } from '../../formats/metrics/route-thumbnail-svg';
import { routePolyline } from '../../formats/route/route-polyline';
import type { ActivityType, ParsedActivity } from '../../formats';
import { roundStream, type RoundedStream } from './rounded-stream';

// Everything an ingested activity costs in CPU beyond parsing, done where it was parsed (a pool
// worker for files): its streams rounded and encoded in their stored form, and what the
// activity.created subscribers derive from them. The request thread then only stores bytes.

/**
 * Decimals kept per stream: 7 for coordinates (~1 cm), finer than any device records elsewhere.
 * Halves the stored text of a long ride compared with full doubles.
 */
const STREAM_DECIMALS = { time: 3, lat: 7, lon: 7, distance: 2, altitude: 2, heart_rate: 1, cadence: 1, power: 1, speed: 3, temperature: 1 } as const;

export type StreamName = keyof typeof STREAM_DECIMALS;
export const STREAM_NAMES = Object.keys(STREAM_DECIMALS) as StreamName[];

export interface EncodedStreams {
  /** every present stream's stored bytes (raw deflate of its JSON), one after another */
  bytes: Uint8Array;
  /** byte length of each stream in `bytes`, in STREAM_NAMES order; null where the stream is absent */
  lengths: (number | null)[];
}

export type PreparedActivity = Omit<ParsedActivity, 'streams'> & {
  /** null when the activity has no time stream (nothing is stored) */
  streams: EncodedStreams | null;
  derived: ActivityDerived;
};

type RoundedStreams = Map<StreamName, RoundedStream>;

const noDerived = (): ActivityDerived => ({
  hrSecondsByBpm: null,
  thumbnailSvg: null,
  efforts: NO_EFFORTS,
  route: null,
  loadInputs: NO_LOAD_INPUTS,
  tiles: null,
});

export function prepareActivity({ streams, ...activity }: ParsedActivity): PreparedActivity {
  if (!streams.time.length) return { ...activity, streams: null, derived: noDerived() };
  const rounded = roundStreams(streams);
  const encoded = STREAM_NAMES.map((name) => (rounded.has(name) ? deflateJson(rounded.get(name)!.json) : null));
  return { ...activity, streams: packStreams(encoded), derived: deriveFigures(rounded, activity.activityType) };
}

/**
 * A stream's JSON from this size on is deflated on libuv's thread pool; a smaller one here. Each
 * deflate sent to the pool costs this thread a zlib stream of its own, more than deflating a short
 * stream itself at level 1, and the pool's threads take the cores a throughput-bound run needs:
 * the archive import is fastest with none sent and slowest with all (bench/README.md). A 24 h
 * track's long streams still overlap with its figures.
 */
const OFF_THREAD_DEFLATE_BYTES = 256 * 1024;

/**
 * prepareActivity with each long stream deflated on libuv's thread pool while this thread derives
 * the figures: the same bytes and figures, sooner where a core is free (a pool worker parsing an
 * upload, the request thread waiting). `offThreadBytes` is
 * for tests, which send every stream to the pool.
 */
export async function prepareActivityOverlapped(
  { streams, ...activity }: ParsedActivity,
  offThreadBytes = OFF_THREAD_DEFLATE_BYTES,
): Promise<PreparedActivity> {
  if (!streams.time.length) return { ...activity, streams: null, derived: noDerived() };
  const rounded = roundStreams(streams);
  const deflating = STREAM_NAMES.map((name) => {
    const json = rounded.get(name)?.json;
    if (!json) return null;
    return json.length < offThreadBytes ? deflateJson(json) : deflateJsonOffThread(json);
  });
  const derived = deriveFigures(rounded, activity.activityType);
  return { ...activity, streams: packStreams(await Promise.all(deflating)), derived };
}

function roundStreams(streams: ParsedActivity['streams']): RoundedStreams {
  const rounded: RoundedStreams = new Map();
  for (const name of STREAM_NAMES) {
    const values = (streams as Partial<Record<StreamName, (number | null)[]>>)[name];
    if (values) rounded.set(name, roundStream(values, STREAM_DECIMALS[name], (DERIVED_FROM as readonly StreamName[]).includes(name)));
  }
  return rounded;
}

/** The streams' stored bytes in one buffer of its own, so it can be moved to the request thread rather than copied. */
function packStreams(encoded: (Uint8Array | null)[]): EncodedStreams {
  const bytes = new Uint8Array(encoded.reduce((n, e) => n + (e?.length ?? 0), 0));
  let offset = 0;
  for (const e of encoded) if (e) offset += (bytes.set(e, offset), e.length);
  return { bytes, lengths: encoded.map((e) => e?.length ?? null) };
}

/** The streams deriveFigures reads, in its order; of the others only the stored JSON text is written. */
const DERIVED_FROM = ['time', 'heart_rate', 'lat', 'lon', 'distance', 'power', 'altitude', 'speed'] as const;

function deriveFigures(rounded: RoundedStreams, type: ActivityType): ActivityDerived {
  const values = (name: StreamName) => rounded.get(name)?.values ?? undefined;
  const [time, hr, lat, lon, distance, power, altitude, speed] = DERIVED_FROM.map(values);
  return {
    hrSecondsByBpm: hr ? hrSecondsByBpm(time as number[], hr) : null,
    thumbnailSvg: lat && lon ? routeThumbnailSvg(lat, lon) : null,
    efforts: activityEfforts(type, { time, distance, power, heartRate: hr, altitude, speed, lat, lon }),
    route: lat && lon ? routePolyline(lat, lon) : null,
    loadInputs: loadInputs({ time, heartRate: hr, power }),
    // from the dense track, never across a glitch of the activity's type
    tiles: activityTrackTiles(type, { time: time as number[] | undefined, lat, lon }),
  };
}

/** The stored text of each stream (base64 of its bytes), by name; absent streams are null. */
export function storedStreamTexts(streams: EncodedStreams): Record<StreamName, string | null> {
  const texts = {} as Record<StreamName, string | null>;
  let offset = 0;
  STREAM_NAMES.forEach((name, i) => {
    const length = streams.lengths[i];
    texts[name] = length == null ? null : Buffer.from(streams.bytes.buffer, streams.bytes.byteOffset + offset, length).toString('base64');
    offset += length ?? 0;
  });
  return texts;
}
