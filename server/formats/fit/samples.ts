import { emptySample, type Sample } from '../metrics/sample';
import type { FitMessage } from './decode';
import { numField, timeField } from './fields';

/**
 * FIT records to samples. Records without a timestamp (the FR910XT writes pool-swim records
 * with distance only) cannot be placed on the time axis and are left out of the streams; the
 * session totals still describe the swim.
 */
export function samplesFromRecords(records: readonly FitMessage[]): Sample[] {
  const samples: Sample[] = [];
  for (const r of records) {
    const time = timeField(r, 'timestamp');
    if (time === null) continue;
    const s = emptySample(time);
    s.lat = numField(r, 'position_lat');
    s.lon = numField(r, 'position_long');
    s.altitude = numField(r, 'enhanced_altitude', 'altitude');
    s.distance = numField(r, 'distance');
    s.heartRate = numField(r, 'heart_rate');
    s.cadence = numField(r, 'cadence');
    s.power = numField(r, 'power');
    s.speed = numField(r, 'enhanced_speed', 'speed');
    s.temperature = numField(r, 'temperature');
    samples.push(s);
  }
  return samples;
}
