import { SampleColumns } from '../metrics/sample-columns';
import type { FitMessage } from './decode';
import { numField, timeField } from './fields';

/**
 * FIT records to samples. Records without a timestamp (the FR910XT writes pool-swim records
 * with distance only) cannot be placed on the time axis and are left out of the streams; the
 * session totals still describe the swim.
 */
export function samplesFromRecords(records: readonly FitMessage[]): SampleColumns {
  const samples = new SampleColumns(records.length);
  for (const r of records) {
    const time = timeField(r, 'timestamp');
    if (time === null) continue;
    const i = samples.add(time, 0);
    samples.set('lat', i, numField(r, 'position_lat'));
    samples.set('lon', i, numField(r, 'position_long'));
    samples.set('altitude', i, numField(r, 'enhanced_altitude', 'altitude'));
    samples.set('distance', i, numField(r, 'distance'));
    samples.set('heartRate', i, numField(r, 'heart_rate'));
    samples.set('cadence', i, numField(r, 'cadence'));
    samples.set('power', i, numField(r, 'power'));
    samples.set('speed', i, numField(r, 'enhanced_speed', 'speed'));
    samples.set('temperature', i, numField(r, 'temperature'));
  }
  return samples;
}
