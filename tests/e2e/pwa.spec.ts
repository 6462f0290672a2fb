/*
 * The installable, offline-capable app, checked the way Lighthouse's PWA audits would — but by
 * the test itself, in Debian's Chromium against the built app and the real server:
 *   - the web app manifests (zh-TW and en) are reachable and valid (names, icons incl. maskable,
 *     start_url, display, theme colour), the page links the one of its language, and the worker
 *     script is served uncached;
 *   - the service worker controls the page and precaches the app shell and the offline pages;
 *   - start_url and a deep link are served offline after one online visit;
 *   - /api answers never reach Cache Storage;
 *   - a waiting worker brings the update banner, and Reload activates it (a real second
 *     version: the first install is served a changed sw.js, the update gets the real one);
 *   - the install button (a synthetic beforeinstallprompt) and the iOS how-to (an iPhone UA).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, linkFromOutbox, test, uniqueEmail } from './support/fixtures';

const PASSWORD = 'study2026';

/** Waits until the service worker is active and controls the page (precache complete). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

/** Every URL (path + query) in every Cache Storage cache of the page's origin. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => r.url.replace(location.origin, ''));
    }
    return out;
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Presses Tab until `target` has focus, as a keyboard user would get there. */
async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

/** Fetches a manifest the way the browser would and checks what installing needs. */
async function validManifest(page: Page, request: APIRequestContext, href: string) {
  const res = await request.get(href);
  expect(res.status(), href).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as WebManifest;
  expect(manifest.short_name).toBe('Mnemo');
  expect(manifest.short_name.length).toBeLessThanOrEqual(12); // fits under a home-screen icon
  // One app in both languages: the same identity, start and scope.
  expect(manifest.id).toBe('/');
  expect(manifest.start_url).toBe('/');
  expect(manifest.scope).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // The manifest's theme colour is the page's (light scheme) theme-color.
  const themeMeta = await page
    .locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')
    .getAttribute('content');
  expect(manifest.theme_color.toLowerCase()).toBe(themeMeta?.toLowerCase());

  const found = new Set<string>();
  for (const icon of manifest.icons) {
    const img = await request.get(icon.src);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    expect(pngSize(await img.body()), icon.src).toBe(icon.sizes);
    found.add(`${icon.sizes} ${icon.purpose ?? 'any'}`);
  }
  expect([...found].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  return manifest;
}

const manifestHref = (page: Page) => page.locator('link[rel="manifest"]').getAttribute('href');

test('the web app manifests are valid and installable, the worker script is never cached', async ({
  page,
  request,
}) => {
  await page.goto('/');
  expect(await manifestHref(page)).toBe('/manifest.webmanifest');
  const zh = await validManifest(page, request, '/manifest.webmanifest');
  expect(zh.name).toBe('Mnemo 記憶學習');
  expect(zh.lang).toBe('zh-Hant-TW');
  expect(zh.description).toMatch(/離線/);

  const en = await validManifest(page, request, '/manifest.en.webmanifest');
  expect(en.name).toBe('Mnemo Study');
  expect(en.lang).toBe('en');
  expect(en.description).toMatch(/quizzes — offline too/);
  // Everything but the words is the same app.
  const { name: _zn, lang: _zl, description: _zd, ...zhRest } = zh;
  const { name: _en, lang: _el, description: _ed, ...enRest } = en;
  expect(enRest).toEqual(zhRest);

  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(apple!)).body())).toBe('180x180');

  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  // A classic worker: an ES module's `export` would make the browser refuse it.
  expect(await sw.text()).not.toMatch(/\bexport\s*\{/);
});

test('the manifest link follows the UI language, switched and stored', async ({ page }) => {
  await page.goto('/');
  expect(await manifestHref(page)).toBe('/manifest.webmanifest');
  await page.getByLabel('語言').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.en.webmanifest',
  );
  // A page loaded in the stored language links its manifest from the start.
  await page.reload();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.en.webmanifest',
  );
  expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
  await page.getByLabel('Language').selectOption('zh-TW');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
});

test('the service worker controls the page and precaches the app shell and the offline pages, not other pages or locales', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      script: navigator.serviceWorker.controller?.scriptURL,
      scope: registration?.scope,
      state: registration?.active?.state,
    };
  });
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(new URL(worker.scope!).pathname).toBe('/');
  expect(worker.state).toBe('activated');

  const stored = await cachedUrls(page);
  const precacheName = Object.keys(stored).find((n) => n.startsWith('mnemo-precache'));
  expect(precacheName, `a precache among ${Object.keys(stored).join(', ')}`).toBeTruthy();
  const precached = stored[precacheName!]!.map((u) => u.replace(/\?__WB_REVISION__=\w+$/, ''));

  // Everything the app shell (index.html) loads before the first render is there… (a
  // signed-out `/` is the prerendered welcome page, which links its own lazy chunks too)
  const html = await (await request.get('/index.html')).text();
  const shell = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(shell.length).toBeGreaterThanOrEqual(3);
  for (const url of [
    '/index.html',
    '/manifest.webmanifest',
    '/manifest.en.webmanifest',
    '/logo.svg',
    ...shell,
  ]) {
    expect(precached, url).toContain(url);
  }
  // …so are the pages reachable from the device's data, with their strings in both languages
  // (they open offline on first use)…
  for (const pattern of [
    /^\/assets\/quiz-questions-page-[\w-]+\.js$/,
    /^\/assets\/quiz-results-page-[\w-]+\.js$/,
    /^\/assets\/review-route-[\w-]+\.js$/,
    /^\/assets\/progress-page-[\w-]+\.js$/,
    /^\/assets\/quiz-flashcards-page-[\w-]+\.js$/,
    /^\/assets\/material-flashcards-page-[\w-]+\.js$/,
    /^\/assets\/locales\/zh-TW-flashcards-[\w-]{8}\.js$/,
    /^\/assets\/locales\/en-flashcards-[\w-]{8}\.js$/,
    /^\/assets\/locales\/zh-TW-quiz-[\w-]{8}\.js$/,
    /^\/assets\/locales\/en-quiz-[\w-]{8}\.js$/,
  ]) {
    expect(
      precached.some((url) => pattern.test(url)),
      `${pattern} in the precache`,
    ).toBe(true);
  }
  // …and nothing else lazy or large: no other route pages or namespaces, no demo video.
  for (const url of precached) {
    expect(url, 'another locale namespace in the precache').not.toMatch(
      /^\/assets\/locales\/[\w-]+-(?:auth|billing|contact|legal|welcome|quiz-setup)-[\w-]{8}\.js$/,
    );
    expect(url, 'another route page in the precache').not.toMatch(
      /\/(?:login|upload|subscription|contact|privacy|terms|quiz-settings|quiz-loading)-page-[\w-]+\.(?:js|css)$/,
    );
    expect(url, 'demo media in the precache').not.toMatch(/^\/demo\//);
    expect(url, 'a source map in the precache').not.toMatch(/\.map$/);
  }
});

test('start_url and a deep link are served offline after one online visit', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The deep link, signed out, lands on the login page: its code is cached on the way.
  await page.goto('/materials/x');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();

  await context.setOffline(true);
  // The worker is offline too (it would otherwise fetch and hide a broken cache).
  const workerFetch = await page.evaluate(() =>
    fetch('/assets/not-in-any-cache.js').then(
      (r) => `answered ${r.status}`,
      () => 'network error',
    ),
  );
  expect(workerFetch).toBe('network error');

  const start = await page.goto('/');
  expect(start?.status()).toBe(200);
  expect(start?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mnemo 首頁' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Never opened online at this address: the same shell, the router takes it from there.
  const deep = await page.goto('/materials/never-opened/quiz/new');
  expect(deep?.status()).toBe(200);
  expect(deep?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmaterials%2Fnever-opened/);
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  // A page whose code was never downloaded says so inside the shell (not a crash screen).
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: '這個頁面還沒存到這台裝置' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await context.setOffline(false);
});

test('/api answers go to the network and never into Cache Storage', async ({ page, request }) => {
  await page.goto('/');
  await waitForWorker(page);

  const email = uniqueEmail('pwa');
  const reg = await request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, name: 'pwa', locale: 'zh-TW' },
  });
  expect(reg.status()).toBe(201);
  const verify = await linkFromOutbox(email, '/api/v1/auth/verify-email?token=');
  // The e-mail's one-time link, opened in the controlled browser, reaches the server once
  // (no shell, no second fetch): it redirects to a successful login page.
  const [verifyRes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/auth/verify-email')),
    page.goto(verify),
  ]);
  expect(verifyRes.status()).toBe(302);
  expect(verifyRes.fromServiceWorker()).toBe(false);
  await expect(page).toHaveURL(/\/login\?verified=true$/);

  const apiResponses: Array<{ url: string; fromWorker: boolean }> = [];
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) {
      apiResponses.push({ url: pathname, fromWorker: r.fromServiceWorker() });
    }
  });
  await page.goto('/login');
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: '帳號選單' })).toBeVisible();
  await page.goto('/upload-material');
  await page.goto('/');
  await expect(page.getByRole('button', { name: '帳號選單' })).toBeVisible();

  expect(apiResponses.length, 'the signed-in pages called the API').toBeGreaterThan(0);
  expect(apiResponses.filter((r) => r.fromWorker)).toEqual([]);

  const stored = await cachedUrls(page);
  const all = Object.entries(stored).flatMap(([name, urls]) => urls.map((u) => `${name} ${u}`));
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((entry) => entry.includes(' /api/'))).toEqual([]);
  expect(await page.evaluate(async () => Boolean(await caches.match('/api/v1/user/profile')))).toBe(
    false,
  );
});

test('a waiting new version shows the update banner; Reload activates it', async ({
  page,
  context,
}) => {
  // The first install gets a changed sw.js (this tab's "old release"); once unrouted, the
  // server's real sw.js is a new version to the browser, installed and left waiting.
  await context.route('**/sw.js', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: `${await res.text()}\n// e2e: previous release\n` });
  });
  await page.goto('/');
  await waitForWorker(page);
  await context.unrouteAll();

  const banner = page.getByTestId('update-banner');
  await expect(banner).toHaveAttribute('role', 'status');
  await expect(banner).toBeEmpty();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect(banner.getByText('Mnemo 有新版本可用。')).toBeVisible({ timeout: 20_000 });
  // Not a dialog: the page stays usable and focus was not taken.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expectAccessible(page, 'update banner');

  // "Later" hides it; the new worker keeps waiting (no takeover without consent)…
  await banner.getByRole('button', { name: '稍後' }).click();
  await expect(banner).toBeEmpty();
  const waiting = () =>
    page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  expect(await waiting()).toBe(true);

  // …so the next visit offers it again; the keyboard takes it.
  await page.reload();
  const reload = banner.getByRole('button', { name: '重新載入' });
  await expect(reload).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
  await tabTo(page, reload);
  await page.keyboard.press('Enter');

  await page.waitForFunction(() => !('beforeUpdate' in window), null, { timeout: 20_000 });
  await waitForWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await waiting()).toBe(false);
  await expect(banner).toBeEmpty();
});

test('the footer offers installing where the browser allows it', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: '安裝 App' })).toHaveCount(0);
  // Chromium fires beforeinstallprompt on its own schedule: the test fires one it controls.
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  const install = footer.getByRole('button', { name: '安裝 App' });
  await expect(install).toBeVisible();
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(
    true,
  );
  await expect(install).toHaveCount(0); // a prompt can be used once
});

test.describe('on an iPhone (Safari has no beforeinstallprompt)', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  });

  test('the footer explains Share → Add to Home Screen', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const howTo = footer.getByText('加到主畫面');
    await expect(howTo).toBeVisible();
    await expect(footer.getByText('在 Safari 點「分享」，再選「加入主畫面」。')).toBeHidden();
    await howTo.click();
    await expect(footer.getByText('在 Safari 點「分享」，再選「加入主畫面」。')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
