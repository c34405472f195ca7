import { expect, test } from '../fixtures/test';

// The API reference at /api/docs renders the generated document with nothing but our
// own origin: any request to another host fails the test (and is refused, so none leaves).

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

test('the API reference finds the activity upload with no outside request', async ({ page }) => {
  const outside: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (LOCAL_HOSTS.has(url.hostname)) return route.continue();
    outside.push(url.href);
    return route.abort('blockedbyclient');
  });

  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  await page.getByText('activities', { exact: true }).first().click();
  const upload = page.getByText('Upload an activity file').first();
  await upload.click();
  await expect(page.getByText('/activities/create/upload').first()).toBeVisible();
  await expect(page.getByText('Idempotency-Key').first()).toBeVisible();
  expect(outside).toEqual([]);
});
