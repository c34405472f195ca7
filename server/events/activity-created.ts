import type { Db } from '@/db/client';
import { log } from '../log/logger';
import { onShutdown, processValueOr } from '../process-state';
import type { ActivityEfforts } from '../formats/metrics/activity-efforts';
import type { LoadInputs } from '../formats/metrics/training-load';
import type { ExplorerZoom } from '../formats/explorer/track-tiles';
import type { RoutePolyline } from '../formats/route/route-polyline';

// CONTRACT: Events: activity.created, published after the store commits by every ingestion path
// (upload, provider sync, archive import). Subscribers run in this process ("on the worker that
// stored it"), after the caller's response is on its way; a failing subscriber is logged and never
// undoes the stored activity. The subscribers are services, so the caller passes them in (see
// server/services/ingestion/activity-created-subscribers.ts): this module stays below the services.

/** What activity.created subscribers would otherwise compute from the stored streams (derived where the activity was parsed). */
export interface ActivityDerived {
  /** seconds at each whole bpm (hrSecondsByBpm); null without heart rate */
  hrSecondsByBpm: [number, number][] | null;
  /** the route thumbnail; null without a track of two points */
  thumbnailSvg: string | null;
  /** best efforts and power curve, stored with the activity (CONTRACT: … Best efforts and records) */
  efforts: ActivityEfforts;
  /** the simplified route for maps and the heatmap; null without a track of two points */
  route: RoutePolyline | null;
  /** what the training load is computed from under any thresholds (CONTRACT: … Training load) */
  loadInputs: LoadInputs;
  /** the explorer tiles of the track at each zoom (CONTRACT: Explorer, goals, gear components, segments); null without positions */
  tiles: Record<ExplorerZoom, number[]> | null;
}

export interface ActivityCreatedEvent {
  activity_id: number;
  user_id: number;
  source: 'upload' | 'strava' | 'import' | 'manual';
  duplicate_start_time: boolean;
  /** in this process only: what the ingesting worker derived, so subscribers never decode streams */
  derived: ActivityDerived;
}

export interface ActivityCreatedSubscriber {
  name: string;
  handle(db: Db, event: ActivityCreatedEvent): Promise<void>;
}

const pending = processValueOr('pendingEvents', () => new Set<Promise<void>>());

async function deliver(db: Db, event: ActivityCreatedEvent, subscribers: readonly ActivityCreatedSubscriber[]): Promise<void> {
  for (const subscriber of subscribers) {
    try {
      await subscriber.handle(db, event);
    } catch (error) {
      log().error({ err: error, subscriber: subscriber.name, activity_id: event.activity_id }, 'activity.created subscriber failed');
    }
  }
}

/**
 * Schedules the subscribers for each event and returns at once; the returned promise settles when
 * they have all run (callers on the request path do not wait for it). It never rejects.
 */
export function publishActivityCreated(db: Db, events: ActivityCreatedEvent[], subscribers: readonly ActivityCreatedSubscriber[]): Promise<void> {
  const run = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    for (const event of events) await deliver(db, event, subscribers);
  });
  pending.add(run);
  void run.finally(() => pending.delete(run));
  return run;
}

/** Waits until every published event has been handled (tests, graceful shutdown). */
export async function settleEvents(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

// after the job runner stopped (a job may publish as its last step), before the database closes
onShutdown('events', 'activity.created subscribers', settleEvents);
