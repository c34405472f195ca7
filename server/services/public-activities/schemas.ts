import type { z } from 'zod';
import { activityResponse } from '../activities/schemas';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the record without `user_id`,
// `gear_id`, `import`, `provider_activity_id`.
export const publicActivityResponse = activityResponse.omit({ user_id: true, gear_id: true, import: true, provider_activity_id: true });

export type PublicActivityResponse = z.infer<typeof publicActivityResponse>;
