import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { notifications, segments } from '@/db/schema';
import type { RoutePolyline } from '@/server/formats/route/route-polyline';
import { queueWebhookEvents } from '../webhooks/queue-webhook-event';
import { matchStoredActivities } from './match-stored-activities';
import { segmentPrRankSql } from './segment-pr-rank-sql';

// CONTRACT: Explorer, goals, gear components, segments: a new activity is matched against its
// owner's segments after it is stored (an activity.created subscriber, like the route and the
// tiles), prefiltered by the boxes of its route and of the segments. A pass that ranks first on its
// segment and no pass of it is faster (an old activity imported late can rank first in its day
// and still be no record now) is a new PR: a notification and the webhook event segment_effort.pr.

/** Matches a stored activity; returns the ids of its efforts that are new PRs. */
export async function matchNewActivity(db: Db, userId: number, activityId: number, route: RoutePolyline | null): Promise<number[]> {
  if (!route) return [];
  const candidates = await db
    .select({ id: segments.id, sport: segments.sport, polyline: segments.polyline })
    .from(segments)
    .where(
      and(
        eq(segments.userId, userId),
        lte(segments.minLat, route.maxLat),
        gte(segments.maxLat, route.minLat),
        lte(segments.minLon, route.maxLon),
        gte(segments.maxLon, route.minLon),
      ),
    );
  const written = await matchStoredActivities(db, userId, candidates, [activityId]);
  if (!written.length) return [];
  const prs = await selectRows<{ id: number; segment_id: number; name: string; elapsed_time: number }>(
    db,
    sql`select e.id, e.segment_id, s.name, e.elapsed_time from segment_efforts e join activities a on a.id = e.activity_id join segments s on s.id = e.segment_id
      where e.id in (${sql.join(
        written.map((id) => sql`${id}::integer`),
        sql`, `,
      )}) and ${segmentPrRankSql()} = 1
        and not exists (select 1 from segment_efforts o join activities oa on oa.id = o.activity_id
          where o.segment_id = e.segment_id and o.elapsed_time < e.elapsed_time and not oa.is_hidden and not oa.exclude_from_records)
      order by e.start_time`,
  );
  // one statement for the notifications, one read of the webhooks (not one of each per PR)
  const seconds = (pr: (typeof prs)[number]) => Math.round(Number(pr.elapsed_time) * 10) / 10;
  if (prs.length)
    await db
      .insert(notifications)
      .values(prs.map((pr) => ({ userId, kind: 'segment_pr', activityId, message: `New personal record on ${pr.name}: ${seconds(pr)} s.` })));
  await queueWebhookEvents(
    db,
    userId,
    'segment_effort.pr',
    prs.map((pr) => ({ segment_id: pr.segment_id, effort_id: pr.id, activity_id: activityId, elapsed_time: seconds(pr) })),
  );
  return prs.map((p) => p.id);
}
