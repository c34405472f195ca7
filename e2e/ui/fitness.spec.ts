import { expectAccessible } from '../fixtures/accessibility';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Beyond the spec … Training load: enter thresholds, upload, see the activity's load and
// the fitness chart move; a threshold change measures the activity again.
test('CONTRACT: … Training load: thresholds give an uploaded ride its load, the fitness chart draws it, and a new FTP measures it again', async ({
  page,
  user,
}) => {
  await signIn(page, user);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fitness' }).click();
  await expect(page.getByRole('heading', { name: 'Fitness', exact: true })).toBeVisible();
  await page.getByLabel('All time').check();
  // the empty state says what to do and leads to the thresholds (issue 50)
  const empty = page.getByTestId('fitness-empty');
  await expect(empty).toContainText('No training load yet');
  await empty.getByRole('link').click();
  await expect(page).toHaveURL(/\/settings\/thresholds$/);

  const addEntry = async (day: string, figures: Record<string, string>) => {
    await page.getByLabel('Effective from').fill(day);
    for (const [label, value] of Object.entries(figures)) await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Add entry' }).click();
  };
  await addEntry('2011-01-01', { 'Max HR (bpm)': '190', 'Resting HR (bpm)': '50', 'LTHR (bpm)': '165', 'FTP (W)': '250' });
  const entries = page.getByTestId('threshold-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('FTP 250 W');
  await expect(entries.first()).toContainText('in effect today');
  await expectAccessible(page, 'settings-thresholds', { ready: (p) => expect(p.getByTestId('threshold-entry')).toHaveCount(1) });

  await page.goto('/activities');
  await dropFiles(page.getByTestId('dropzone'), [corpusFile('fit/garmin_edge800_indoor_trainer.fit')]);
  await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(1, { timeout: 60_000 });
  await page.getByTestId('upload-item').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/activities\/\d+$/);
  const activityUrl = page.url();
  const load = page.getByTestId('training-load');
  await expect(load).toContainText('Load (TSS)');
  await expect(load).toContainText('Intensity factor');
  const firstLoad = Number(await load.locator('.figure', { hasText: 'Load (TSS)' }).locator('.value').textContent());
  expect(firstLoad).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fitness' }).click();
  await page.getByLabel('All time').check();
  await expect(page.getByTestId('fitness-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('current-form')).toContainText(/fresh|neutral|tired/);
  await expectAccessible(page, 'fitness', {
    ready: async (p) => {
      await p.getByLabel('All time').check();
      await expect(p.getByTestId('fitness-chart').locator('canvas')).toBeVisible();
    },
  });

  // a lower FTP from the same day: the job measures the ride again, so its load rises
  await page.goto('/settings/thresholds');
  await addEntry('2011-01-01', { 'Max HR (bpm)': '190', 'Resting HR (bpm)': '50', 'LTHR (bpm)': '165', 'FTP (W)': '200' });
  await expect(page.getByTestId('threshold-entry').first()).toContainText('FTP 200 W');
  await page.goto(activityUrl);
  await expect(async () => {
    await page.reload();
    const value = Number(await page.getByTestId('training-load').locator('.figure', { hasText: 'Load (TSS)' }).locator('.value').textContent());
    expect(value).toBeGreaterThan(firstLoad);
  }).toPass({ timeout: 30_000 });
});
