import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { writeZip } from '../../server/formats/archive/test-support/zip-writer';
import { thinGpx } from '../../server/formats/test-support/thin-gpx';
import { Rest } from '../fixtures/rest';
import { CORPUS_DIR } from '../fixtures/server-config';
import { expect, test } from '../fixtures/test';

// CONTRACT: Beyond the spec … Imported history, against the built server, through the REST contract only: Strava's figures from the
// manifest, a re-import that creates nothing (blank-named shoes included), the sync of a user
// without a Strava link, and missing fields answering 400 (CONTRACT: Beyond the spec … Imported
// history; spec: Errors).

interface Job {
  status: string;
  progress: { created: number; skipped: number };
  error: Record<string, unknown> | null;
  activity_ids: number[];
}

async function finished(request: APIRequestContext, rest: Rest, statusUrl: string): Promise<Job> {
  let job: Job | null = null;
  await expect
    .poll(
      async () => {
        job = (await (await request.get(statusUrl, { headers: rest.headers() })).json()) as Job;
        return job.status;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^(succeeded|failed)$/);
  return job!;
}

async function importArchive(request: APIRequestContext, rest: Rest, zip: string): Promise<Job> {
  const started = await request.post('/api/v1/strava/import/archive', {
    headers: rest.headers(),
    multipart: { file: { name: 'export.zip', mimeType: 'application/zip', buffer: readFileSync(zip) } },
  });
  expect(started.status()).toBe(202);
  return finished(request, rest, ((await started.json()) as { status_url: string }).status_url);
}

test("an export's manifest gives Strava's four figures; importing it again creates nothing, no second blank-named shoe", async ({ request, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const zip = join(mkdtempSync(join(tmpdir(), 'stride-e2e-figures-')), 'export.zip');
  // Strava thins its export's GPX: a point a minute of a 19-minute run
  const thinned = thinGpx(readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx'), 'utf8'), 60);
  await writeZip(zip, [
    {
      name: 'activities.csv',
      data: Buffer.from(
        'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Activity Gear,Filename,Elapsed Time,Moving Time,Distance,Elevation Gain,Media\n' +
          '7001,"Dec 1, 2015, 8:11:32 PM",Night Run,Run,,1200,3.70,Shoe 1,activities/7001.gpx,1200.0,1100.0,3700.5,25.0,\n',
      ),
    },
    { name: 'activities/7001.gpx', data: Buffer.from(thinned) },
    { name: 'shoes.csv', data: Buffer.from('Shoe Name,Shoe Brand,Shoe Model\n,Asics,Gel\nRacer,Nike,Fly\n') },
  ]);

  const first = await importArchive(request, rest, zip);
  expect(first).toMatchObject({ status: 'succeeded', progress: { created: 1 } });
  const activity = await (await request.get(`/api/v1/activities/${first.activity_ids[0]}`, { headers: rest.headers() })).json();
  expect(activity).toMatchObject({
    total_elapsed_time: 1200,
    moving_time: 1100,
    distance: 3700.5,
    elevation_gain: 25,
    import: { provider_activity_id: 7001, figures_from_manifest: ['total_elapsed_time', 'moving_time', 'distance', 'elevation_gain'] },
  });
  expect(Date.parse(activity.end_time) - Date.parse(activity.start_time)).toBe(1_200_000);
  const gearBefore = (await (await request.get('/api/v1/gears', { headers: rest.headers() })).json()) as { id: number; nickname: string }[];
  expect(gearBefore.map((g) => g.nickname).sort()).toEqual(['Racer', 'Shoe 1']);
  expect(activity.gear_id).toBe(gearBefore.find((g) => g.nickname === 'Shoe 1')!.id);

  const second = await importArchive(request, rest, zip);
  expect(second).toMatchObject({ status: 'succeeded', progress: { created: 0, skipped: 1 } });
  const gearAfter = (await (await request.get('/api/v1/gears', { headers: rest.headers() })).json()) as { id: number }[];
  expect(gearAfter.map((g) => g.id).sort()).toEqual(gearBefore.map((g) => g.id).sort());
});

test('a sync without a Strava link fetches nothing and its job says why: a whole problem with code provider_not_linked', async ({ request, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const started = await request.get('/api/v1/strava/activities?start_date=2024-01-01&end_date=2024-01-31', { headers: rest.headers() });
  expect(started.status()).toBe(202);
  const { job_id, status_url } = (await started.json()) as { job_id: string; status_url: string };
  const job = await finished(request, rest, status_url);
  expect(job.status).toBe('failed');
  expect(job.error).toEqual({
    type: 'urn:service:error:not-found',
    title: 'Not Found',
    status: 404,
    detail: expect.stringContaining('No Strava account is linked'),
    instance: status_url,
    request_id: job_id,
    code: 'provider_not_linked',
  });
});

test('missing required fields answer 400 invalid-input naming them on bodies and queries; wrong values stay 422', async ({ request, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const gear = await request.post('/api/v1/gears', { headers: rest.headers(), data: { gear_type: 'bike' } });
  expect(gear.status()).toBe(400);
  expect(gear.headers()['content-type']).toBe('application/problem+json');
  expect(await gear.json()).toMatchObject({ type: 'urn:service:error:invalid-input', status: 400, detail: 'Missing fields: nickname.' });

  const sync = await request.get('/api/v1/strava/activities?start_date=2024-01-01', { headers: rest.headers() });
  expect(sync.status()).toBe(400);
  expect(await sync.json()).toMatchObject({ type: 'urn:service:error:invalid-input', detail: 'Missing fields: end_date.' });

  const wrong = await request.post('/api/v1/gears', { headers: rest.headers(), data: { nickname: 'Roadie', gear_type: 'boat' } });
  expect(wrong.status()).toBe(422);
  expect((await wrong.json()).errors).toEqual([expect.objectContaining({ field: '/gear_type' })]);
});
