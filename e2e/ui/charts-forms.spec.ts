import { expectAccessible } from '../fixtures/accessibility';
import { corpusFile } from '../fixtures/corpus';
import { expectNoSidewaysScroll, signedInAs, text } from '../fixtures/languages';
import { Rest } from '../fixtures/rest';
import { SCREENSHOT_DIR } from '../fixtures/server-config';
import { expect, test } from '../fixtures/test';

// Issue 50, charts and forms a person can read: the power curve on labelled durations (activity
// page and Records), fitness with a range that holds load and an empty state that says what to do,
// thresholds that apply since the beginning and refuse an empty entry, and refused fields marked
// and named in the person's language. English at desktop width, German on a phone.

const RIDE_WITH_POWER = 'fit/garmin_edge800_indoor_trainer.fit';
const DURATION = /^\d+ (s|min|h)$/;

for (const [lang, width] of [
  ['en', 'desktop'],
  ['de', 'phone'],
] as const) {
  test(`power curve (${lang}, ${width}): whole training durations on a log axis, whole watts, on the ride and on Records`, async ({ browser, user }) => {
    const rest = await Rest.signIn(user.username, user.password);
    const uploaded = await rest.upload('ride.fit', corpusFile(RIDE_WITH_POWER).buffer);
    expect(uploaded.status).toBe(201);
    const { context, page } = await signedInAs(browser, user, lang, width);
    for (const where of [`/activities/${uploaded.body[0]!.id}`, '/records']) {
      await page.goto(where);
      if (where === '/records') await page.getByLabel(text(lang, 'records.sport')).selectOption('ride');
      const curve = page.getByTestId('power-curve');
      await expect(curve).toHaveAttribute('data-x-labels', /\|/, { timeout: 30_000 });
      const xLabels = (await curve.getAttribute('data-x-labels'))!.split('|');
      expect(xLabels[0]).toBe('1 s');
      expect(
        xLabels.every((label) => DURATION.test(label)),
        xLabels.join(', '),
      ).toBe(true);
      if (width === 'desktop') expect(xLabels).toEqual(expect.arrayContaining(['5 s', '1 min']));
      const yLabels = (await curve.getAttribute('data-y-labels'))!.split('|');
      expect(
        yLabels.every((label) => /^\d+$/.test(label)),
        yLabels.join(', '),
      ).toBe(true);
      await expectNoSidewaysScroll(page, where);
      if (lang === 'en' && where !== '/records') await curve.screenshot({ path: `${SCREENSHOT_DIR}/power-curve.png` });
    }
    await context.close();
  });

  test(`fitness and thresholds (${lang}, ${width}): the empty state leads to thresholds, an empty entry is refused, the first applies since the beginning`, async ({
    browser,
    user,
  }) => {
    const { context, page } = await signedInAs(browser, user, lang, width);
    await page.goto('/fitness');
    const empty = page.getByTestId('fitness-empty');
    await expect(empty).toContainText(text(lang, 'fitnessEmpty.noThresholds').split(':')[0]!);
    await empty.getByRole('link').click();
    await expect(page).toHaveURL(/\/settings\/thresholds$/);

    const since = page.getByLabel(text(lang, 'thresholdsForm.sinceBeginning'));
    await expect(since).toBeChecked();
    const add = page.getByRole('button', { name: text(lang, 'trainingLoad.thresholds.add') });
    // every value empty: refused by the service, said in the person's language
    await add.click();
    await expect(page.locator('.alert')).toContainText(text(lang, 'formErrors.oneValueNeeded'));
    await expect(page.getByTestId('threshold-entry')).toHaveCount(0);

    // a refused field is marked and named, without zod's wording (threshold pace of 45 min/km is out of range)
    const resting = page.getByLabel(text(lang, 'trainingLoad.thresholds.fields.restingHr'));
    await page.getByLabel(text(lang, 'thresholdsForm.paceLabel').replace('{unit}', '/km')).fill('45:00');
    await add.click();
    const pace = page.getByLabel(text(lang, 'thresholdsForm.paceLabel').replace('{unit}', '/km'));
    await expect(pace).toHaveAttribute('aria-invalid', 'true');
    const limit = text(lang, 'formErrors.tooBig').replace('{limit}', lang === 'de' ? '1.800' : '1,800');
    await expect(page.locator('.field-error')).toHaveText(limit);
    await expect(page.getByTestId('field-errors')).toContainText(`${text(lang, 'thresholdsForm.paceLabel').replace('{unit}', '/km')}: ${limit}`);
    await expect(page.locator('.alert')).not.toContainText('Too big');
    await expect(pace).toHaveAccessibleDescription(limit);
    await pace.fill('');

    await page.getByLabel(text(lang, 'trainingLoad.thresholds.fields.maxHr')).fill('190');
    await resting.fill('50');
    await page.getByLabel(text(lang, 'trainingLoad.thresholds.fields.ftp')).fill('250');
    await add.click();
    const entry = page.getByTestId('threshold-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(text(lang, 'thresholdsForm.beginning'));
    await expect(pace).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page, 'thresholds');

    // an old ride gets load from that entry, and Fitness opens on a range that shows it
    const rest = await Rest.signIn(user.username, user.password);
    expect((await rest.upload('ride.fit', corpusFile(RIDE_WITH_POWER).buffer)).status).toBe(201);
    await expect(async () => {
      await page.goto('/fitness');
      await expect(page.getByTestId('fitness-chart').locator('canvas')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByLabel(text(lang, 'trainingLoad.fitness.allTime'))).toBeChecked();
    await expectNoSidewaysScroll(page, 'fitness');
    if (lang === 'en') {
      await expectAccessible(page, 'fitness-default-range', { ready: (p) => expect(p.getByTestId('fitness-chart').locator('canvas')).toBeVisible() });
      // in imperial units the threshold pace is asked per mile
      expect((await rest.json('PUT', '/profile', { preferred_units: 'imperial' })).status).toBe(200);
      await page.goto('/settings/thresholds');
      await expect(page.getByLabel('Threshold pace (min:s /mi)')).toBeVisible();
    }
    await context.close();
  });
}
