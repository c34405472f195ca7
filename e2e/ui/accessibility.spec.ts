import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible } from '../fixtures/accessibility';
import { tinyJpeg } from '../../server/formats/archive/test-support/images';
import { writeZip } from '../../server/formats/archive/test-support/zip-writer';
import { ADMIN, CORPUS_DIR } from '../fixtures/server-config';
import { corpusFile } from '../fixtures/corpus';
import { Rest, type TestUser } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

// Every page of the web app, checked by axe at desktop and phone width in light and dark (and
// screenshotted). To cover a new page, add one entry: a name, and `open`, which prepares the data
// the page needs and navigates there (signed in through `signedIn` unless it is a signed-out page).

interface PageCase {
  name: string;
  open: (page: Page, user: TestUser) => Promise<void>;
  /** re-checked after each viewport and theme change (e.g. charts redrawn) */
  ready?: (page: Page) => Promise<void>;
}

/** Signs in through the form, lets `path` (a function) add data over REST, then opens the page and waits for `heading`. */
const signedIn =
  (path: string | ((rest: Rest, user: TestUser) => Promise<string>), heading: string) =>
  async (page: Page, user: TestUser): Promise<void> => {
    // signed in first: a page's data may turn MFA on, which the browser's sign-in would then ask for
    await signIn(page, user);
    const rest = await Rest.signIn(user.username, user.password);
    const target = typeof path === 'string' ? path : await path(rest, user);
    await page.goto(target);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  };

const uploadRun = async (rest: Rest): Promise<number> => {
  const uploaded = await rest.upload('run.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer);
  expect(uploaded.status).toBe(201);
  return uploaded.body[0]!.id;
};

const chartsReady = async (page: Page) => expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');

const PAGES: PageCase[] = [
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    name: 'sign-in-mfa-step',
    open: async (page, user) => {
      await (await Rest.signIn(user.username, user.password)).enableMfa();
      await page.goto('/sign-in');
      await page.getByLabel('Username or e-mail').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    },
  },
  {
    // the shell the service worker answers pages with when the network is gone
    name: 'offline',
    open: async (page) => {
      await page.goto('/offline');
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    },
  },
  { name: 'activities-empty', open: signedIn('/activities', 'Activities') },
  {
    name: 'dashboard',
    open: signedIn(async (rest) => (await uploadRun(rest), '/dashboard'), 'Dashboard'),
    ready: async (page) => expect(page.getByTestId('recent-records').getByRole('listitem').first()).toBeVisible(),
  },
  { name: 'statistics', open: signedIn(async (rest) => (await uploadRun(rest), '/statistics'), 'Statistics') },
  { name: 'curves', open: signedIn(async (rest) => (await uploadRun(rest), '/curves'), 'Curves') },
  { name: 'segments-empty', open: signedIn('/segments', 'Segments') },
  {
    // a segment made of the first kilometre-or-so of a run: its map, leaderboard and chart of efforts
    name: 'segment',
    open: signedIn(async (rest) => {
      const made = await rest.json<{ id: number }>('POST', '/segments', {
        activity_id: await uploadRun(rest),
        start_index: 10,
        end_index: 300,
        name: 'Track stretch',
      });
      expect(made.status).toBe(201);
      return `/segments/${made.body.id}`;
    }, 'Track stretch'),
  },
  {
    name: 'records',
    open: signedIn(async (rest) => {
      const ride = await rest.upload('zwift.fit', corpusFile('fit/zwift_virtual_ride.fit').buffer);
      expect(ride.status).toBe(201);
      return '/records';
    }, 'Records'),
    ready: async (page) => {
      await page.getByLabel('Sport').selectOption('ride');
      await expect(page.getByTestId('records-power-curve').locator('canvas')).toBeVisible();
    },
  },
  {
    name: 'activities-list',
    open: signedIn(async (rest) => {
      await uploadRun(rest);
      await rest.upload('ride.fit', corpusFile('fit/garmin_edge500_ride_3h31.fit').buffer);
      return '/activities';
    }, 'Activities'),
    ready: async (page) => expect(page.getByTestId('activities-table').locator('tbody tr')).toHaveCount(2),
  },
  {
    name: 'activity',
    open: signedIn(async (rest) => {
      expect((await rest.json('PUT', '/profile', { max_heart_rate: 190 })).status).toBe(200);
      return `/activities/${await uploadRun(rest)}`;
    }, 'Charts'),
    ready: chartsReady,
  },
  {
    name: 'activity-delete-dialog',
    open: async (page, user) => {
      await signedIn(async (rest) => `/activities/${await uploadRun(rest)}`, 'Charts')(page, user);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this activity?' })).toBeVisible();
    },
  },
  { name: 'settings-profile', open: signedIn('/settings', 'Profile') },
  { name: 'settings-security', open: signedIn('/settings/security', 'Two-step verification') },
  {
    name: 'settings-security-mfa-on',
    open: signedIn(async (rest, user) => {
      const secret = await rest.enableMfa();
      // the next time step: the one enableMfa used is spent
      const mfa_code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const key = await rest.json('POST', '/profile/api_keys', {
        name: 'Watch sync',
        scopes: ['activities:upload'],
        current_password: user.password,
        mfa_code,
      });
      expect(key.status).toBe(201);
      return '/settings/security';
    }, 'Two-step verification'),
    ready: async (page) => expect(page.getByText(/backup codes unused/)).toBeVisible(),
  },
  {
    name: 'settings-weight',
    open: signedIn(async (rest) => {
      for (const [day, weight] of [
        ['2024-03-01', 72.4],
        ['2024-03-09', 71.6],
      ] as const)
        expect((await rest.json('POST', '/health/weight', { weight, created_at: day })).status).toBe(201);
      return '/settings/weight';
    }, 'Weight'),
    ready: async (page) => expect(page.getByTestId('weight-chart').locator('canvas')).toBeVisible(),
  },
  {
    name: 'settings-gear',
    open: signedIn(async (rest) => {
      expect((await rest.json('POST', '/gears', { nickname: 'Road bike', gear_type: 'bike', brand: 'Canyon', model: 'Endurace' })).status).toBe(201);
      expect((await rest.json('POST', '/gears', { nickname: 'Old shoes', gear_type: 'shoes', active: false })).status).toBe(201);
      return '/settings/gear';
    }, 'Gear'),
    ready: async (page) => expect(page.getByRole('row', { name: /Road bike/ })).toBeVisible(),
  },
  {
    name: 'settings-notifications',
    open: signedIn(async (rest) => {
      // the same start second twice: the second is stored hidden and a notification says so
      await uploadRun(rest);
      await uploadRun(rest);
      return '/settings/notifications';
    }, 'Notifications'),
  },
  { name: 'settings-import', open: signedIn('/settings/import', 'Import a Strava export') },
  {
    name: 'settings-integrations',
    open: signedIn(async (rest) => {
      // nothing listens on the discard port: the delivery log shows a pending retry
      const created = await rest.json<{ id: string }>('POST', '/profile/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['activity.created'] });
      expect(created.status).toBe(201);
      expect((await rest.json('POST', `/profile/webhooks/${created.body.id}/test`)).status).toBe(202);
      return '/settings/integrations';
    }, 'Webhooks'),
    ready: async (page) => expect(page.getByTestId('webhook-deliveries')).toBeVisible(),
  },
  {
    // the one JobProgress view (import, Strava sync and export share it), finished with a per-item message
    name: 'settings-import-progress',
    open: async (page, user) => {
      const zip = join(mkdtempSync(join(tmpdir(), 'stride-e2e-a11y-')), 'export.zip');
      await writeZip(zip, [
        {
          name: 'activities.csv',
          data: Buffer.from(
            'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename,Media\n' +
              '6161,"Dec 1, 2015, 8:11:32 PM",River Loop,Run,,,activities/6161.gpx,media/a.jpg|media/missing.jpg\n',
          ),
        },
        { name: 'activities/6161.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx')) },
        { name: 'media/a.jpg', data: tinyJpeg(), method: 'store' },
      ]);
      await signedIn('/settings/import', 'Import a Strava export')(page, user);
      await page.getByLabel('Strava export zip').setInputFiles(zip);
      await expect(page.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    },
  },
  {
    name: 'admin-forbidden',
    open: signedIn('/admin/users', 'Not available'),
  },
  {
    name: 'admin-users',
    open: async (page) => {
      await signIn(page, ADMIN);
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
    },
  },
  {
    name: 'admin-identity-providers',
    open: async (page) => {
      await signIn(page, ADMIN);
      await page.goto('/admin/identity-providers');
      await expect(page.getByRole('heading', { name: 'Identity providers', exact: true })).toBeVisible();
    },
  },
];

for (const { name, open, ready } of PAGES) {
  test(`${name}: accessible at desktop and phone width, light and dark (axe serious/critical, page width, keyboard focus)`, async ({ page, user }) => {
    // four axe passes and a keyboard walk per page: on a loaded 2-core machine one page can take
    // over a minute and a half (admin-users did in a CI run at load 8+)
    test.slow();
    await open(page, user);
    await expectAccessible(page, name, { ready });
  });
}
