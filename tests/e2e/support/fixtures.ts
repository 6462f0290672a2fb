import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Frame,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import PostalMime from 'postal-mime';
import Database from 'better-sqlite3';

export { expect };

const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve('.tmp', 'e2e-data');
export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

type Violation = { url: string; text: string };

// axe-core refuses to start while a run is going on in the same page: one run at a time.
const axeQueue = new WeakMap<Page, Promise<unknown>>();

/** Runs axe on the page as it is now; returns serious and critical violations. */
function axeViolations(page: Page): Promise<Violation[]> {
  const previous = axeQueue.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runAxe(page));
  axeQueue.set(page, run);
  return run;
}

async function runAxe(page: Page): Promise<Violation[]> {
  // Let fades and slides finish first: a dialog half faded in is not what a learner reads. An
  // animation may start while others end (a menu closing as the page it opened comes in), so
  // wait until two frames in a row start none (at most 3 s).
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
        );
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    const until = performance.now() + 3000;
    while (performance.now() < until) {
      const now = running();
      if (now.length === 0) {
        await frame();
        await frame();
        if (running().length === 0) return;
        continue;
      }
      await Promise.race([
        Promise.all(now.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, 1000)),
      ]);
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      url: page.url(),
      text: `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    }));
}

// The page moved on while axe ran. "Cannot read properties of undefined (reading 'utils' /
// 'runPartial')": axe was injected into the old document and looked up in the new one.
const transient = (err: unknown) =>
  /Execution context was destroyed|Target page, context or browser has been closed|navigation|frame was detached|Test ended|Failed to find browser context|Target closed|Cannot read properties of undefined \(reading '\w+'\)/i.test(
    String(err),
  );

/** Checks the page now and fails the test on serious or critical axe violations. */
export async function expectAccessible(page: Page, label = '') {
  const found = await axeViolations(page);
  expect(
    found.map((v) => v.text),
    `axe on ${label || page.url()}`,
  ).toEqual([]);
}

/** Full-page screenshot saved under test-results/screenshots/NAME.png, after an axe check. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

/**
 * Every test's page is checked with axe-core after each navigation it makes (full loads and
 * client-side route changes) and once more at the end; a serious or critical violation fails it.
 */
export const test = base.extend<{ a11yWatch: void }>({
  // @axe-core/playwright opens and closes a blank page in the context for each run; a
  // setOffline landing at that moment fails with "Target page … has been closed" although the
  // test's own page is fine. Such a call is simply made again.
  context: async ({ context }, use) => {
    const setOffline = context.setOffline.bind(context);
    context.setOffline = async (offline: boolean) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await setOffline(offline);
        } catch (err) {
          if (attempt >= 5 || !/has been closed/.test(String(err))) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    await use(context);
  },
  a11yWatch: [
    async ({ page }, use) => {
      const violations: Violation[] = [];
      const failures: unknown[] = [];
      const checks: Promise<void>[] = [];
      let last = '';
      const onNavigated = (frame: Frame) => {
        if (frame !== page.mainFrame()) return;
        const url = frame.url();
        if (url === last || url.startsWith('about:')) return;
        last = url;
        checks.push(
          (async () => {
            try {
              await page.waitForLoadState('load');
              await new Promise((r) => setTimeout(r, 400));
              if (page.url() !== url) return; // already moved on: its own event checks the next page
              violations.push(...(await axeViolations(page)));
            } catch (err) {
              if (!transient(err)) failures.push(err);
            }
          })(),
        );
      };
      page.on('framenavigated', onNavigated);
      await use();
      page.off('framenavigated', onNavigated);
      await Promise.all(checks);
      if (failures.length) throw failures[0];
      // A page that never left about:blank (a skipped test) has nothing of ours to check.
      if (!page.isClosed() && !page.url().startsWith('about:')) {
        try {
          violations.push(...(await axeViolations(page)));
        } catch (err) {
          if (!transient(err)) throw err;
        }
      }
      const unique = [...new Map(violations.map((v) => [v.text, v])).values()];
      expect(
        unique.map((v) => `${v.url}: ${v.text}`),
        'axe-core serious/critical violations',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export const uniqueEmail = (prefix = 'learner') =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Waits for a message to `to` in the server's outbox and returns its first link containing `fragment`. */
export async function linkFromOutbox(
  to: string,
  fragment: string,
  timeoutMs = 15_000,
): Promise<string> {
  const dir = path.join(DATA_DIR, 'outbox');
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(`-${safeTo}.eml`))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, file)));
      const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} with a link containing "${fragment}" in ${dir}`);
}

/** Switches the UI language before the app loads (the detector reads localStorage first). */
export async function useLanguage(page: Page, lng: 'zh-TW' | 'en') {
  await page.addInitScript((l) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', l);
  }, lng);
}

/**
 * Runs `fn` against the e2e server's own SQLite database, to put real rows in place for states
 * the UI cannot reach yet (e.g. a used-up free quota). WAL mode lets it write beside the server.
 */
export function withServerDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(DATA_DIR, 'mnemo.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The password every e2e learner is made with. */
export const PASSWORD = 'study2026';

const SIGN_IN = {
  'zh-TW': { email: '電子郵件', password: '密碼', login: '登入', menu: '帳號選單' },
  en: { email: 'Email', password: 'Password', login: 'Log in', menu: 'Account menu' },
} as const;

/**
 * A new learner registered and verified through the API (the account spec covers those
 * screens), and their bearer token from an API login; returns the e-mail and the token.
 */
export async function verifiedLearner(
  request: APIRequestContext,
  lng: 'zh-TW' | 'en',
  prefix = 'learner',
) {
  const email = uniqueEmail(prefix);
  const reg = await request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, name: prefix, locale: lng },
  });
  expect(reg.status()).toBe(201);
  const verify = await linkFromOutbox(email, '/api/v1/auth/verify-email?token=');
  expect((await request.get(verify, { maxRedirects: 0 })).status()).toBe(302);
  const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { email, token };
}

/** A new learner (verifiedLearner), logged in through the UI in `lng`; returns the e-mail. */
export async function signInNewLearner(
  page: Page,
  request: APIRequestContext,
  lng: 'zh-TW' | 'en',
  prefix = 'learner',
) {
  const { email } = await verifiedLearner(request, lng, prefix);
  const t = SIGN_IN[lng];
  await page.goto('/login');
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.login, exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: t.menu })).toBeVisible();
  return email;
}
