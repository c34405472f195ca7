import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tinyJpeg } from '../../server/formats/archive/test-support/images';
import { writeZip } from '../../server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR, SERVER_STATE_FILE } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// Upload a Strava export zip on the import page, watch the job's progress to the end,
// and see the imported activity with its photo (and Strava's figures from the manifest).
test('Strava export: upload the zip, watch the import finish, see the activity and its photo', async ({ page, user }) => {
  const zip = join(mkdtempSync(join(tmpdir(), 'stride-e2e-export-')), 'export.zip');
  await writeZip(zip, [
    {
      name: 'activities.csv',
      data: Buffer.from(
        'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename,Media,Elapsed Time,Moving Time,Distance,Elevation Gain\n' +
          '5151,"Dec 1, 2015, 8:11:32 PM",River Loop,Run,,,activities/5151.gpx,media/a.jpg|media/missing.jpg,1200,1100,3700.5,25\n',
      ),
    },
    { name: 'activities/5151.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx')) },
    { name: 'media/a.jpg', data: tinyJpeg(), method: 'store' },
  ]);
  await signIn(page, user);
  await page.goto('/settings/import');
  await page.getByLabel('Strava export zip').setInputFiles(zip);
  const progress = page.getByTestId('job-progress');
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
  await expect(page.getByTestId('job-created')).toHaveText('1');
  await expect(page.getByTestId('job-failed')).toHaveText('0');
  await expect(progress).toContainText('media/missing.jpg');
  // The uploaded zip left the drop folder when its import ended
  await expect(page.getByRole('list', { name: 'Drop folder' })).toHaveCount(0);
  await expect(page.getByText('Nothing yet.')).toBeVisible();

  await page.goto('/activities');
  await page.getByRole('link', { name: 'River Loop' }).click();
  await expect(page.getByRole('img', { name: 'media/a.jpg' })).toBeVisible();
  // CONTRACT: Beyond the spec … Imported history: the manifest's figures are Strava's, and the page says which
  await expect(page.getByTestId('figures-from-manifest')).toHaveText("Elapsed time, Moving time, Distance, Elevation gain: figures from Strava's export.");
  await expect(page.getByTestId('figures')).toContainText('20:00');
});

// The drop folder's exports are listed with their size, and deleted from the import page.
test('the import page lists the drop folder and deletes an export from it', async ({ page, user }) => {
  const { dataDir } = JSON.parse(readFileSync(SERVER_STATE_FILE, 'utf8')) as { dataDir: string };
  const folder = join(dataDir, 'imports', String(user.id));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'placed.zip'), Buffer.alloc(3 * 1024 * 1024));
  await signIn(page, user);
  await page.goto('/settings/import');
  const list = page.getByRole('list', { name: 'Drop folder' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('placed.zip');
  await expect(list).toContainText('Zip · 3.0 MB');
  await list.getByRole('button', { name: 'Delete placed.zip' }).click();
  await expect(page.getByText('Nothing yet.')).toBeVisible();
  expect(existsSync(join(folder, 'placed.zip'))).toBe(false);
});
