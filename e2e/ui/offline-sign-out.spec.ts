import type { Page } from '@playwright/test';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { createUser, randomIp, Rest } from '../fixtures/rest';
import { E2E_BASE_URL } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// Issue 49 cases 9 and 11: "Sign out" while offline cleared nothing (the refresh cookie kept
// working later) and the offline upload queue survived it. Now the browser forgets the session at
// once and the server-side logout follows when back online.

/** How many files wait in the offline upload queue (IndexedDB), of any account. */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('stride-upload-queue', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('uploads', { keyPath: 'key' });
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const counting = opening.result.transaction('uploads', 'readonly').objectStore('uploads').count();
          counting.onsuccess = () => {
            opening.result.close();
            resolve(counting.result);
          };
          counting.onerror = () => reject(counting.error);
        };
      }),
  );

/** POST /auth/refresh with a given refresh cookie, as a browser that kept it would. */
const refreshWith = async (cookie: string) =>
  (
    await fetch(`${E2E_BASE_URL}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { 'X-Client-Type': 'web', Cookie: `service_refresh_token=${cookie}`, 'X-Forwarded-For': randomIp() },
    })
  ).status;

test.describe('signing out offline', () => {
  test('sign out offline forgets the session and the queue at once; back online the session ends on the server; the next user sees and sends nothing of the first', async ({
    page,
    context,
    user,
  }) => {
    const first = await Rest.signIn(user.username, user.password);
    const second = await createUser();
    await signIn(page, user);
    await expect(page.getByTestId('activities-empty')).toBeVisible();
    // the first's refresh cookie, as a browser (or whoever copies it) would keep it
    const browserCookie = (await context.cookies()).find((c) => c.name === 'service_refresh_token')!.value;
    expect(browserCookie).toBeTruthy();

    // the installed app: offline, a page opens on the service worker's offline shell
    test.setTimeout(180_000);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller != null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
    await expect(page.getByTestId('activities-empty')).toBeVisible();

    await context.setOffline(true);
    await dropFiles(page.getByTestId('dropzone'), [corpusFile('gpx/strava_export_run_hr_cad_temp.gpx')]);
    await expect(page.getByTestId('upload-item')).toHaveAttribute('data-state', 'queued');
    expect(await queued(page)).toBe(1);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
    // still offline: the queue is gone at once; the server has not heard of the sign-out yet
    await expect(async () => {
      expect(await queued(page)).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('stride-pending-logout'))).toBeTruthy();
    }).toPass();

    await context.setOffline(false);
    // the offline shell reloads itself once online: the page load finishes the pending logout
    await expect(async () => {
      await page.goto('/sign-in');
      await expect(page).toHaveURL(/\/sign-in/);
    }).toPass();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('stride-pending-logout'))).toBeNull();
    expect(await refreshWith(browserCookie)).toBe(401);

    await signIn(page, second);
    await expect(page.getByTestId('activities-empty')).toBeVisible();
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
    await expect(page.getByText(user.username)).toHaveCount(0);
    await page.waitForTimeout(1_000); // a queue flush would start on sign-in
    expect((await first.json<{ total: number }>('GET', '/activities')).body.total).toBe(0);
    const other = await Rest.signIn(second.username, second.password);
    expect((await other.json<{ total: number }>('GET', '/activities')).body.total).toBe(0);
  });
});
