import { ACTIVITY_FIELDS, fromWire, LAP_FIELDS } from '@/server/activity-fields';
import type { ParsedLap } from '@/server/formats';
import type { StrideActivity } from './stride-json-schema';

/**
 * stride.json's stored figures under the names ParsedActivity and the activities table share:
 * they rebuild a file-less activity, and they replace what re-parsing our own GPX would derive
 * (the GPX carries the streams, not the figures the provider or the original file gave).
 */
export function summaryFigures(s: NonNullable<StrideActivity['summary']>) {
  return fromWire(ACTIVITY_FIELDS, s);
}

/** stride.json's laps as ParsedLap (the same names as the activity_laps columns). */
export function summaryLaps(s: NonNullable<StrideActivity['summary']>): ParsedLap[] {
  return (s.laps ?? []).map((l) => fromWire(LAP_FIELDS, l));
}
