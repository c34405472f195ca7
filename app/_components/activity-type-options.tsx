'use client';
import { ACTIVITY_TYPES } from '../_lib/activity-types';
import { useSportName } from '../_lib/sport-names';

/** The `<option>`s of every activity type, named in the user's language (filters and the edit form). */
export function ActivityTypeOptions() {
  const sportName = useSportName();
  return ACTIVITY_TYPES.map((type) => (
    <option key={type} value={type}>
      {sportName(type)}
    </option>
  ));
}
