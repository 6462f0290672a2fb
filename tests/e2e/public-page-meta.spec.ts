import { test as requestTest } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * Issue 18: what a search engine reads on the public pages — a description and a title in the
 * page's language, the canonical address, and an alternate address per language (?lng=) that
 * opens the page in that language.
 */

const PAGES = [
  {
    path: '/',
    zh: { title: /用自己的講義/, description: /上傳 PDF/ },
    en: { title: /Quizzes from your own handouts/, description: /Upload PDFs/ },
  },
  {
    path: '/login',
    zh: { title: /登入/, description: /登入 Mnemo/ },
    en: { title: /Log in/i, description: /Log in to Mnemo/ },
  },
  {
    path: '/privacy-policy',
    zh: { title: /隱私/, description: /個人資料/ },
    en: { title: /Privacy/, description: /personal data/ },
  },
] as const;

for (const p of PAGES) {
  test(`${p.path} describes itself in both languages, with canonical and hreflang links`, async ({
    page,
    baseURL,
  }) => {
    const here = new URL(p.path, baseURL).href;
    for (const lng of ['zh-TW', 'en'] as const) {
      const want = lng === 'en' ? p.en : p.zh;
      await page.goto(`${p.path}?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute(
        'lang',
        lng === 'en' ? 'en' : 'zh-Hant-TW',
      );
      await expect(page).toHaveTitle(want.title);
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveCount(1);
      await expect(description).toHaveAttribute('content', want.description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', here);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
        'href',
        `${here}?lng=en`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant-TW"]')).toHaveAttribute(
        'href',
        `${here}?lng=zh-TW`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        'href',
        here,
      );
    }
  });
}

// A request, no page: the fixtures' axe check would read an empty tab.
requestTest('robots.txt lets crawlers in and keeps them off the API', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
});
