import { test as noScriptTest, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';

/*
 * Issue 18: a signed-out visit to a public page gets its first view as HTML (scripts/prerender.ts)
 * in the visitor's language, styled, before any JavaScript runs; React then hydrates it without
 * an error and it works as the app.
 */

const PAGES = [
  { path: '/', zh: /用自己的講義|講義/, en: /Turn your handouts/ },
  { path: '/login', zh: /登入/, en: /Log in/ },
  { path: '/privacy-policy', zh: /隱私/, en: /Privacy/ },
] as const;

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

// Its own browser contexts have JavaScript off, which axe needs: the fixture's check runs on the
// same pages with JavaScript in the test after it.
noScriptTest(
  'public pages arrive as styled HTML in the visitor language, without JavaScript',
  async ({ browser }) => {
    for (const [locale, lng] of [
      ['zh-TW', 'zh'],
      ['en-US', 'en'],
    ] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      for (const p of PAGES) {
        await page.goto(p.path);
        await expect(page.locator('html')).toHaveAttribute(
          'lang',
          lng === 'en' ? 'en' : 'zh-Hant-TW',
        );
        await expect(page.getByRole('heading', { level: 1 })).toContainText(p[lng]);
        // The page's own stylesheet came with the HTML: the header is laid out as a flex row.
        await expect(page.locator('.site-header__inner')).toHaveCSS('display', 'flex');
      }
      await context.close();
    }
  },
);

test('a prerendered page hydrates without errors and works as the app', async ({ page }) => {
  const errors = collectErrors(page);
  for (const p of PAGES) {
    await page.goto(`${p.path}?lng=en`);
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(p.en);
    // Hydrated: the page's effects ran (its canonical link is set by React).
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expectAccessible(page, p.path);
  }
  await page.goto('/login?lng=en');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  // Hydrated: the tabs answer, and the language switch re-renders the page in Chinese.
  await page.getByRole('tab', { name: /Register/i }).click();
  await expect(page.getByRole('tab', { name: /Register/i })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByLabel('Language').selectOption('zh-TW');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('tab', { name: '註冊' })).toBeVisible();
  // The choice is a cookie now: the server sends the next visit's HTML in Chinese.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'mnemo_lng')?.value)
    .toBe('zh-TW');
  const next = await page.request.get('/', { headers: { 'accept-language': 'en' } });
  expect(await next.text()).toContain('data-prerendered="zh-TW"');
  await page.getByRole('link', { name: /隱私/ }).first().click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  expect(errors).toEqual([]);
});

noScriptTest('the prerendered login form cannot be sent before React runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  // Else the browser itself would send the form: a GET with the password in the address.
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
  await context.close();
});

test('a language chosen before the cookie existed still wins over the HTML language', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto('/privacy-policy'); // the browser says zh-TW: Chinese HTML, English app
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Privacy/);
  expect(errors).toEqual([]);
});
