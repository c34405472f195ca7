import type { ImportSession } from './import-session';

/**
 * The Strava id an exported activity goes by, which names it (`strava:<id>`) so a re-import, and a
 * Strava sync, find it. A Strava export's Activity ID is that id. A Stride export's is the activity's
 * id on the old instance: for one synced from Strava, stride.json gives its real Strava id instead,
 * so the new instance's Strava sync recognises it rather than storing it again.
 */
export function stravaIdOf(session: ImportSession, exportedId: number): { id: number; synced: boolean } {
  const entry = session.stride.data?.byId.get(exportedId);
  if (entry?.source === 'strava' && entry.provider_activity_id != null) return { id: entry.provider_activity_id, synced: true };
  return { id: exportedId, synced: false };
}
