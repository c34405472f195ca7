import { corpusFile } from '../fixtures/corpus';
import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

test('gear: each item shows the distance and number of its activities; retiring toggles its status', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/gear');
  await expect(page.getByText('No gear yet.')).toBeVisible();
  await page.getByLabel('Nickname').fill('Road bike');
  await page.getByRole('combobox', { name: /^Kind/ }).selectOption('bike');
  await page.getByLabel('Brand').fill('Canyon');
  await page.getByRole('button', { name: 'Add gear' }).click();
  const bike = page.getByTestId('gear-Road bike');
  await expect(bike).toContainText('Canyon');
  await expect(bike.locator('td.num').nth(1)).toHaveText('0');

  // two rides on the bike, through the API; the page sums them
  const rest = await Rest.signIn(user.username, user.password);
  const gearId = (await rest.json<{ id: number; nickname: string }[]>('GET', '/gears')).body.find((g) => g.nickname === 'Road bike')!.id;
  let metres = 0;
  for (const file of ['tcx/garmin_fr405_indoor_bike_no_gps.tcx', 'fit/garmin_edge500_ride_3h31.fit']) {
    const uploaded = await rest.upload(file.split('/')[1]!, corpusFile(file).buffer);
    expect(uploaded.status).toBe(201);
    const id = uploaded.body[0]!.id;
    const current = await rest.json<{ version: number; distance: number | null }>('GET', `/activities/${id}`);
    expect((await rest.json('PATCH', `/activities/${id}`, { gear_id: gearId }, { 'If-Match': `"${current.body.version}"` })).status).toBe(200);
    metres += current.body.distance ?? 0;
  }
  await page.reload();
  await expect(bike.locator('td.num').nth(1)).toHaveText('2');
  const km = (metres / 1000).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(bike.locator('td.num').first()).toHaveText(`${km} km`);

  await bike.getByRole('button', { name: 'Retire Road bike' }).click();
  await expect(bike).toContainText('Retired');
  await bike.getByRole('button', { name: 'Reactivate Road bike' }).click();
  await expect(bike).toContainText('Active');
});

test('gear CSV import: shoes created, a second import skips the names already present, a wrong file gets its reason', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/gear');
  const result = page.getByTestId('gear-import-result');
  const importCsv = async (kind: 'bikes' | 'shoes', file: string) => {
    await page.getByLabel('Export file').selectOption(kind);
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(corpusFile(file));
    await page.getByRole('button', { name: 'Import' }).click();
  };

  await importCsv('shoes', 'csv/shoes.csv');
  await expect(result).toHaveText(/^6 created, 0 skipped/);
  await expect(page.getByTestId('gear-OC3')).toContainText('Olympikus Corre3');
  // CONTRACT: a blank shoe name becomes "Shoe 1"
  await expect(page.getByTestId('gear-Shoe 1')).toContainText('Skechers Speed Beast');

  // the five named shoes exist now; the blank one becomes the next free "Shoe N"
  await importCsv('shoes', 'csv/shoes.csv');
  await expect(result).toHaveText(/^1 created, 5 skipped/);
  await expect(page.getByTestId('gear-Shoe 2')).toBeVisible();

  await importCsv('bikes', 'csv/bikes.csv');
  await expect(result).toHaveText(/^0 created, 0 skipped/);

  // spec: a file without the expected headers is refused (424) with a detail saying which
  await importCsv('bikes', 'csv/activities.csv');
  await expect(page.getByRole('form', { name: 'Import gear from a CSV file' }).getByRole('alert')).toContainText(/header/i);
  await expect(result).toHaveText('');
});

test('gear imported while the first list answer is still on its way shows up once it lands', async ({ page, user }) => {
  // The list's first answer is read by the server before the import and delivered after it
  // (CI caught this under load): the page must fetch the list again, not keep that answer.
  let releaseFirstList!: () => void;
  const firstListHeld = new Promise<void>((resolve) => (releaseFirstList = resolve));
  let firstList = true;
  await page.route(/\/api\/trpc\/[^?]*gear\.list/, async (route) => {
    const response = await route.fetch();
    if (firstList) {
      firstList = false;
      await firstListHeld;
    }
    await route.fulfill({ response });
  });
  await signIn(page, user);
  await page.goto('/settings/gear');
  await page.getByLabel('Export file').selectOption('shoes');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(corpusFile('csv/shoes.csv'));
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('gear-import-result')).toHaveText(/^6 created, 0 skipped/);
  releaseFirstList();
  await expect(page.getByTestId('gear-OC3')).toContainText('Olympikus Corre3');
});
