import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityEfforts, notifications, thresholdSuggestions, users } from '@/db/schema';
import { FTP_OF_20_MIN } from '@/server/formats/metrics/critical-power';
import { addDays, localDay } from '@/server/util/local-day';
import { sportFamily } from '../efforts/sport-families';
import { listThresholds } from '../training-load/list-thresholds';
import { thresholdsOn } from '../training-load/thresholds-on';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event';
import { getCurvePoints } from './get-curves';
import { runModel } from './get-performance-model';
import { thresholdSuggestionRecord } from './threshold-suggestion-record';

// Suggested thresholds (issue 52) (activity.created subscriber): a ride whose 20
// minutes give an FTP estimate (95 %) at least 3 % above the FTP in effect on its day, a run that
// takes part in a critical-speed fit (the 90 days up to its day) at least 3 % faster than the
// threshold pace in effect, or a max heart rate above the recorded max (the entry's, else the
// profile's) is suggested as a new dated entry: a row, a notification and `threshold.suggested`.
// Once a suggestion of a kind was accepted or dismissed, that kind is suggested again only when it
// beats that last answered suggestion by the same 3 % too (no repeat of what was already answered).

/** How much an estimate must beat the threshold in effect to be worth offering. */
export const SUGGEST_MARGIN = 1.03;
/** The days of bests a run's critical-speed estimate is fitted over. */
const CS_DAYS = 90;
const TWENTY_MINUTES = 1200;

interface Suggested {
  ftp: number | null;
  thresholdPace: number | null;
  maxHr: number | null;
}

export async function suggestThresholds(db: Db, userId: number, activityId: number): Promise<void> {
  const [found] = await db
    .select({
      type: activities.activityType,
      start: activities.startTime,
      maxHr: activities.maxHr,
      hidden: activities.isHidden,
      excluded: activities.excludeFromRecords,
      timezone: users.timezone,
      profileMaxHr: users.maxHeartRate,
    })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found || found.hidden || found.excluded) return;
  const day = localDay(found.start, found.timezone);
  const inEffect = thresholdsOn(await listThresholds(db, userId), day);
  const suggested: Suggested = { ftp: null, thresholdPace: null, maxHr: null };
  const family = sportFamily(found.type);

  if (family === 'ride' && inEffect?.ftp) {
    const [twenty] = await db
      .select({ watts: activityEfforts.value })
      .from(activityEfforts)
      .where(and(eq(activityEfforts.activityId, activityId), eq(activityEfforts.kind, 'power'), eq(activityEfforts.measure, TWENTY_MINUTES)));
    const ftp = twenty ? Math.round(twenty.watts * FTP_OF_20_MIN) : null;
    if (ftp !== null && ftp >= inEffect.ftp * SUGGEST_MARGIN) suggested.ftp = ftp;
  }
  if (family === 'run' && inEffect?.threshold_pace) {
    const model = runModel(await getCurvePoints(db, userId, 'pace', 'run', addDays(day, 1 - CS_DAYS), day));
    const pace = model.critical_speed?.pace;
    // "raises": this run is one of the bests the fit stands on
    if (pace && model.efforts.some((e) => e.activity_id === activityId) && pace * SUGGEST_MARGIN <= inEffect.threshold_pace) suggested.thresholdPace = pace;
  }
  const recordedMax = inEffect?.max_hr ?? found.profileMaxHr;
  if (found.maxHr !== null && recordedMax !== null && found.maxHr > recordedMax) suggested.maxHr = Math.round(found.maxHr);

  await dropAnswered(db, userId, suggested);
  if (suggested.ftp === null && suggested.thresholdPace === null && suggested.maxHr === null) return;
  const [row] = await db
    .insert(thresholdSuggestions)
    .values({ userId, activityId, effectiveFrom: day, ...suggested })
    .returning();
  await db.insert(notifications).values({ userId, activityId, kind: 'threshold_suggested', message: suggestionMessage(suggested, day) });
  const record = thresholdSuggestionRecord(row!);
  await queueWebhookEvent(db, userId, 'threshold.suggested', {
    suggestion_id: record.id,
    activity_id: activityId,
    effective_from: record.effective_from,
    ftp: record.ftp,
    threshold_pace: record.threshold_pace,
    max_hr: record.max_hr,
  });
}

/** The kind's value in the user's last accepted or dismissed suggestion of that kind, or null. */
async function lastAnswered(db: Db, userId: number, kind: 'ftp' | 'thresholdPace' | 'maxHr'): Promise<number | null> {
  const column = thresholdSuggestions[kind];
  const [last] = await db
    .select({ value: column })
    .from(thresholdSuggestions)
    .where(and(eq(thresholdSuggestions.userId, userId), ne(thresholdSuggestions.status, 'open'), isNotNull(column)))
    .orderBy(desc(thresholdSuggestions.id))
    .limit(1);
  return last?.value ?? null;
}

/** Clears each figure that does not beat the last answered suggestion of its kind by SUGGEST_MARGIN. */
async function dropAnswered(db: Db, userId: number, suggested: Suggested): Promise<void> {
  if (suggested.ftp !== null) {
    const last = await lastAnswered(db, userId, 'ftp');
    if (last !== null && suggested.ftp < last * SUGGEST_MARGIN) suggested.ftp = null;
  }
  if (suggested.thresholdPace !== null) {
    const last = await lastAnswered(db, userId, 'thresholdPace');
    if (last !== null && suggested.thresholdPace * SUGGEST_MARGIN > last) suggested.thresholdPace = null;
  }
  if (suggested.maxHr !== null) {
    const last = await lastAnswered(db, userId, 'maxHr');
    if (last !== null && suggested.maxHr < last * SUGGEST_MARGIN) suggested.maxHr = null;
  }
}

const paceText = (secondsPerKm: number) => `${Math.floor(secondsPerKm / 60)}:${String(Math.round(secondsPerKm % 60)).padStart(2, '0')} /km`;

/** The notification's text (stored, like every notification's, in English; the web app's banner is translated). */
function suggestionMessage(s: Suggested, day: string): string {
  const parts = [
    s.ftp !== null ? `FTP ${s.ftp} W` : null,
    s.thresholdPace !== null ? `threshold pace ${paceText(s.thresholdPace)}` : null,
    s.maxHr !== null ? `max heart rate ${s.maxHr} bpm` : null,
  ].filter(Boolean);
  return `This activity suggests new thresholds from ${day}: ${parts.join(', ')}. Accept them on the Curves page.`;
}
