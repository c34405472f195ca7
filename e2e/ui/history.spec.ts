import { expectAccessible } from '../fixtures/accessibility';
import { syntheticGpx } from '../fixtures/gpx';
import { expectNoSidewaysScroll, signedInAs, text } from '../fixtures/languages';
import { Rest, type TestUser } from '../fixtures/rest';
import { SCREENSHOT_DIR } from '../fixtures/server-config';
import { expect, test } from '../fixtures/test';

// Issue 50, the whole history: statistics by week, month or year over any window back to the first
// activity, with a sport filter and a titled value axis; the calendar a month at a time, reached
// from the dashboard's calendar card. English at desktop width and German on a phone.

const FIRST = new Date('2012-04-15T07:00:00Z');

/** Runs of 2012, 2019 and three days ago: a history of fifteen years with gaps. */
async function history(user: TestUser): Promise<{ recentId: number; monthsAgo: Date }> {
  const rest = await Rest.signIn(user.username, user.password);
  const recent = new Date(Date.now() - 3 * 86_400_000);
  const monthsAgo = new Date(Date.UTC(recent.getUTCFullYear(), recent.getUTCMonth() - 2, 15, 7));
  for (const [i, start] of [FIRST, new Date('2019-06-10T07:00:00Z'), monthsAgo, recent].entries()) {
    const uploaded = await rest.upload(`run-${i}.gpx`, syntheticGpx(900, start).replace('Synthetic long run', `History run ${i}`));
    expect(uploaded.status).toBe(201);
    if (i === 3) return { recentId: uploaded.body[0]!.id, monthsAgo };
  }
  throw new Error('unreachable');
}

test('statistics: the whole history by year, months back to the first activity, a sport filter and a titled distance axis (English, desktop)', async ({
  browser,
  user,
}) => {
  await history(user);
  const { context, page } = await signedInAs(browser, user, 'en', 'desktop');
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible();
  const thisYear = new Date().getUTCFullYear();

  // by year the window is the whole history, 2012 to this year, oldest first
  await page.getByLabel('Year', { exact: true }).check();
  await expect(page.getByTestId('stats-range')).toHaveText(`2012 – ${thisYear}`);
  const bars = page.getByTestId('week-bars').getByRole('img');
  await expect(bars).toHaveCount(thisYear - 2012 + 1);
  await expect(bars.first()).toHaveAccessibleName(/^2012: \d+[.,]\d\d km, 1 activity$/);
  await expect(page.getByTestId('value-axis-title')).toHaveText('Distance (km)');
  await expect(page.getByTestId('value-axis').locator('.tick')).toHaveText([/^0$/, /\d/, /\d/]);
  await expect(page.getByRole('button', { name: 'Earlier' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/statistics-history.png`, fullPage: true });

  // by month: two years up to today; the first activity's window is a click away, and back
  await page.getByLabel('Month', { exact: true }).check();
  await expect(page.getByRole('button', { name: 'Later' })).toBeDisabled();
  await page.getByRole('button', { name: 'First activity' }).click();
  await expect(page.getByTestId('stats-range')).toHaveText(/^Apr 12 – Mar 14$/);
  await expect(page.getByRole('button', { name: 'Earlier' })).toBeDisabled();
  await expect(page.getByTestId('stats-table').getByRole('row', { name: /^Apr 12 1 / })).toBeVisible();
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByTestId('stats-range')).toHaveText(/^Apr 14 – Mar 16$/);
  await page.getByRole('button', { name: 'Earlier' }).click();
  await expect(page.getByTestId('stats-range')).toHaveText(/^Apr 12 – Mar 14$/);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('button', { name: 'Later' })).toBeDisabled();

  // a sport filter (the statistics' own: the Eddington card below has one too): no rides at all
  const sport = page.locator('.stats-controls').getByRole('combobox', { name: 'Sport', exact: true });
  await page.getByLabel('Year', { exact: true }).check();
  await sport.selectOption('ride');
  await expect(bars.first()).toHaveAccessibleName(/^2012: 0[.,]00 km, 0 activities$/);
  await sport.selectOption('run');
  await expect(bars.first()).toHaveAccessibleName(/1 activity$/);

  await expectAccessible(page, 'statistics-history', { ready: (p) => expect(p.getByTestId('week-bars')).toBeVisible() });
  await context.close();
});

test('statistiken: a German phone moves through weeks without scrolling sideways, the axis titled in German', async ({ browser, user }) => {
  await history(user);
  const { context, page } = await signedInAs(browser, user, 'de', 'phone');
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'statistics.title'));
  await expect(page.getByTestId('value-axis-title')).toHaveText('Distanz (km)');
  await expect(page.getByTestId('week-bars').getByRole('img')).toHaveCount(26);
  await expectNoSidewaysScroll(page, 'statistics by week');
  await page.getByRole('button', { name: text('de', 'statsHistory.firstActivity') }).click();
  await expect(page.getByTestId('stats-range')).toContainText('2012');
  await expectNoSidewaysScroll(page, 'the first weeks');
  await page.getByLabel(text('de', 'statistics.periods.month'), { exact: true }).check();
  await expectNoSidewaysScroll(page, 'statistics by month');
  await context.close();
});

for (const [lang, width] of [
  ['en', 'desktop'],
  ['de', 'phone'],
] as const) {
  test(`calendar (${lang}, ${width}): the dashboard's calendar card opens the calendar, which moves a month at a time`, async ({ browser, user }) => {
    const { monthsAgo } = await history(user);
    const { context, page } = await signedInAs(browser, user, lang, width);
    const card = page.getByTestId('dashboard-calendar');
    await card.getByRole('link', { name: text(lang, 'calendarPage.open') }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'calendarPage.title'));
    const month = page.getByTestId('calendar-month');
    const shownNow = await month.textContent();
    await page.getByRole('button', { name: text(lang, 'calendarPage.previous') }).click();
    await page.getByRole('button', { name: text(lang, 'calendarPage.previous') }).click();
    await expect(month).not.toHaveText(shownNow!);
    const formatted = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(monthsAgo);
    await expect(month).toHaveText(formatted);
    await expect(page.getByTestId('month-calendar').getByRole('link', { name: 'History run 2' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the calendar');
    if (lang === 'en') await page.screenshot({ path: `${SCREENSHOT_DIR}/calendar.png`, fullPage: true });
    await page.getByRole('button', { name: text(lang, 'calendarPage.next') }).click();
    await expect(page.getByTestId('month-calendar').getByRole('link', { name: 'History run 2' })).toHaveCount(0);
    await page.getByRole('button', { name: text(lang, 'calendarPage.thisMonth') }).click();
    await expect(month).toHaveText(shownNow!);
    if (lang === 'en') await expectAccessible(page, 'calendar', { ready: (p) => expect(p.getByTestId('month-calendar')).toBeVisible() });
    await context.close();
  });
}

test('records: each best names its activity, and dates it in the time zone of the activity as its page does (English, desktop)', async ({ browser, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  // 22:30 UTC is half past midnight of the next day in Vienna, where the run is; the profile stays on UTC
  const start = new Date('2024-05-04T22:30:00Z');
  const uploaded = await rest.upload('late.gpx', syntheticGpx(3600, start).replace('Synthetic long run', 'Late run in Vienna'));
  expect(uploaded.status).toBe(201);
  const id = uploaded.body[0]!.id;
  expect((await rest.json<{ timezone: string }>('GET', `/activities/${id}`)).body.timezone).toBe('Europe/Vienna');
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Vienna' }).format(start);
  expect(day).toBe('5 May 2024');
  const { context, page } = await signedInAs(browser, user, 'en', 'desktop');
  await page.goto('/records');
  const holder = page.getByTestId('records-best-efforts').locator('tbody tr').first().locator('td').last();
  await expect(holder.getByRole('link', { name: 'Late run in Vienna' })).toHaveAttribute('href', `/activities/${id}`);
  await expect(holder).toContainText(day);
  await holder.getByRole('link').click();
  await expect(page.getByTestId('activity-name')).toHaveText('Late run in Vienna');
  await expect(page.locator('.activity-meta')).toContainText(day);
  await context.close();
});
