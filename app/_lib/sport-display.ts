import { activityFamily, isActivityType } from '@/server/formats/activity-types';
import { formatClock, type Units } from './units';

// CONTRACT: Real history and hand-made activities (issue 48, "What people read"): how the web app
// shows a figure whose meaning depends on the sport. The API keeps the device's values.

const familyOf = (activityType: string) => (isActivityType(activityType) ? activityFamily(activityType) : null);

/**
 * Runs and walks count steps: devices store a stride (one foot) per minute, the FIT "rpm", and a
 * runner reads twice that, steps per minute. Everything else keeps revolutions (or strokes) per minute.
 */
export function cadenceDisplay(activityType: string): { unit: 'spm' | 'rpm'; value: (stored: number) => number } {
  const family = familyOf(activityType);
  return family === 'run' || family === 'foot' ? { unit: 'spm', value: (v) => v * 2 } : { unit: 'rpm', value: (v) => v };
}

export const isSwim = (activityType: string) => familyOf(activityType) === 'swim';

const YARD_M = 0.9144;

/** Seconds per 100 m (per 100 yd in imperial), a swimmer's pace; null when not moving. */
export const toSwimPace = (mps: number, units: Units) => (mps > 0.05 ? (100 * (units === 'imperial' ? YARD_M : 1)) / mps : null);

export const swimPaceLabel = (units: Units) => (units === 'imperial' ? '/100 yd' : '/100 m');

/** "2:05" per 100 m, or "—". */
export function swimPaceNumber(mps: number | null | undefined, units: Units): string {
  const pace = mps == null ? null : toSwimPace(mps, units);
  return pace == null ? '—' : formatClock(pace);
}

/**
 * SWOLF ("swim golf"), a pool swimmer's efficiency: seconds plus strokes per pool length, over
 * the lengths the distance covered (lower is better). Null without strokes or a pool length (open
 * water, devices that count none) and for a lap that covered no length (a rest at the wall).
 */
export function swolf(seconds: number | null, strokes: number | null, distance: number | null, poolLength: number | null): number | null {
  if (seconds == null || strokes == null || distance == null || poolLength == null || !(poolLength > 0)) return null;
  const lengths = Math.round(distance / poolLength);
  return lengths >= 1 ? (seconds + strokes) / lengths : null;
}

const INDOOR = new Set(['treadmill', 'indoor_ride', 'virtual_ride', 'virtual_run']);

/** No elevation chart for treadmill, indoor and virtual activities without positions: their altitude is barometer noise (CONTRACT). */
export const showsElevation = (activityType: string, hasPositions: boolean) => hasPositions || !INDOOR.has(activityType);
