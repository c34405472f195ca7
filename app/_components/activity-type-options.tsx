import { ACTIVITY_TYPES, activityTypeLabel } from '../_lib/activity-types';

/** The `<option>`s of every activity type, labelled for people (filters and the edit form). */
export function ActivityTypeOptions() {
  return ACTIVITY_TYPES.map((type) => (
    <option key={type} value={type}>
      {activityTypeLabel(type)}
    </option>
  ));
}
