import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expectAccessible, VIEWPORTS } from '../fixtures/accessibility';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { syntheticGpx } from '../fixtures/gpx';
import { signedInAs, text } from '../fixtures/languages';
import { Rest, type TestUser } from '../fixtures/rest';
import { SCREENSHOT_DIR } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// Issue 50, the everyday flows: sharing (visibility and hidden in the edit form, hidden activities
// listed and unhidden, a duplicate upload answered as one), the upload queue (40 files through the
// UPLOAD limit), hand-made activities, and the type changed only with an explicit save. In English
// at desktop width and German on a phone (390 px), with the axe check.

const WORDS = {
  en: {
    edit: 'Edit',
    save: 'Save',
    visibility: 'Visibility',
    hidden: 'Hidden',
    showHidden: 'Show hidden activities',
    unhide: 'Unhide',
    duplicateOf: 'Duplicate of',
    makePublic: 'Make public and copy the link',
    anyone: 'Anyone with the link',
    add: 'Add activity by hand',
    name: 'Name',
    duration: 'Duration (h:mm:ss)',
    moving: 'Moving time (optional)',
    distance: 'Distance (km)',
    hr: 'Average heart rate (bpm)',
    submit: 'Add activity',
    durationInvalid: 'Enter a duration',
    type: 'Type',
  },
  de: {
    edit: 'Bearbeiten',
    save: 'Speichern',
    visibility: 'Sichtbarkeit',
    hidden: 'Ausgeblendet',
    showHidden: 'Ausgeblendete Aktivitäten zeigen',
    unhide: 'Einblenden',
    duplicateOf: 'Duplikat von',
    makePublic: 'Öffentlich machen und Link kopieren',
    anyone: '',
    add: 'Aktivität von Hand eintragen',
    name: 'Name',
    duration: 'Dauer (h:mm:ss)',
    moving: 'Bewegungszeit (optional)',
    distance: 'Distanz (km)',
    hr: 'Durchschnittliche Herzfrequenz (bpm)',
    submit: 'Aktivität eintragen',
    durationInvalid: 'Gib eine Dauer ein',
    type: 'Sportart',
  },
} as const;

/** A small run of `points` seconds starting at `start`. */
const gpxFile = (name: string, start: Date, points = 240) => ({ name, buffer: Buffer.from(syntheticGpx(points, start)) });

// English at desktop width and German on a phone: both languages and both widths, each flow once
// (the axe checks, in English, cover both widths and both themes themselves)
for (const [lang, width] of [
  ['en', 'desktop'],
  ['de', 'phone'],
] as const) {
  test.describe(`${lang} at ${width} width`, () => {
    const w = WORDS[lang];
    const axe = lang === 'en';
    /** signed in through the form in the page's language, on the activity list */
    const open = async (browser: Browser, user: TestUser) => {
      const opened = await signedInAs(browser, user, lang, width);
      await opened.page.goto('/activities');
      return opened;
    };

    test('a duplicate upload says so with a link; hidden activities are listed and unhidden; Share makes public; visibility, hidden and type in the edit form with an explicit save', async ({
      browser,
      user,
    }) => {
      const { context, page } = await open(browser, user);
      const first = gpxFile('morning-run-with-a-long-name-to-show-in-full.gpx', new Date('2024-03-02T07:00:00Z'));
      await dropFiles(page.getByTestId('dropzone'), [first]);
      await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(1, { timeout: 30_000 });
      // the file name is shown whole, not cut at 12 characters
      await expect(page.getByTestId('upload-item').first().locator('.file')).toHaveText(first.name);
      await dropFiles(page.getByTestId('dropzone'), [{ ...first, name: 'same-run-again.gpx' }]);
      const duplicate = page.locator('[data-testid=upload-item][data-state=duplicate]');
      await expect(duplicate).toHaveCount(1, { timeout: 30_000 });
      await expect(duplicate).toContainText(w.duplicateOf);
      const original = duplicate.getByRole('link');
      const originalHref = await original.getAttribute('href');

      // the list leaves the duplicate out until asked
      const rows = page.getByTestId('activities-table').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      // the filter lives in the URL: the box shows it once the list follows
      await page.getByTestId('show-hidden').click();
      await expect(page.getByTestId('show-hidden')).toBeChecked();
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId('hidden-row')).toContainText(w.hidden);
      if (axe) await expectAccessible(page, `flows-hidden-list-${lang}`, { ready: async (p) => expect(p.getByTestId('hidden-row')).toHaveCount(1) });
      await page.getByTestId('unhide').click();
      await expect(page.getByTestId('hidden-row')).toHaveCount(0);
      await page.getByTestId('show-hidden').click();
      await expect(page.getByTestId('show-hidden')).not.toBeChecked();
      await expect(rows).toHaveCount(2);

      // the original: private, Share offers to make it public
      await page.goto(originalHref!);
      await expect(page.getByTestId('activity-name')).toBeVisible();
      const id = Number(originalHref!.split('/').pop());
      await page.getByTestId('share-button').click();
      await page.getByTestId('make-public').click();
      await expect(page.getByTestId('public-badge')).toBeVisible();
      await expect(page.getByTestId('share-status')).toContainText('/a/');
      if (w.anyone) await expect(page.getByTestId('share-status')).toContainText(w.anyone);

      // no control under the title re-types the activity: the type changes in the edit form
      await expect(page.getByTestId('activity-type')).toHaveAttribute('data-type', 'run');
      await expect(page.locator('.activity-meta select')).toHaveCount(0);
      // visibility, hidden and type in the edit form, with an explicit save
      await page.getByRole('button', { name: w.edit, exact: true }).click();
      await expect(page.getByLabel(w.visibility)).toHaveValue('public');
      await page.getByLabel(w.visibility).selectOption('private');
      await page.getByTestId('edit-hidden').check();
      // the select's label holds its options' names too: found by its accessible name
      await page.getByRole('combobox', { name: w.type, exact: true }).selectOption('walk');
      if (axe) await expectAccessible(page, `flows-edit-form-${lang}`, { ready: async (p) => expect(p.getByTestId('edit-hidden')).toBeVisible() });
      await page.getByRole('button', { name: w.save, exact: true }).click();
      await expect(page.getByTestId('hidden-notice')).toBeVisible();
      await expect(page.getByTestId('public-badge')).toHaveCount(0);
      await expect(page.getByTestId('activity-type')).toHaveAttribute('data-type', 'walk');
      await expect(page.getByTestId('type-inferred')).toHaveCount(0);
      const rest = await Rest.signIn(user.username, user.password);
      const after = await rest.json<{ activity_type: string; activity_type_source: string; visibility: string; is_hidden: boolean }>(
        'GET',
        `/activities/${id}`,
      );
      expect(after.body).toMatchObject({ activity_type: 'walk', activity_type_source: 'user', visibility: 'private', is_hidden: true });
      await page
        .getByTestId('hidden-notice')
        .getByRole('button', { name: new RegExp(w.unhide, 'i') })
        .click();
      await expect(page.getByTestId('hidden-notice')).toHaveCount(0);

      // the maximum heart rate is entered in one place: the zones card (a run with heart rate, no
      // maximum yet) leads to the thresholds, and the profile has no field of its own for it
      const toThresholds = /<link>(.+)<\/link>/.exec(text(lang, 'activity.zones.needMax'))![1]!;
      await page.getByRole('link', { name: toThresholds }).click();
      await expect(page).toHaveURL(/\/settings\/thresholds$/);
      await expect(page.locator('input[name=max_hr]')).toBeVisible();
      await page.goto('/settings');
      await expect(page.locator('form input[name=name]')).toBeVisible();
      await expect(page.locator('input[name=max_heart_rate]')).toHaveCount(0);
      await context.close();
    });

    test('an activity added by hand: refused fields are marked, then it is stored and shown', async ({ browser, user }) => {
      const { context, page } = await open(browser, user);
      await page.getByTestId('add-manual').click();
      const form = page.getByTestId('manual-form');
      await form.getByLabel(w.name, { exact: true }).fill(lang === 'en' ? 'Gym session' : 'Krafttraining');
      await form.getByLabel(w.duration).fill('one hour');
      await form.getByRole('button', { name: w.submit }).click();
      // the message by the field, and the field marked and described by it
      await expect(form.getByLabel(w.duration)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(w.duration)).toHaveAccessibleDescription(new RegExp(`^${w.durationInvalid}`));
      await expect(form.getByTestId('field-errors')).toContainText(`${w.duration}: ${w.durationInvalid}`);
      if (axe) await expectAccessible(page, `flows-manual-form-${lang}`, { ready: async (p) => expect(p.getByTestId('manual-form')).toBeVisible() });
      await form.getByLabel(w.duration).fill('1:00:00');
      await form.getByLabel(w.moving).fill('50:00');
      await form.getByLabel(w.distance).fill('10');
      await form.getByLabel(w.hr).fill('150');
      await form.getByRole('button', { name: w.submit }).click();
      await expect(page).toHaveURL(/\/activities\/\d+$/);
      await expect(page.getByTestId('activity-name')).toHaveText(lang === 'en' ? 'Gym session' : 'Krafttraining');
      const id = Number(page.url().split('/').pop());
      const rest = await Rest.signIn(user.username, user.password);
      const stored = await rest.json<Record<string, unknown>>('GET', `/activities/${id}`);
      expect(stored.body).toMatchObject({
        source: 'manual',
        has_streams: false,
        total_elapsed_time: 3600,
        moving_time: 3000,
        distance: 10_000,
        average_hr: 150,
      });
      await context.close();
    });
  });
}

test.describe('the upload queue', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('40 files, three at a time through the UPLOAD limit of 20 a minute: every one ends stored or duplicate', async ({ page, user }) => {
    test.setTimeout(300_000);
    await signIn(page, user);
    const corpus = [
      'fit/coros_pace2_ride.fit',
      'fit/garmin_edge800_indoor_trainer.fit',
      'fit/garmin_fenix2_hike_uphill.fit',
      'fit/garmin_fenix5_walk_tiny.fit',
      'fit/garmin_fr70_run_compressed_timestamps.fit',
      'fit/garmin_fr910xt_pool_swim_25m.fit',
      'fit/suunto_ambit3_peak_run.fit',
      'fit/tomtom_run.fit',
      'fit/zwift_virtual_ride.fit',
      'gpx/strava_export_run_hr_cad_temp.gpx',
      'gpx/garmin_connect_run_tpx_hr_cad_temp.gpx',
      'gpx/movescount_run_mixed_extensions.gpx',
      'tcx/garmin_fr305_run_23laps.tcx',
      'tcx/garmin_fr410_run_3laps.tcx.gz',
      'tcx/polar_beat_tiny_indoor.tcx',
      'tcx/garmin_fr405_indoor_bike_no_gps.tcx',
    ].map((f) => corpusFile(f));
    const generated = Array.from({ length: 23 }, (_, i) =>
      gpxFile(`2019-evening-run-number-${String(i + 1).padStart(2, '0')}-along-the-river.gpx`, new Date(Date.UTC(2019, 0, 1 + i, 17))),
    );
    // and one that starts with the first generated run: a duplicate
    const again = gpxFile('2019-evening-run-number-01-uploaded-again.gpx', new Date(Date.UTC(2019, 0, 1, 17)));
    const files = [...corpus, ...generated, again];
    expect(files).toHaveLength(40);
    await dropFiles(page.getByTestId('dropzone'), files);
    const items = page.getByTestId('upload-item');
    await expect(items).toHaveCount(40);
    // a few at a time, never all at once
    await expect.poll(async () => page.locator('[data-testid=upload-item][data-state=uploading]').count()).toBeLessThanOrEqual(3);
    // the limit is met on the way: the queue waits it out by itself
    await expect(page.locator('[data-testid=upload-item][data-state=waiting]').filter({ hasText: /\d+ s/ }).first()).toBeVisible({ timeout: 120_000 });
    await expect(page.locator('[data-testid=upload-item][data-state=done], [data-testid=upload-item][data-state=duplicate]')).toHaveCount(40, {
      timeout: 240_000,
    });
    await expect(page.locator('[data-testid=upload-item][data-state=failed]')).toHaveCount(0);
    await expect(page.locator('[data-testid=upload-item][data-state=duplicate]').filter({ hasText: 'Duplicate of' })).not.toHaveCount(0);
    // full names, not cut
    await expect(items.filter({ hasText: '2019-evening-run-number-23-along-the-river.gpx' })).toHaveCount(1);
    await expect(page.getByTestId('queue-summary')).toHaveText('39 of 40 stored · 1 duplicate · 0 refused');
    // and the list below follows: 39 activities (the duplicate stays hidden)
    await expect(page.getByTestId('totals')).toContainText(/Activities\s*39(?!\d)/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'upload-queue-40.png'), fullPage: true });
    await expectAccessible(page, 'flows-upload-queue-40');
  });
});
