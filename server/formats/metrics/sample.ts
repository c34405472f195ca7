/**
 * One recorded point in a format-neutral shape, built by the FIT reader; the GPX/TCX readers add
 * their points to SampleColumns (sample-columns.ts), the form the metrics read. `segment`
 * separates GPX tracks/segments (and TCX tracks): distance is never bridged across a segment
 * boundary.
 */
export interface Sample {
  /** ms since the epoch */
  time: number;
  lat: number | null;
  lon: number | null;
  altitude: number | null;
  /** Cumulative device distance (m), when the file carries one. */
  distance: number | null;
  heartRate: number | null;
  cadence: number | null;
  power: number | null;
  /** m/s */
  speed: number | null;
  temperature: number | null;
  segment: number;
}

export function emptySample(time: number, segment = 0): Sample {
  return {
    time,
    lat: null,
    lon: null,
    altitude: null,
    distance: null,
    heartRate: null,
    cadence: null,
    power: null,
    speed: null,
    temperature: null,
    segment,
  };
}
