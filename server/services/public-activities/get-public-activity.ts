import type { Db } from '@/db/client';
import { startHidden } from '@/server/formats/route/privacy-zone-mask';
import { activityRecord } from '../activities/activity-record';
import { getPublicActivityRowOrThrow } from './get-public-activity-row-or-throw';
import type { PublicActivityResponse } from './schemas';

/** GET /public/activities/{id}: the record without the private fields; the start is null where the streams could hide it (a zone's hidden disc and its longest extra cut). */
export async function getPublicActivity(db: Db, activityId: number): Promise<PublicActivityResponse> {
  const { row, zones } = await getPublicActivityRowOrThrow(db, activityId);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- CONTRACT: these fields are never public
  const { user_id, gear_id, import: _import, provider_activity_id, ...record } = activityRecord(row);
  const hideStart = startHidden(row.startLat, row.startLon, zones);
  return { ...record, start_lat: hideStart ? null : record.start_lat, start_lon: hideStart ? null : record.start_lon };
}
