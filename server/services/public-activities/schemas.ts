import { z } from 'zod';
import { activityResponse } from '../activities/schemas';
import { segmentEffortResponse } from '../segments/schemas';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the record without `user_id`,
// `gear_id`, `import`, `provider_activity_id`.
export const publicActivityResponse = activityResponse.omit({ user_id: true, gear_id: true, import: true, provider_activity_id: true });

export type PublicActivityResponse = z.infer<typeof publicActivityResponse>;

/**
 * CONTRACT: Explorer, goals, gear components, segments: a public activity's segment efforts, in the
 * order ridden: the segment's name and length, the pass's figures, and the segment's line as the
 * encoded pieces (precision 5) left outside the owner's privacy zones.
 */
export const publicSegmentEffortResponse = segmentEffortResponse
  .pick({ elapsed_time: true, moving_time: true, average_speed: true, average_hr: true, average_power: true, pr_rank: true })
  .extend({ segment_name: z.string(), distance: z.number(), lines: z.array(z.string()) });
export type PublicSegmentEffortResponse = z.infer<typeof publicSegmentEffortResponse>;
