import { computeActivityHrZones } from '../activities/compute-activity-hr-zones';
import { createActivityThumbnail } from '../activities/create-activity-thumbnail';
import { announceDueComponents } from '../gear-components/announce-due-components';
import { announceReachedGoals } from '../goals/announce-reached-goals';
import { notifyDuplicateStartTime } from '../notifications/notify-duplicate-start-time';
import { suggestThresholds } from '../performance/suggest-thresholds';
import { storeActivityTiles } from '../explorer/store-activity-tiles';
import { storeActivityRoute } from '../routes/store-activity-route';
import { matchNewActivity } from '../segments/match-new-activity';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event';
import type { ActivityCreatedSubscriber } from '@/server/events/activity-created';

// CONTRACT: Events: heart-rate zones, the map thumbnail and the duplicate notification; the
// simplified route (CONTRACT: Beyond the spec … Maps, privacy zones, sharing); and the user's
// webhooks (CONTRACT: Beyond the spec … Integrations), queued after the upload answered.
export const activityCreatedSubscribers: readonly ActivityCreatedSubscriber[] = [
  { name: 'hr-zones', handle: (db, e) => computeActivityHrZones(db, e.activity_id, e.derived) },
  { name: 'thumbnail', handle: (db, e) => createActivityThumbnail(db, e.activity_id, e.derived) },
  { name: 'route', handle: (db, e) => storeActivityRoute(db, e.activity_id, e.derived.route) },
  { name: 'explorer-tiles', handle: (db, e) => storeActivityTiles(db, e.user_id, [{ activityId: e.activity_id, tiles: e.derived.tiles }]) },
  { name: 'duplicate-notification', handle: (db, e) => (e.duplicate_start_time ? notifyDuplicateStartTime(db, e.user_id, e.activity_id) : Promise.resolve()) },
  // CONTRACT: Explorer, goals, gear components, segments: goals reached, components due
  { name: 'goals', handle: async (db, e) => void (await announceReachedGoals(db, e.user_id)) },
  { name: 'gear-components', handle: async (db, e) => void (await announceDueComponents(db, e.user_id)) },
  // Suggested thresholds (issue 52)
  { name: 'threshold-suggestions', handle: (db, e) => suggestThresholds(db, e.user_id, e.activity_id) },
  // segments: the activity's passes over its owner's segments, and new PRs announced
  { name: 'segments', handle: async (db, e) => void (await matchNewActivity(db, e.user_id, e.activity_id, e.derived.route)) },
  { name: 'webhooks', handle: (db, e) => queueWebhookEvent(db, e.user_id, 'activity.created', { activity_id: e.activity_id }) },
];
