import { computeActivityHrZones } from '../activities/compute-activity-hr-zones';
import { createActivityThumbnail } from '../activities/create-activity-thumbnail';
import { notifyDuplicateStartTime } from '../notifications/notify-duplicate-start-time';
import type { ActivityCreatedSubscriber } from '@/server/events/activity-created';

// CONTRACT: Events: heart-rate zones, the map thumbnail and the duplicate notification.
export const activityCreatedSubscribers: readonly ActivityCreatedSubscriber[] = [
  { name: 'hr-zones', handle: (db, e) => computeActivityHrZones(db, e.activity_id, e.derived) },
  { name: 'thumbnail', handle: (db, e) => createActivityThumbnail(db, e.activity_id, e.derived) },
  { name: 'duplicate-notification', handle: (db, e) => (e.duplicate_start_time ? notifyDuplicateStartTime(db, e.user_id, e.activity_id) : Promise.resolve()) },
];
