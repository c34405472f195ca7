import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

test('weight log: two days draw a chart, a repost of a day replaces it, an entry can be deleted', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/weight');
  await expect(page.getByText('No weight entries yet.')).toBeVisible();

  const add = async (day: string, weight: string) => {
    await page.getByLabel('Day').fill(day);
    await page.getByLabel(/^Weight \(/).fill(weight);
    await page.getByRole('button', { name: 'Add entry' }).click();
  };
  await add('2024-03-01', '72.4');
  await add('2024-03-02', '71.9');
  await expect(page.getByTestId('weight-chart').locator('canvas')).toBeVisible();
  await expect(page.locator('.list-item')).toHaveCount(2);

  // CONTRACT: one entry per user and day; a second post for the same day replaces it
  await add('2024-03-02', '71.5');
  await expect(page.locator('.list-item')).toHaveCount(2);
  await expect(page.locator('.list-item').first()).toContainText('71.5');

  await page.getByRole('button', { name: 'Delete the entry of 2024-03-01' }).click();
  await expect(page.locator('.list-item')).toHaveCount(1);
});

test("issue 51: a scale's body composition (posted as openScale-sync does) shows under its weight, in the profile's units", async ({ page, user }) => {
  const scale = await Rest.signIn(user.username, user.password);
  const posted = await scale.json('POST', '/health/weight', {
    date: '2024-04-01',
    weight: 80.2,
    body_fat: 21.5,
    body_water: 55.3,
    muscle_mass: 35.1,
    visceral_fat: 9,
  });
  expect(posted.status).toBe(201);
  await scale.json('POST', '/health/weight', { date: '2024-04-02', weight: 80 });
  await signIn(page, user);
  await page.goto('/settings/weight');
  await expect(page.locator('.list-item')).toHaveCount(2);
  await expect(page.getByTestId('body-composition')).toHaveCount(1);
  await expect(page.locator('.list-item').last().getByTestId('body-composition')).toHaveText(
    /Body fat\s*21\.5 %.*Body water\s*55\.3 %.*Muscle mass\s*35\.1 kg.*Visceral fat\s*9/,
  );
});
