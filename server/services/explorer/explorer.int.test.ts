import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as newTilesRoute from '@/app/api/v1/activities/[activity_id]/new_tiles/route';
import * as summaryRoute from '@/app/api/v1/explorer/summary/route';
import * as tilesRoute from '@/app/api/v1/explorer/tiles/route';
import { activityTiles, jobs } from '@/db/schema';
import { setClockForTests } from '@/server/clock';
import { parseActivityFile } from '@/server/formats';
import { maxCluster, maxSquare } from '@/server/formats/explorer/tile-summary';
import { EXPLORER_TILES_VERSION, tileOfKey, trackTiles } from '@/server/formats/explorer/track-tiles';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { bearerRequest, noParams, routeTestDatabase } from '@/server/testing/route-tests';
import { parsedTrack } from '@/server/testing/parsed-track';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { updateActivity } from '../activities/update-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import { raiseActivityListVersion } from '../sessions/raise-list-version';
import { queueExplorerBackfills } from './queue-explorer-backfills';
import type { ExplorerSummary, ExplorerTilesCollection, NewTiles } from './schemas';

const FILES = ['gpx/strava_export_run_hr_cad_temp.gpx', 'gpx/garmin_connect_run_tpx_hr_cad_temp.gpx', 'fit/garmin_edge500_ride_3h31.fit'];

describe.each(testEngines())('explorer on %s', (engine) => {
  const database = routeTestDatabase(engine);

  it('CONTRACT: Explorer, goals …: tiles stored at upload equal the backfill’s; summary, GeoJSON tiles and new tiles follow the stored sets; hidden left out', async () => {
    const db = database().db;
    const user = await signedInUser(db);
    const parsed = (await Promise.all(FILES.map(async (f) => parseActivityFile(readCorpusFile(f), f.split('/')[1]!)))).flat();
    const ids = (await ingestActivities(db, user.userId, parsed, { source: 'upload' }, { awaitSubscribers: true })).map((i) => i.row.id);
    const stored = async () =>
      new Map(
        (await db.select().from(activityTiles).where(eq(activityTiles.userId, user.userId))).map((r) => [
          r.activityId,
          { z14: r.z14, z17: r.z17, v: r.version },
        ]),
      );
    const atUpload = await stored();
    expect([...atUpload.keys()].sort()).toEqual([...ids].sort());
    expect([...atUpload.values()].every((t) => t.v === EXPLORER_TILES_VERSION && t.z17.length >= t.z14.length)).toBe(true);
    expect(Math.min(...[...atUpload.values()].map((t) => t.z14.length))).toBeGreaterThan(0);

    // the backfill (as at start-up, on the job runner) computes the same sets from the stored tracks
    await db.delete(activityTiles).where(eq(activityTiles.userId, user.userId));
    const queued = await queueExplorerBackfills(db);
    expect(queued.map((j) => j.userId)).toContain(user.userId);
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    const job = (
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.id, queued.find((j) => j.userId === user.userId)!.id))
    )[0]!;
    expect(job).toMatchObject({ status: 'succeeded', result: { activities: ids.length } });
    expect(await stored()).toEqual(atUpload);

    const union = (zoom: 14 | 17, of = ids) => [...new Set(of.flatMap((id) => atUpload.get(id)![`z${zoom}`]))];
    const summary = async (zoom: number) =>
      (await (await summaryRoute.GET(bearerRequest('GET', `/api/v1/explorer/summary?zoom=${zoom}`, user.token), noParams)).json()) as ExplorerSummary;
    // the clock in the year of the latest activity (the profile's zone is UTC): its tiles no earlier activity has are new
    const latest = Math.max(...parsed.map((a) => a.startTime.getTime()));
    setClockForTests(new Date(latest + 86_400_000));
    const yearStart = Date.UTC(new Date(latest + 86_400_000).getUTCFullYear(), 0, 1);
    const firstVisit = (zoom: 14 | 17) => {
      const first = new Map<number, number>();
      ids.forEach((id, i) => atUpload.get(id)![`z${zoom}`].forEach((k) => first.set(k, Math.min(first.get(k) ?? Infinity, parsed[i]!.startTime.getTime()))));
      return first;
    };
    for (const zoom of [14, 17] as const) {
      const keys = union(zoom);
      expect(await summary(zoom)).toEqual({
        tiles: keys.length,
        max_square: maxSquare(keys, zoom),
        max_cluster: maxCluster(keys, zoom),
        new_this_year: [...firstVisit(zoom).values()].filter((t) => t >= yearStart).length,
      });
    }
    setClockForTests(new Date('2099-06-01T00:00:00Z'));
    expect((await summary(17)).new_this_year).toBe(0);
    setClockForTests(undefined);
    expect((await summaryRoute.GET(bearerRequest('GET', '/api/v1/explorer/summary?zoom=15', user.token), noParams)).status).toBe(422);

    // new tiles: the later activity's tiles that no earlier one passed through
    const order = ids.map((id, i) => ({ id, start: parsed[i]!.startTime.getTime() })).sort((a, b) => a.start - b.start);
    const last = order.at(-1)!.id;
    const earlier = new Set(
      union(
        17,
        order.slice(0, -1).map((o) => o.id),
      ),
    );
    const fresh = (await (
      await newTilesRoute.GET(bearerRequest('GET', `/api/v1/activities/${last}/new_tiles`, user.token), {
        params: Promise.resolve({ activity_id: String(last) }),
      })
    ).json()) as NewTiles;
    expect(fresh.z17).toEqual(
      atUpload
        .get(last)!
        .z17.filter((k) => !earlier.has(k))
        .map((k) => tileOfKey(k, 17))
        .map(([x, y]) => ({ x, y })),
    );

    // GeoJSON: every visited tile in a box around the world; a malformed box is a 400
    const all = (await (
      await tilesRoute.GET(bearerRequest('GET', '/api/v1/explorer/tiles?zoom=14&bbox=-180,-85,180,85', user.token), noParams)
    ).json()) as ExplorerTilesCollection;
    expect(all.features.map((f) => `${f.properties.x},${f.properties.y}`).sort()).toEqual(
      union(14)
        .map((k) => tileOfKey(k, 14).join(','))
        .sort(),
    );
    expect((await tilesRoute.GET(bearerRequest('GET', '/api/v1/explorer/tiles?zoom=14&bbox=1,2,3', user.token), noParams)).status).toBe(400);

    // a hidden activity's tiles are not counted
    await updateActivity(db, user.userId, ids[0]!, { is_hidden: true }, undefined);
    expect((await summary(17)).tiles).toBe(union(17, ids.slice(1)).length);
  });

  it('CONTRACT: Explorer …: never across a glitch: an uploaded ride with a GPS teleport stores no tiles along the jump (the backfill alike); the kept summary follows the new tiles', async () => {
    const db = database().db;
    const user = await signedInUser(db);
    const summary = async () =>
      (await (await summaryRoute.GET(bearerRequest('GET', '/api/v1/explorer/summary?zoom=17', user.token), noParams)).json()) as ExplorerSummary;
    expect((await summary()).tiles).toBe(0);
    // 300 s east at ~8 m/s, then 6 km within one second (above a ride's 35 m/s), then 300 s more
    const before = Array.from({ length: 300 }, (_, i): [number, number] => [47.37, 8.5 + i * 0.0001]);
    const after = before.map(([a, o]): [number, number] => [a, o + 0.08 + 0.03]);
    const [ride] = await ingestActivities(
      db,
      user.userId,
      [parsedTrack('2024-05-01T08:00:00Z', [...before, ...after])],
      { source: 'upload' },
      { awaitSubscribers: true },
    );
    const halves = (zoom: 14 | 17) =>
      [
        ...new Set([
          ...trackTiles(
            before.map((p) => p[0]),
            before.map((p) => p[1]),
            zoom,
          ),
          ...trackTiles(
            after.map((p) => p[0]),
            after.map((p) => p[1]),
            zoom,
          ),
        ]),
      ].sort((p, q) => p - q);
    const stored = async () => (await db.select().from(activityTiles).where(eq(activityTiles.activityId, ride!.row.id)))[0]!;
    const atUpload = await stored();
    expect(atUpload.z17.map(Number)).toEqual(halves(17));
    expect(atUpload.z14.map(Number)).toEqual(halves(14));
    const jumpLine = trackTiles([before[299]![0], after[0]![0]], [before[299]![1], after[0]![1]], 17);
    expect(jumpLine.length).toBeGreaterThan(25);
    expect(jumpLine.filter((k) => !halves(17).includes(k)).length).toBeGreaterThan(20);
    // the summary read after the upload counts them (tiles are stored after the activity: its version is raised again)
    expect((await summary()).tiles).toBe(halves(17).length);

    // an older version's tiles are computed again by the backfill, with the same mask; the summary
    // kept meanwhile (read under a new version, without them) gives way to one with them
    await db
      .update(activityTiles)
      .set({ version: EXPLORER_TILES_VERSION - 1, z14: [], z17: [] })
      .where(eq(activityTiles.activityId, ride!.row.id));
    expect((await summary()).tiles).toBe(halves(17).length); // kept: that update is no activity write
    await raiseActivityListVersion(db, user.userId);
    expect((await summary()).tiles).toBe(0);
    await queueExplorerBackfills(db);
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    expect(await stored()).toEqual(atUpload);
    expect((await summary()).tiles).toBe(halves(17).length);
  });
});
