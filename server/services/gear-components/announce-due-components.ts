import { now } from '@/server/clock';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gearComponents, notifications } from '@/db/schema';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event';
import { componentsWithUse } from './list-gear-components';

// CONTRACT: Explorer, goals, gear components, segments: the service-due notification and webhook
// event gear.service_due fire once per component, when its use first reaches an expected figure.
// due_notified_at is the claim, set by one conditional update: never twice, whatever runs at once;
// changing the expected figures later does not announce the component again.

/** Announces the user's components (in use, not announced) that reached an expected figure; returns their ids. */
export async function announceDueComponents(db: Db, userId: number): Promise<number[]> {
  const candidates = await componentsWithUse(db, userId, and(isNull(gearComponents.dueNotifiedAt), isNull(gearComponents.retiredAt)));
  const announced: number[] = [];
  for (const { row, distance, movingTime } of candidates) {
    const due = (row.expectedDistance != null && distance >= row.expectedDistance) || (row.expectedTime != null && movingTime >= row.expectedTime);
    if (!due) continue;
    const claimed = await db
      .update(gearComponents)
      .set({ dueNotifiedAt: now() })
      .where(and(eq(gearComponents.id, row.id), isNull(gearComponents.dueNotifiedAt)))
      .returning({ id: gearComponents.id });
    if (!claimed.length) continue;
    announced.push(row.id);
    await db.insert(notifications).values({
      userId,
      kind: 'gear_service_due',
      message: `Service due: ${row.name} (${row.kind}) has reached its expected life.`,
    });
    await queueWebhookEvent(db, userId, 'gear.service_due', { gear_id: row.gearId, component_id: row.id, distance, moving_time: movingTime });
  }
  return announced;
}
