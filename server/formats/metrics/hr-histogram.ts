/** A gap longer than this between two samples is a pause: its time counts in no zone. */
export const MAX_SAMPLE_GAP_SECONDS = 30;

/**
 * Seconds spent at each whole bpm, each sample's heart rate holding until the next sample, as
 * [bpm, seconds] pairs. Zone floors are whole bpm, so this is all heart-rate zones need, whatever
 * the user's maximum turns out to be: it is computed once, in the worker that parsed the file.
 */
export function hrSecondsByBpm(time: readonly number[], heartRate: readonly (number | null)[]): [number, number][] {
  const seconds = new Map<number, number>();
  for (let i = 0; i + 1 < time.length; i++) {
    const hr = heartRate[i];
    const dt = time[i + 1]! - time[i]!;
    if (hr == null || !(dt > 0) || dt > MAX_SAMPLE_GAP_SECONDS) continue;
    const bpm = Math.floor(hr);
    seconds.set(bpm, (seconds.get(bpm) ?? 0) + dt);
  }
  return [...seconds];
}
