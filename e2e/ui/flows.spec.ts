import { mkdirSync } from 'node:fs';
import { expectAccessible, VIEWPORTS } from '../fixtures/accessibility';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { syntheticGpx } from '../fixtures/gpx';
import { Rest } from '../fixtures/rest';
import { expect as baseExpect, signIn, test } from '../fixtures/test';

// Issue 50, the everyday flows: sharing (visibility and hidden in the edit form, hidden activities
// listed and unhidden, a duplicate upload answered as one), the upload queue (40 files through the
// UPLOAD limit), hand-made activities, and the type changed only with an explicit save. Each in
// English and German, at a phone's 390 px and at desktop width, with the axe check.

// a loaded machine (eight suites on two cores) answers slowly: the checks wait longer than usual
const expect = baseExpect.configure({ timeout: 30_000 });

// the axe checks take minutes on a loaded machine
test.describe.configure({ timeout: 360_000 });

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

for (const lang of ['en', 'de'] as const) {
  for (const width of ['desktop', 'phone'] as const) {
    test.describe(`${lang} at ${width} width`, () => {
      const w = WORDS[lang];
      test.use({ locale: lang === 'en' ? 'en-US' : 'de-DE', viewport: VIEWPORTS[width] });

      test('a duplicate upload says so with a link; hidden activities are listed and unhidden; visibility in the edit form; Share makes public', async ({
        page,
        user,
      }) => {
        await signIn(page, user);
        const first = gpxFile('morning-run-with-a-long-name-to-show-in-full.gpx', new Date('2024-03-02T07:00:00Z'));
        await dropFiles(page.getByTestId('dropzone'), [first]);
        await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(1, { timeout: 60_000 });
        // the file name is shown whole, not cut at 12 characters
        await expect(page.getByTestId('upload-item').first().locator('.file')).toHaveText(first.name);
        await dropFiles(page.getByTestId('dropzone'), [{ ...first, name: 'same-run-again.gpx' }]);
        const duplicate = page.locator('[data-testid=upload-item][data-state=duplicate]');
        await expect(duplicate).toHaveCount(1, { timeout: 60_000 });
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
        // each axe check covers both widths and themes: once per language
        if (width === 'desktop')
          await expectAccessible(page, `flows-hidden-list-${lang}`, { ready: async (p) => expect(p.getByTestId('hidden-row')).toHaveCount(1) });
        await page.setViewportSize(VIEWPORTS[width]);
        await page.getByTestId('unhide').click();
        await expect(page.getByTestId('hidden-row')).toHaveCount(0);
        await page.getByTestId('show-hidden').click();
        await expect(page.getByTestId('show-hidden')).not.toBeChecked();
        await expect(rows).toHaveCount(2);

        // the original: private, Share offers to make it public
        await page.goto(originalHref!);
        await expect(page.getByTestId('activity-name')).toBeVisible();
        await page.getByTestId('share-button').click();
        await page.getByTestId('make-public').click();
        await expect(page.getByTestId('public-badge')).toBeVisible();
        await expect(page.getByTestId('share-status')).toContainText('/a/');
        if (w.anyone) await expect(page.getByTestId('share-status')).toContainText(w.anyone);

        // visibility and hidden in the edit form, with an explicit save
        await page.getByRole('button', { name: w.edit, exact: true }).click();
        await expect(page.getByLabel(w.visibility)).toHaveValue('public');
        await page.getByLabel(w.visibility).selectOption('private');
        await page.getByTestId('edit-hidden').check();
        // each axe check covers both widths and themes: once per language
        if (width === 'desktop')
          await expectAccessible(page, `flows-edit-form-${lang}`, { ready: async (p) => expect(p.getByTestId('edit-hidden')).toBeVisible() });
        await page.setViewportSize(VIEWPORTS[width]);
        await page.getByRole('button', { name: w.save, exact: true }).click();
        await expect(page.getByTestId('hidden-notice')).toBeVisible();
        await expect(page.getByTestId('public-badge')).toHaveCount(0);
        await page
          .getByTestId('hidden-notice')
          .getByRole('button', { name: new RegExp(w.unhide) })
          .click();
        await expect(page.getByTestId('hidden-notice')).toHaveCount(0);
      });

      test('the activity type is changed in the edit form with an explicit save, not by a live select', async ({ page, user }) => {
        const rest = await Rest.signIn(user.username, user.password);
        const uploaded = await rest.upload('fenix.fit', corpusFile('fit/garmin_fenix2_hike_uphill.fit').buffer);
        expect(uploaded.status).toBe(201);
        const id = uploaded.body[0]!.id;
        await signIn(page, user);
        await page.goto(`/activities/${id}`);
        await expect(page.getByTestId('activity-type')).toHaveAttribute('data-type', 'hike');
        // no control under the title re-types the activity
        await expect(page.locator('.activity-meta select')).toHaveCount(0);
        await page.getByRole('button', { name: w.edit, exact: true }).click();
        await page.getByLabel(w.type, { exact: true }).selectOption('walk');
        await page.getByRole('button', { name: w.save, exact: true }).click();
        await expect(page.getByTestId('activity-type')).toHaveAttribute('data-type', 'walk');
        await expect(page.getByTestId('type-inferred')).toHaveCount(0);
        const after = await rest.json<{ activity_type: string; activity_type_source: string }>('GET', `/activities/${id}`);
        expect(after.body).toMatchObject({ activity_type: 'walk', activity_type_source: 'user' });
      });

      test('an activity added by hand: refused fields are marked, then it is stored and shown', async ({ page, user }) => {
        await signIn(page, user);
        await page.getByTestId('add-manual').click();
        const form = page.getByTestId('manual-form');
        await form.getByLabel(w.name, { exact: true }).fill(lang === 'en' ? 'Gym session' : 'Krafttraining');
        await form.getByLabel(w.duration).fill('one hour');
        await form.getByRole('button', { name: w.submit }).click();
        await expect(form.getByTestId('error-total_elapsed_time')).toContainText(w.durationInvalid);
        await expect(form.getByLabel(w.duration)).toHaveAttribute('aria-invalid', 'true');
        // each axe check covers both widths and themes: once per language
        if (width === 'desktop')
          await expectAccessible(page, `flows-manual-form-${lang}`, { ready: async (p) => expect(p.getByTestId('manual-form')).toBeVisible() });
        await page.setViewportSize(VIEWPORTS[width]);
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
      });
    });
  }
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
    mkdirSync('/work/screens', { recursive: true });
    await page.screenshot({ path: '/work/screens/upload-queue-40.png', fullPage: true });
    await expectAccessible(page, 'flows-upload-queue-40');
  });
});
