import { ACTIVITY_TYPES } from '@/server/formats/activity-types';

export { ACTIVITY_TYPES };

/** "trail_run" → "Trail run" */
export function activityTypeLabel(type: string): string {
  const text = type.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
