import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  signInNewLearner,
  snap,
  test,
  useLanguage,
  withServerDb,
} from './support/fixtures';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus');
const MD = 'md/en_audrey_tang_2025_ai_safety_column.md';
const CSV = 'csv/zh_gov_office_calendar_115_utf8_bom.csv';
const DOCX = 'docx/en_doj_chapter13_trustee_handbook_ch1.docx';
const EXTRA = 'md/zh_audrey_tang_2025_ai_safety_column.md';
const LOCKED = 'xlsx/en_password_protected.xlsx';

const MIME: Record<string, string> = {
  md: 'text/markdown',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Drops real corpus files onto the drop zone, the way a browser's drag and drop does. */
async function dropFiles(page: Page, files: string[]) {
  const payload = files.map((f) => ({
    name: path.basename(f),
    type: MIME[path.extname(f).slice(1)] ?? '',
    data: fs.readFileSync(path.join(CORPUS, f)).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return dt;
  }, payload);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Today as the app shows it (YYYY.MM.DD in the browser's time zone). */
const todayInBrowser = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
  });

async function snapBoth(page: Page, name: string, lng: 'zh-TW' | 'en') {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    // A full-page shot of a scrolled page paints the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `${name}-${width}-${lng}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width}px scrolls sideways`,
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a learner uploads three files by drag and drop, reads the extracted text, renames and deletes the material', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewLearner(page, request, 'zh-TW', 'materials');

  // The empty list offers an upload.
  await expect(page.getByRole('heading', { name: '我的教材', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '還沒有任何教材' })).toBeVisible();
  await expect(page.getByText('登入成功')).toBeHidden({ timeout: 5000 });
  await snapBoth(page, 'materials-empty', 'zh-TW');

  await page.getByRole('link', { name: '上傳新教材' }).click();
  await expect(page).toHaveURL(/\/upload-material$/);
  await expect(page.getByRole('heading', { name: '上傳教材', level: 1 })).toBeVisible();
  const submit = page.getByRole('button', { name: '上傳教材', exact: true });
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('button', { name: '瀏覽檔案' })).toBeVisible();

  await dropFiles(page, [MD, CSV, DOCX]);
  await expect(page.getByText('已上傳 3/3 個檔案')).toBeVisible();
  await expect(page.getByRole('button', { name: '新增更多' })).toBeHidden();
  const chosen = page.getByRole('list', { name: '已選擇的檔案' }).getByRole('listitem');
  await expect(chosen).toHaveCount(3);
  await expect(chosen.nth(0)).toContainText('en_audrey_tang_2025_ai_safety_column.md');
  await expect(chosen.nth(0)).toContainText('3.4 KB');
  await expect(chosen.nth(1)).toContainText('6.3 KB');
  await expect(chosen.nth(2)).toContainText('10.0 KB');

  // A fourth file: the max-files alert, and nothing is added.
  await dropFiles(page, [EXTRA]);
  await expect(page.getByRole('alert').filter({ hasText: '最多只能上傳 3 個檔案' })).toBeVisible();
  await expect(chosen).toHaveCount(3);
  await expectAccessible(page, 'upload with the max-files alert');

  // Removing one brings back "Add More"; putting it back fills the list again.
  await page
    .getByRole('button', { name: '移除「zh_gov_office_calendar_115_utf8_bom.csv」' })
    .click();
  await expect(page.getByText('已上傳 2/3 個檔案')).toBeVisible();
  await expect(page.getByRole('button', { name: '新增更多' })).toBeVisible();
  await dropFiles(page, [CSV]);
  await expect(page.getByText('已上傳 3/3 個檔案')).toBeVisible();

  await page.getByLabel('教材名稱').fill('AI 安全與破產管理 讀書會');
  await page.getByLabel(/說明/).fill('期中考範圍：AI 安全專欄、行事曆、受託人手冊第一章');
  await snapBoth(page, 'upload-files', 'zh-TW');

  await submit.click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page).toHaveURL(/\/materials\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const detailUrl = page.url();

  // Detail: title, facts, the three files with sizes.
  await expect(
    page.getByRole('heading', { name: 'AI 安全與破產管理 讀書會', level: 1 }),
  ).toBeVisible();
  const files = page.getByRole('region', { name: '包含的檔案' }).getByRole('listitem');
  await expect(files).toHaveCount(3);
  await expect(files.nth(0)).toContainText('en_audrey_tang_2025_ai_safety_column.md');
  await expect(files.nth(0)).toContainText('3.4 KB');
  // The calendar was removed and added again: it is last now.
  await expect(files.nth(1)).toContainText('en_doj_chapter13_trustee_handbook_ch1.docx');
  await expect(files.nth(1)).toContainText('10.0 KB');
  await expect(files.nth(2)).toContainText('zh_gov_office_calendar_115_utf8_bom.csv');
  await expect(files.nth(2)).toContainText('6.3 KB');
  await expect(
    page.getByRole('link', { name: '下載「en_doj_chapter13_trustee_handbook_ch1.docx」' }),
  ).toHaveAttribute('href', /\/api\/v1\/materials\/.+\/files\/.+/);
  await expect(page.getByRole('heading', { name: '還沒有測驗' })).toBeVisible();

  // The extracted text, with where each passage came from.
  const toggle = page.getByRole('button', { name: '查看擷取的文字' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const passage = page
    .locator('.text-block')
    .filter({ hasText: 'openly available safety reasoning model' });
  await expect(passage).toBeVisible();
  // One label per section, page or sheet (not one above every paragraph).
  const columnLabel = '2025-11-06 BW Column: Opening Up AI Safety › Audrey Tang:';
  await expect(
    page.locator('.text-unit').filter({ has: passage }).locator('.text-unit__label'),
  ).toHaveText(columnLabel);
  await expect(page.locator('.text-unit__label', { hasText: columnLabel })).toHaveCount(1);
  const holiday = page.locator('.text-block').filter({ hasText: '開國紀念日' });
  await expect(
    page.locator('.text-unit').filter({ has: holiday }).locator('.text-unit__label'),
  ).toHaveText('工作表 zh_gov_office_calendar_115_utf8_bom.csv');
  // Scrolled on a phone, the page's label stays under the file's name, both in view.
  await page.setViewportSize({ width: 360, height: 740 });
  await passage.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 90));
  const stuckName = page.locator('.text-file').filter({ has: passage }).locator('.text-file__name');
  const stuckLabel = page
    .locator('.text-unit')
    .filter({ has: passage })
    .locator('.text-unit__label');
  const nameBox = (await stuckName.boundingBox())!;
  const labelBox = (await stuckLabel.boundingBox())!;
  expect(nameBox.y).toBeGreaterThanOrEqual(63);
  expect(labelBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText('偵測到的語言')).toBeVisible();

  // Ticking one file shows only its text.
  await page.getByRole('checkbox', { name: /en_doj_chapter13_trustee_handbook_ch1\.docx/ }).check();
  await expect(page.getByText('只顯示已勾選的 1 個檔案')).toBeVisible();
  await expect(passage).toBeHidden();
  await expect(
    page.locator('.text-block').filter({ hasText: 'standing trustee' }).first(),
  ).toBeVisible();
  await page
    .getByRole('checkbox', { name: /en_doj_chapter13_trustee_handbook_ch1\.docx/ })
    .uncheck();
  await expect(passage).toBeVisible();
  await snapBoth(page, 'material-detail-text', 'zh-TW');

  // Back to the list: the card with its file count and today's date.
  await page.getByRole('link', { name: '返回教材列表' }).click();
  await expect(page).toHaveURL(/\/$/);
  const card = page.getByRole('article').filter({ hasText: 'AI 安全與破產管理 讀書會' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('file-count')).toHaveText('3 個檔案');
  await expect(card).toContainText(await todayInBrowser(page));
  await expect(card).toContainText('0 份測驗');
  await snapBoth(page, 'materials-list', 'zh-TW');

  // Rename inline; the new title is saved (it survives a reload).
  await card.getByRole('link', { name: 'AI 安全與破產管理 讀書會' }).click();
  await expect(page).toHaveURL(detailUrl);
  await page.getByRole('button', { name: '編輯標題' }).click();
  const titleInput = page.getByRole('textbox', { name: '教材標題' });
  await expect(titleInput).toBeFocused();
  await titleInput.fill('   ');
  await titleInput.press('Enter'); // blank: not saved
  await expect(
    page.getByRole('heading', { name: 'AI 安全與破產管理 讀書會', level: 1 }),
  ).toBeVisible();
  await page.getByRole('button', { name: '編輯標題' }).click();
  await titleInput.fill('丟掉的標題');
  await titleInput.press('Escape'); // cancelled
  await expect(
    page.getByRole('heading', { name: 'AI 安全與破產管理 讀書會', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '編輯標題' })).toBeFocused();
  await page.getByRole('button', { name: '編輯標題' }).click();
  await titleInput.fill('期中考複習：AI 安全');
  await titleInput.press('Enter');
  await expect(page.getByRole('heading', { name: '期中考複習：AI 安全', level: 1 })).toBeVisible();
  await expect(page.getByText('標題已更新', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '期中考複習：AI 安全', level: 1 })).toBeVisible();

  // Delete: cancel first (the dialog fades out), then confirm.
  await page.getByRole('button', { name: '刪除教材' }).click();
  const dialog = page.getByRole('dialog', { name: '刪除教材' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('期中考複習：AI 安全');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: '刪除教材' }).click();
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'delete dialog');
  await dialog.getByRole('button', { name: '確認刪除' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '還沒有任何教材' })).toBeVisible();

  // The deleted material is gone for good.
  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: '教材不存在', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '返回教材列表' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('in English: browse for files, see the text and the quiz limit tooltip', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signInNewLearner(page, request, 'en', 'materials');
  // A learner who has used their three free quizzes: the generate button is disabled.
  withServerDb((db) =>
    db.prepare('UPDATE users SET free_usage_count = 3 WHERE email = ?').run(email),
  );
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('3/3');
  await expect(page.getByRole('heading', { name: 'No materials yet' })).toBeVisible();
  await expect(page.getByText('Logged in successfully')).toBeHidden({ timeout: 5000 });
  await snapBoth(page, 'materials-empty', 'en');

  await page.getByRole('link', { name: 'Upload new material' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles([path.join(CORPUS, MD), path.join(CORPUS, DOCX), path.join(CORPUS, LOCKED)]);
  await expect(page.getByText('Uploaded 3/3 files')).toBeVisible();

  // The server refuses the locked workbook: its message names the file; nothing chosen is lost.
  const submit = page.getByRole('button', { name: 'Upload material', exact: true });
  await submit.click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '"en_password_protected.xlsx" is password-protected' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/upload-material$/);
  await expect(page.getByText('Uploaded 3/3 files')).toBeVisible();
  await expect(submit).toBeEnabled();
  await page.getByRole('button', { name: 'Remove en_password_protected.xlsx' }).click();
  await expect(page.getByText('Uploaded 2/3 files')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add More' })).toBeVisible();
  await snapBoth(page, 'upload-files', 'en');
  await submit.click();
  await expect(page).toHaveURL(/\/materials\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const detailUrl = page.url();

  // Without a name, the first file's name is the title.
  await expect(
    page.getByRole('heading', { name: 'en_audrey_tang_2025_ai_safety_column.md', level: 1 }),
  ).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate new quiz' }).first();
  await expect(generate).toBeDisabled();
  await page.getByTestId('generate-limited').first().focus();
  await expect(page.getByRole('tooltip')).toContainText(
    "You've reached the free quiz generation limit",
  );
  await expectAccessible(page, 'limit tooltip');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'View extracted text' }).click();
  const passage = page.locator('.text-block').filter({ hasText: 'STATUTORY DUTIES' }).first();
  await expect(
    page.locator('.text-unit').filter({ has: passage }).locator('.text-unit__label'),
  ).toHaveText('CHAPTER 1 INTRODUCTION › C. STATUTORY DUTIES OF A STANDING TRUSTEE');
  await expect(page.getByText('Detected language')).toBeVisible();
  await snapBoth(page, 'material-detail-text', 'en');

  await page.getByRole('link', { name: 'Back to materials' }).click();
  const card = page.getByRole('article').filter({ hasText: 'en_audrey_tang' });
  await expect(card.getByTestId('file-count')).toHaveText('2 files');
  await expect(card).toContainText(await todayInBrowser(page));
  await snapBoth(page, 'materials-list', 'en');

  // Quiz history and the DELETE word: two quizzes of this learner, as rows in the database
  // (the quiz screens that create them come with the quiz issue); the delete goes to the API.
  const materialId = new URL(detailUrl).pathname.split('/').pop()!;
  const detailPath = `/materials/${materialId}`;
  withServerDb((db) => {
    const { id: userId } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as {
      id: string;
    };
    const insert = db.prepare(
      `INSERT INTO quizzes (id, user_id, material_id, title, description, difficulty, language,
         question_types, question_count, questions, completed, score, answered_count, created_at,
         last_taken_at) VALUES (?, ?, ?, ?, '', ?, 'en-US', '["multiple_choice"]', ?, '[]', ?, ?, ?, ?, ?)`,
    );
    insert.run(
      'q-old',
      userId,
      materialId,
      '',
      'expert',
      10,
      1,
      92,
      10,
      '2026-01-05T09:00:00.000Z',
      '2026-01-06T09:00:00.000Z',
    );
    insert.run(
      'q-new',
      userId,
      materialId,
      'Trustee duties',
      'beginner',
      5,
      0,
      null,
      2,
      '2026-02-01T09:00:00.000Z',
      null,
    );
  });
  await page.goto(detailUrl);
  const history = page.getByRole('region', { name: 'Quiz history' });
  const quizCards = history.getByRole('article');
  await expect(quizCards).toHaveCount(2);
  // Latest first: the unfinished quiz of February, then January's.
  await expect(quizCards.nth(0)).toContainText('Trustee duties');
  await expect(quizCards.nth(0)).toContainText('Not finished');
  await expect(quizCards.nth(0)).toContainText('2/5 answered');
  await expect(quizCards.nth(0)).toContainText('Beginner');
  await expect(quizCards.nth(1)).toContainText('Quiz · 2026.01.05');
  await expect(quizCards.nth(1)).toContainText('Expert');
  await expect(quizCards.nth(1)).toContainText('92%');
  await expect(history.getByRole('link', { name: 'Continue: Trustee duties' })).toHaveAttribute(
    'href',
    `${detailPath}/quiz/q-new/questions`,
  );
  await history.getByLabel('Sort by').selectOption('score');
  await expect(quizCards.nth(0)).toContainText('92%');
  await expect(
    history.getByRole('link', { name: 'View report: Quiz · 2026.01.05' }),
  ).toHaveAttribute('href', `${detailPath}/quiz/q-old/results`);

  await page.getByRole('button', { name: 'Delete material' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete material' });
  await expect(dialog).toContainText('It has 2 quizzes');
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(confirm).toBeEnabled();
  await expectAccessible(page, 'delete dialog with the confirmation word');
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'No materials yet' })).toBeVisible();
});
