import IntlMessageFormat from 'intl-messageformat';
import { corpusFile } from '../fixtures/corpus';
import { syntheticGpx } from '../fixtures/gpx';
import { expectNoSidewaysScroll, signedInAs, text } from '../fixtures/languages';
import { Rest } from '../fixtures/rest';
import { SCREENSHOT_DIR } from '../fixtures/server-config';
import { expect, test } from '../fixtures/test';

// Issue 50, phones: at 390 px no page scrolls sideways in German or French (long week labels,
// long words), the activity list shows at least four compact rows a screen, and the laps stay a table.

const PAGES = [
  '/dashboard',
  '/activities',
  '/statistics',
  '/calendar',
  '/records',
  '/curves',
  '/segments',
  '/fitness',
  '/heatmap',
  '/settings',
  '/settings/security',
  '/settings/weight',
  '/settings/thresholds',
  '/settings/gear',
  '/settings/privacy',
  '/settings/notifications',
  '/settings/import',
  '/settings/integrations',
  '/api/docs',
  '/no-such-page',
];

for (const lang of ['de', 'fr'] as const) {
  test(`${lang} at 390 px: no page scrolls sideways, an activity with a 10,000-letter word included`, async ({ browser, user }) => {
    test.setTimeout(240_000);
    const rest = await Rest.signIn(user.username, user.password);
    const laps = await rest.upload('laps.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer);
    expect(laps.status).toBe(201);
    const id = laps.body[0]!.id;
    const current = await rest.json<{ version: number; name: string }>('GET', `/activities/${id}`);
    const word = 'x'.repeat(10_000);
    expect((await rest.json('PATCH', `/activities/${id}`, { description: word }, { 'If-Match': `"${current.body.version}"` })).status).toBe(200);
    // a pool swim (SWOLF, strokes and pool length; the laps table's strokes and SWOLF columns) and a
    // segment made from the run (its map, From/To and efforts)
    const swim = await rest.upload('swim.fit', corpusFile('fit/garmin_fr910xt_pool_swim_25m.fit').buffer);
    expect(swim.status).toBe(201);
    const segment = await rest.json<{ id: number }>('POST', '/segments', { activity_id: id, start_index: 10, end_index: 200 });
    expect(segment.status).toBe(201);
    const { context, page } = await signedInAs(browser, user, lang, 'phone');
    for (const path of [...PAGES, `/activities/${swim.body[0]!.id}`, `/segments/${segment.body.id}`, `/activities/${id}`]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, `${lang} ${path}`);
    }
    // the file has no name: the one the service made ("Morning Run", stored in English for REST
    // clients) reads in the page's language on the activity page too, as in the lists (issue 50)
    const made = /^(Morning|Lunch|Afternoon|Evening|Night) Run$/.exec(current.body.name);
    expect(made, current.body.name).not.toBeNull();
    const spoken = new IntlMessageFormat(text(lang, 'generatedNames.name'), lang).format({ part: made![1]!.toLowerCase(), sport: text(lang, 'sports.run') });
    await expect(page.getByTestId('activity-name')).toHaveText(String(spoken));
    // the laps: one table row a lap, not a card of eight lines
    const lapRow = page.getByTestId('laps').locator('tbody tr').first();
    expect((await lapRow.boundingBox())!.height).toBeLessThan(60);
    await context.close();
  });
}

test('de at 390 px: the activity list shows at least four compact rows on a 390 × 844 screen', async ({ browser, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  for (let i = 0; i < 5; i++) {
    const start = new Date(Date.UTC(2025, 4, 1 + i, 7));
    expect((await rest.upload(`run-${i}.gpx`, syntheticGpx(600, start).replace('Synthetic long run', `Lauf ${i + 1}`))).status).toBe(201);
  }
  const { context, page } = await signedInAs(browser, user, 'de', 'phone');
  await page.goto('/activities');
  const rows = page
    .getByTestId('activities-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(5);
  const boxes = await Promise.all([0, 1, 2, 3].map(async (i) => (await rows.nth(i).boundingBox())!));
  // four rows, their gaps included, take less than the screen's height
  expect(boxes[3]!.y + boxes[3]!.height - boxes[0]!.y).toBeLessThan(844);
  await expectNoSidewaysScroll(page, 'the activity list');
  // the filters' captions wrap between words, never inside one ("Ausgeblendet|e Aktivitäten")
  const splitWords = await page
    .getByTestId('show-hidden')
    .locator('xpath=..')
    .evaluate((label) => {
      const split: string[] = [];
      for (const node of label.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        for (const word of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length > 1) split.push(word[0]);
        }
      }
      return split;
    });
  expect(splitWords).toEqual([]);
  // the screenshot shows the rows from the first one at the top of the screen
  await rows.nth(0).evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-list-de.png` });
  await context.close();
});
