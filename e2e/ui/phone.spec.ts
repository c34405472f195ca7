import { VIEWPORTS } from '../fixtures/accessibility';
import { corpusFile } from '../fixtures/corpus';
import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

// Phone: at 390 px the header is one row (the brand and a Menu button), every destination is
// reachable from the menu, tables read as cards with each value named, and taps hit 44 px targets.

test.use({ viewport: VIEWPORTS.phone });

const DESTINATIONS = [
  { link: 'Dashboard', path: /\/dashboard$/ },
  { link: 'Activities', path: /\/activities$/ },
  { link: 'Statistics', path: /\/statistics$/ },
  { link: 'Records', path: /\/records$/ },
  { link: 'Heatmap', path: /\/heatmap$/ },
  { link: 'Settings', path: /\/settings$/ },
];
const MIN_TARGET = 44;

test('at 390 px the header is one row and the menu reaches every destination with 44 px targets', async ({ page, user }) => {
  await signIn(page, user);
  const header = page.locator('header.app-header');
  const menu = page.getByRole('button', { name: 'Menu' });
  const brand = header.getByRole('link', { name: 'Stride' });
  await expect(menu).toBeVisible();
  // one row: the brand and the button side by side, the header no taller than one target and its padding
  const [brandBox, menuBox, headerBox] = await Promise.all([brand.boundingBox(), menu.boundingBox(), header.boundingBox()]);
  expect(Math.abs(brandBox!.y + brandBox!.height / 2 - (menuBox!.y + menuBox!.height / 2))).toBeLessThan(4);
  expect(headerBox!.height).toBeLessThan(MIN_TARGET * 1.6);
  expect(menuBox!.height).toBeGreaterThanOrEqual(MIN_TARGET);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  for (const { link, path } of DESTINATIONS) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const target = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true });
    expect((await target.boundingBox())!.height, link).toBeGreaterThanOrEqual(MIN_TARGET);
    await target.click();
    await expect(page).toHaveURL(path);
    // choosing a destination folds the menu again
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  }

  // Escape folds it too, and Sign out sits in the menu
  await menu.click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeHidden();
});

test('at 390 px the activity list is a list of compact cards, each figure named by its column', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  expect((await rest.upload('run.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer)).status).toBe(201);
  await signIn(page, user);
  // the loaded row (the skeleton's rows hold no link)
  const row = page
    .getByTestId('activities-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('link') });
  await expect(row).toBeVisible();
  const cells = await row
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => ({ display: getComputedStyle(td).display, label: getComputedStyle(td, '::before').content })));
  // issue 50: the name heads the card, date and sport need no caption, the figures keep theirs
  expect(cells.map((cell) => cell.label)).toEqual(['none', 'none', 'none', '"Distance"', '"Duration"', '"Elevation"', '"Avg HR"']);
  // each cell a caption-value pair (a flex box; as flex items of the row they compute to flex, never inline-flex)
  expect(cells.every((cell) => cell.display === 'flex')).toBe(true);
  // compact: the figures share lines of the card, where the other tables' cards give each its own line
  const figureTops = await row.locator('td.num').evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)));
  expect(figureTops).toHaveLength(4);
  expect(new Set(figureTops).size).toBeLessThan(figureTops.length);
  // the card fits the screen: no sideways scrolling
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  // sorting stays at hand as buttons
  const sortByDistance = page.getByRole('button', { name: /^Distance/ });
  await expect(sortByDistance).toBeVisible();
  expect((await sortByDistance.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
});
