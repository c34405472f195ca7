import type { Sample } from './sample';

/** A Sample's values other than its time and segment, each a column of SampleColumns. */
export const SAMPLE_FIELDS = ['lat', 'lon', 'altitude', 'distance', 'heartRate', 'cadence', 'power', 'speed', 'temperature'] as const;

export type SampleField = (typeof SAMPLE_FIELDS)[number];

const FIRST_CAPACITY = 1024;

function pick(from: Float64Array, to: Float64Array, indices: readonly number[]): void {
  for (let j = 0; j < indices.length; j++) to[j] = from[indices[j]!]!;
}

const filledWithNaN = (length: number): Float64Array => new Float64Array(length).fill(NaN);

/**
 * The points of one activity as columns, Sample's fields each in a typed array, NaN where a
 * point has no value (readers only ever store finite numbers, so NaN says "null" unambiguously).
 * A 48 h GPX at 1 Hz holds 172,800 points: as Sample objects each with its boxed doubles, they
 * were what the parse worker's garbage collector spent its time copying; as columns they are a
 * dozen buffers it never looks into. Grows by doubling while a reader adds points.
 */
export class SampleColumns {
  length = 0;
  /** ms since the epoch */
  time: Float64Array;
  segment: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
  altitude: Float64Array;
  distance: Float64Array;
  heartRate: Float64Array;
  cadence: Float64Array;
  power: Float64Array;
  speed: Float64Array;
  temperature: Float64Array;

  constructor(capacity = FIRST_CAPACITY) {
    const size = Math.max(1, capacity);
    this.time = new Float64Array(size);
    this.segment = new Int32Array(size);
    this.lat = filledWithNaN(size);
    this.lon = filledWithNaN(size);
    this.altitude = filledWithNaN(size);
    this.distance = filledWithNaN(size);
    this.heartRate = filledWithNaN(size);
    this.cadence = filledWithNaN(size);
    this.power = filledWithNaN(size);
    this.speed = filledWithNaN(size);
    this.temperature = filledWithNaN(size);
  }

  /** The same points as a reader that built Sample objects gave them (the FIT reader does). */
  static fromSamples(samples: readonly Sample[]): SampleColumns {
    const columns = new SampleColumns(samples.length);
    // field by field, not a loop over SAMPLE_FIELDS: a key per field keeps each access monomorphic
    for (const s of samples) {
      const i = columns.add(s.time, s.segment);
      columns.set('lat', i, s.lat);
      columns.set('lon', i, s.lon);
      columns.set('altitude', i, s.altitude);
      columns.set('distance', i, s.distance);
      columns.set('heartRate', i, s.heartRate);
      columns.set('cadence', i, s.cadence);
      columns.set('power', i, s.power);
      columns.set('speed', i, s.speed);
      columns.set('temperature', i, s.temperature);
    }
    return columns;
  }

  /** Adds a point with no values yet and returns its index. */
  add(time: number, segment: number): number {
    if (this.length === this.time.length) this.grow();
    const i = this.length++;
    this.time[i] = time;
    this.segment[i] = segment;
    return i;
  }

  /** Stores a reader's value; null (absent) leaves the point without one. */
  set(field: SampleField, i: number, value: number | null): void {
    if (value !== null) this[field][i] = value;
  }

  /** The points at `indices`, in that order, as columns of their own (a FIT file's session). */
  select(indices: readonly number[]): SampleColumns {
    const picked = new SampleColumns(indices.length);
    picked.length = indices.length;
    // column by column: each loop reads one typed array and writes one
    for (let j = 0; j < indices.length; j++) picked.segment[j] = this.segment[indices[j]!]!;
    for (const field of ['time', ...SAMPLE_FIELDS] as const) pick(this[field], picked[field], indices);
    return picked;
  }

  /** The value at `i`, null where the point has none. */
  get(field: SampleField, i: number): number | null {
    const v = this[field][i]!;
    return Number.isNaN(v) ? null : v;
  }

  /** Point `i` has a real position: finite, in range, and not the (0, 0) "no fix" value devices write. */
  hasPosition(i: number): boolean {
    const lat = this.lat[i]!;
    const lon = this.lon[i]!;
    return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
  }

  private grow(): void {
    const size = this.time.length * 2;
    const grown = (old: Float64Array) => {
      const next = new Float64Array(size);
      next.set(old);
      return next.fill(NaN, old.length);
    };
    const time = new Float64Array(size);
    time.set(this.time);
    this.time = time;
    const segment = new Int32Array(size);
    segment.set(this.segment);
    this.segment = segment;
    for (const field of SAMPLE_FIELDS) this[field] = grown(this[field]);
  }
}
