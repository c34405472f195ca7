import { syntheticGpx } from '../fixtures/gpx';
import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Explorer, goals, gear components, segments: the heatmap page's explorer layer, the
// dashboard's goals card and the gear page's wear bars.

/** A 10-minute run that ended a few minutes ago: in this week, month and year of a UTC profile. */
const recentRun = () => syntheticGpx(600, new Date(Date.now() - 15 * 60_000));

test('goals card: a goal added on the dashboard shows its bar, full and marked reached once an activity of this week meets it', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/dashboard');
  const card = page.getByTestId('goals-card');
  await expect(card.getByText('No goals yet.')).toBeVisible();
  await card.getByText('Add a goal').click();
  await card.getByLabel('Period').selectOption('week');
  await card.getByLabel('Measure').selectOption('count');
  await card.getByLabel('Target').fill('1');
  await card.getByRole('button', { name: 'Add goal' }).click();
  const bar = card.getByRole('progressbar', { name: 'Activities per week · all sports' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  const rest = await Rest.signIn(user.username, user.password);
  expect((await rest.upload('recent.gpx', recentRun())).status).toBe(201);
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByText('Reached')).toBeVisible();
  await expect(card).toContainText('1 of 1');
  await card.getByRole('button', { name: 'Remove Activities per week · all sports' }).click();
  await expect(card.getByText('No goals yet.')).toBeVisible();
});

test('gear components: a part shows its wear as a bar; replace retires it and installs a new one at 0 %', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const gear = (await rest.json<{ id: number }>('POST', '/gears', { nickname: 'Road bike', gear_type: 'bike' })).body;
  const uploaded = await rest.upload('recent.gpx', recentRun());
  const id = uploaded.body[0]!.id;
  const activity = (await rest.json<{ version: number; distance: number }>('GET', `/activities/${id}`)).body;
  expect((await rest.json('PATCH', `/activities/${id}`, { gear_id: gear.id }, { 'If-Match': `"${activity.version}"` })).status).toBe(200);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const part = await rest.json('POST', `/gears/${gear.id}/components`, {
    name: 'Chain',
    kind: 'chain',
    installed_at: yesterday,
    expected_distance: activity.distance * 4,
  });
  expect(part.status).toBe(201);

  await signIn(page, user);
  await page.goto('/settings/gear');
  await page.getByText('Components of Road bike').click();
  const panel = page.getByTestId('components-Road bike');
  const wear = panel.getByRole('progressbar', { name: 'Wear of Chain' });
  await expect(wear).toHaveAttribute('aria-valuenow', '25');
  await panel.getByRole('button', { name: 'Replace Chain' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
  await expect(wear).toHaveAttribute('aria-valuenow', '0');
  await panel.getByText('Retired parts').click();
  await expect(panel.getByRole('listitem').filter({ hasText: /^Chain \(chain\):/ })).toBeVisible();
});

test('explorer layer: after an upload the heatmap page shows the summary of the API and shades the visited tiles in view', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  expect((await rest.upload('recent.gpx', recentRun())).status).toBe(201);
  const summary = (await rest.json<{ tiles: number; max_square: { size: number } }>('GET', '/explorer/summary?zoom=14')).body;
  expect(summary.tiles).toBeGreaterThan(0);

  await signIn(page, user);
  await page.goto('/heatmap');
  const card = page.getByTestId('explorer');
  await expect(card.getByTestId('explorer-summary')).toContainText(
    `${summary.tiles} tiles visited · largest square ${summary.max_square.size} × ${summary.max_square.size}`,
  );
  const map = card.getByTestId('explorer-map');
  await expect(map).toHaveAttribute('data-state', 'ready');
  // the view fits the largest square: its tiles are drawn as shaded squares (and the square's outline)
  const shown = Number(await map.getAttribute('data-tiles'));
  expect(shown).toBeGreaterThan(0);
  await expect(map.locator('.leaflet-overlay-pane path')).toHaveCount(shown + 1);
  await expect(card).toContainText(`${shown} ${shown === 1 ? 'tile' : 'tiles'} shown in this view.`);
});
