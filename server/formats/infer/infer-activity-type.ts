import type { ActivityType } from '../activity-types';
import { CREATOR_VOCABULARY } from './creator-vocabulary';
import { motionProfile, type MotionInput } from './motion-profile';
import { sportFromMotion } from './motion-rule';
import { NAME_VOCABULARY } from './name-vocabulary';
import { sportOf } from './words';

export interface InferenceInput extends MotionInput {
  name: string | null;
  deviceManufacturer: string | null;
  deviceModel: string | null;
}

export interface Inference {
  type: ActivityType;
  /** Which rule decided: for tests and for the README's account of each corpus file. */
  by: 'name' | 'creator' | 'motion';
}

/**
 * The sport of an activity whose file does not name one (no GPX <type>, TCX "Other", FIT
 * "generic"), in a fixed order: the activity's name, then the recording app or device, then the
 * motion. The first rule that decides wins; null when none does (the caller's fallback is
 * `workout`). Deterministic: the same points always give the same sport.
 */
export function inferActivityType(input: InferenceInput): Inference | null {
  const byName = sportOf(input.name, NAME_VOCABULARY);
  if (byName) return { type: byName, by: 'name' };
  const creator = [input.deviceManufacturer, input.deviceModel].filter(Boolean).join(' ');
  const byCreator = sportOf(creator, CREATOR_VOCABULARY);
  if (byCreator) return { type: byCreator, by: 'creator' };
  const byMotion = sportFromMotion(motionProfile(input));
  return byMotion ? { type: byMotion, by: 'motion' } : null;
}
