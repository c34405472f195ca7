import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { syntheticGpx } from '../fixtures/gpx';
import { Rest, randomIp, type TestUser } from '../fixtures/rest';
import { expect, test } from '../fixtures/test';

// The web app speaks the browser's language (Accept-Language) unless the profile names one, and
// that choice follows the user to every device. A translated page keeps no English text and
// writes numbers the way its language does.

type Catalogue = { [key: string]: string | Catalogue };
const LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
const BROWSER_LOCALES = { de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', pt: 'pt-PT' } as const;

const catalogue = (lang: string) => JSON.parse(readFileSync(path.resolve(process.cwd(), `messages/${lang}.json`), 'utf8')) as Catalogue;

function flatten(messages: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(at, value);
    else for (const [k, v] of flatten(value, at)) flat.set(k, v);
  }
  return flat;
}

const english = flatten(catalogue('en'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (text: string) => new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u');

/**
 * The English texts that must not show on a page in `lang`: the English catalogue's plain
 * strings (no placeholders) that the language writes otherwise, leaving out words the language
 * shares (Marathon, Yoga) and a few letters too short to tell (PR, or).
 */
function englishLeftovers(lang: string): string[] {
  const target = flatten(catalogue(lang));
  const targetTexts = [...target.values()];
  return [...english]
    .filter(([key, text]) => target.get(key) !== text && text.length >= 3 && !/[{<]/.test(text))
    .map(([, text]) => text)
    .filter((text) => !targetTexts.some((other) => wholeWords(text).test(other)));
}

async function expectNoEnglish(page: Page, lang: string): Promise<void> {
  const visible = await page.locator('body').innerText();
  const left = englishLeftovers(lang).filter((text) => wholeWords(text).test(visible));
  expect(left, `English text on the ${lang} page`).toEqual([]);
}

function text(lang: string, key: string): string {
  const value = flatten(catalogue(lang)).get(key);
  if (value === undefined) throw new Error(`no ${key} in ${lang}`);
  return value;
}

async function openIn(browser: Browser, lang: string) {
  const context = await browser.newContext({
    locale: lang === 'en' ? 'en-US' : BROWSER_LOCALES[lang as keyof typeof BROWSER_LOCALES],
    extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
  });
  return { context, page: await context.newPage() };
}

async function signInAs(page: Page, lang: string, user: TestUser): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(text(lang, 'signIn.username')).fill(user.username);
  await page.getByLabel(text(lang, 'signIn.password')).fill(user.password);
  await page.getByRole('button', { name: text(lang, 'signIn.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

for (const lang of LANGUAGES) {
  test(`${lang}: the sign-in page, an activity and the Fitness page speak the browser's language, numbers included`, async ({ browser, user }) => {
    const rest = await Rest.signIn(user.username, user.password);
    const uploaded = await rest.upload('tour.gpx', syntheticGpx(1800).replace('Synthetic long run', 'Tour 42'));
    expect(uploaded.status).toBe(201);
    const { context, page } = await openIn(browser, lang);

    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { name: text(lang, 'signIn.title') })).toBeVisible();
    await expect(page).toHaveTitle(`${text(lang, 'pageTitles.signIn')} · Stride`);
    await expectNoEnglish(page, lang);

    await signInAs(page, lang, user);
    await page.goto(`/activities/${uploaded.body[0]!.id}`);
    await expect(page.getByTestId('activity-name')).toHaveText('Tour 42');
    await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: text(lang, 'activity.laps.title') })).toBeVisible();
    const figures = page.getByTestId('figures');
    await expect(figures).toContainText(text(lang, 'activity.figures.distance'));
    // every one of these languages writes a decimal comma: 5,43 km, not 5.43 km
    await expect(figures).toContainText(/\d,\d\d km/);
    await expect(figures).not.toContainText(/\d\.\d\d km/);
    await expect(page.getByRole('navigation').first()).toContainText(text(lang, 'nav.activities'));
    await expectNoEnglish(page, lang);

    // the Fitness page, with today's form read out, and no thresholds entered yet
    await page.goto('/fitness');
    await expect(page).toHaveTitle(`${text(lang, 'pageTitles.fitness')} · Stride`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'trainingLoad.fitness.title'));
    await expect(page.getByTestId('current-form')).toContainText(text(lang, 'trainingLoad.fitness.reading.neutral'));
    await expect(page.getByTestId('form-reading')).toBeVisible();
    await expectNoEnglish(page, lang);
    await context.close();
  });
}

test('the language chosen in the profile replaces the browser language, on this device and on the next', async ({ browser, user }) => {
  const first = await openIn(browser, 'en');
  await signInAs(first.page, 'en', user);
  await first.page.goto('/settings');
  await first.page.getByLabel('Language').selectOption('it');
  await first.page.getByRole('button', { name: 'Save profile' }).click();
  await expect(first.page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(first.page.getByRole('navigation').first()).toContainText(text('it', 'nav.settings'));
  await first.context.close();

  // a new device whose browser prefers French signs in on a French page, then follows the profile
  const second = await openIn(browser, 'fr');
  await signInAs(second.page, 'fr', user);
  await expect(second.page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText(text('it', 'dashboard.title'));
  await second.page.reload();
  await expect(second.page.locator('html')).toHaveAttribute('lang', 'it');

  // "browser language" again: the French browser gets French
  await second.page.goto('/settings');
  await second.page.getByLabel(text('it', 'language.label')).selectOption('');
  await second.page.getByRole('button', { name: text('it', 'settings.profile.save') }).click();
  await expect(second.page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(second.page.getByRole('navigation').first()).toContainText(text('fr', 'nav.settings'));
  await second.context.close();
});
