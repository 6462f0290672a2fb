import fs from 'node:fs';
import path from 'node:path';
import { expect, PASSWORD, snap, test, verifiedLearner } from './support/fixtures';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus');
const CSV = fs.readFileSync(path.join(CORPUS, 'csv/zh_gov_office_calendar_115_utf8_bom.csv'));
/** One more than two pages of the list (MATERIALS_PAGE is 20). */
const COUNT = 22;

test('the list loads its next page on scroll and searches the server, 台北 finding 臺北', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { email, token } = await verifiedLearner(request, 'zh-TW', 'pages');
  // The oldest one, on the second page: found by the server although not loaded yet.
  for (let i = 1; i <= COUNT; i++) {
    const res = await request.post('/api/v1/materials/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        title: i === 1 ? '臺北市行事曆' : `行事曆 ${String(i).padStart(2, '0')}`,
        files: { name: 'calendar.csv', mimeType: 'text/csv', buffer: CSV },
      },
    });
    expect(res.status()).toBe(201);
  }

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  const cards = page.locator('.materials-grid > li');
  // Generous: the machine this runs on may be shared.
  await expect(cards).toHaveCount(20, { timeout: 60_000 });
  await expect(page.getByRole('link', { name: /行事曆 22/ })).toBeVisible();
  await expect(page.getByText('臺北市行事曆')).toHaveCount(0);

  const nextPage = page.waitForResponse((r) => /\/api\/v1\/materials\?.*cursor=/.test(r.url()));
  await cards.last().scrollIntoViewIfNeeded();
  expect((await nextPage).status()).toBe(200);
  await expect(cards).toHaveCount(COUNT, { timeout: 30_000 });
  await expect(page.getByText('臺北市行事曆')).toBeVisible();

  // Back from the top: a fresh page shows the first page again, and the search reaches the rest.
  await page.reload();
  await expect(cards).toHaveCount(20, { timeout: 60_000 });
  await page.getByRole('searchbox').fill('台北');
  await expect(cards).toHaveCount(1, { timeout: 30_000 });
  await expect(cards.first()).toContainText('臺北市行事曆');
  await snap(page, 'material-list-search-360');
});
