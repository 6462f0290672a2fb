import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures';
import {
  CORPUS,
  sessionToken,
  signInNewLearner,
  snapWidths,
  storedQuestions,
  tabTo,
  type StoredQuestion,
} from './support/quiz-helpers';

// Issue 17 in the browser, in zh-TW: the 114 fire-science paper and its answer key uploaded
// together become one material; its page says what was recognised, the settings offer "all"
// and the paper's order, five items are taken verbatim, one answered wrong, and that one comes
// back in Review.

const PAPER = 'pdf/zh_exam114_fire_science_questions.pdf';
const KEY = 'pdf/zh_exam114_fire_science_answer_key.pdf';

/** Drops files on the upload page's drop zone at once and uploads them as one material. */
async function uploadPaperAndKey(
  page: Page,
  files: Array<{ full: string; type: string }> = [KEY, PAPER].map((file) => ({
    full: path.join(CORPUS, file),
    type: 'application/pdf',
  })),
) {
  await page.goto('/upload-material');
  const items = files.map(({ full, type }) => ({
    name: path.basename(full),
    type,
    data: fs.readFileSync(full).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, items);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  for (const f of items) await expect(page.getByText(f.name).first()).toBeVisible();
  await page.getByRole('button', { name: '上傳教材', exact: true }).click();
  await expect(page).toHaveURL(/\/materials\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('zh-TW: upload a 考古題 with its key, see the items recognised, take 5, one wrong comes back in Review', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  await useLanguage(page, 'zh-TW');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewLearner(page, request, 'zh-TW');
  const materialId = await uploadPaperAndKey(page);

  // The material page: how many items, the key found.
  const token = await sessionToken(page);
  const detail = await page.request.get(`/api/v1/materials/${materialId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const exam = ((await detail.json()) as { data: { exam: { usable: number; items: number } } }).data
    .exam;
  expect(exam.usable).toBeGreaterThanOrEqual(5);
  const recognised = page.getByTestId('exam-recognised');
  await expect(recognised).toHaveText(`已辨識 ${exam.items} 題選擇題（含標準答案）`);
  await expect(page.getByText('已找到標準答案')).toBeVisible();
  await expect(page.getByText('2 題申論題不列入測驗（沒有選項可計分）')).toBeVisible();
  await snapWidths(page, 'exam-material', 'zh-TW');

  // Settings: the paper's own items, "all" offered, the paper's order offered; no type,
  // difficulty or language to choose for a paper alone.
  await page.getByRole('link', { name: '產生新測驗' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/materials/${materialId}/quiz/new$`));
  await expect(page.getByTestId('exam-recognised')).toContainText(
    `已辨識 ${exam.usable} 題選擇題（含標準答案）`,
  );
  await expect(page.getByRole('radio', { name: `全部 ${exam.usable} 題` })).toBeVisible();
  await expect(page.getByRole('radio', { name: '依原卷順序' })).toBeVisible();
  await expect(page.getByRole('group', { name: '難度' })).toHaveCount(0);
  await page.getByRole('radio', { name: '5 題', exact: true }).check();
  await page.getByRole('radio', { name: '依原卷順序' }).check();
  await snapWidths(page, 'exam-settings', 'zh-TW');
  const generateRequest = page.waitForRequest('**/api/v1/quiz/generate');
  await page.getByRole('button', { name: '產生測驗' }).click();
  expect((await generateRequest).postDataJSON()).toMatchObject({
    materialId,
    questionCount: 5,
    order: 'paper',
    questionTypes: ['multiple_choice'],
  });
  await expect(page).toHaveURL(/\/quiz\/[^/]+\/questions$/, { timeout: 90_000 });
  const quizId = page.url().split('/').at(-2)!;

  // Five items of the paper, in its order, as printed; the second answered wrong.
  const questions = storedQuestions(quizId) as Array<StoredQuestion & { exam: { number: number } }>;
  expect(questions).toHaveLength(5);
  const numbers = questions.map((q) => q.exam.number);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  for (const [i, q] of questions.entries()) {
    await expect(page.locator('.quiz-progress__counter')).toHaveText(`${i + 1} / 5`);
    await expect(page.locator('.question__stem')).toContainText(q.question.slice(-20));
    // Where it stands in the paper: 「114年 火災學概要 第 N 題」.
    await expect(page.getByTestId('exam-source')).toHaveText(new RegExp(`第 ${q.exam.number} 題$`));
    const options = page.locator('label.choice');
    await expect(options).toHaveCount(4);
    for (const [k, o] of q.options!.entries()) await expect(options.nth(k)).toContainText(o.text);
    if (i === 0) await snapWidths(page, 'exam-question', 'zh-TW');
    const key = q.options!.findIndex((o) => o.id === q.correctOptionId);
    const pick = i === 1 ? (key + 1) % 4 : key;
    await page.keyboard.press(String(pick + 1));
    await expect(page.locator('input.choice__input').nth(pick)).toBeChecked();
    if (i < 4) await page.keyboard.press('ArrowRight');
    else {
      await tabTo(page, page.getByRole('button', { name: '完成測驗' }));
      await page.keyboard.press('Enter');
    }
  }
  await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
  await expect(page.locator('.score-ring__number')).toHaveText('80');
  await expect(page.getByText('答對 4 / 5 題', { exact: true })).toBeVisible();
  const wrongItem = page.locator('ol.result-list > li').nth(1);
  await expect(wrongItem.locator('.result-status')).toHaveText('答錯');
  await expect(wrongItem.getByTestId('exam-source')).toHaveText(
    new RegExp(`第 ${questions[1]!.exam.number} 題$`),
  );
  const wrongQ = questions[1]!;
  const keyText = wrongQ.options!.find((o) => o.id === wrongQ.correctOptionId)!.text;
  await expect(wrongItem).toContainText(keyText);
  await snapWidths(page, 'exam-results', 'zh-TW');

  // Review: the wrong item is due, as printed.
  const badge = page.getByRole('link', { name: '1 張卡片待複習' });
  await expect(badge).toBeVisible({ timeout: 15_000 });
  await badge.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByText('第 1 張，共 1 張')).toBeVisible();
  await expect(page.locator('.review-card .question__stem')).toContainText(
    wrongQ.question.slice(-20),
  );
  await expectAccessible(page, 'review of the wrong exam item');
  await snapWidths(page, 'exam-review', 'zh-TW');
});

// Issue 17, a paper without its key: the material page says so and offers unscored practice;
// the quiz is taken only when the learner ticks it, shows no score and no key, and nothing
// comes back in Review. (Written for the lead's Playwright run.)
const DRILL = path.join(import.meta.dirname, '../fixtures/exam/zh-fire-drill-questions.txt');

test('zh-TW: a 考古題 without key is practised unscored only when chosen, with no score and no review card', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await useLanguage(page, 'zh-TW');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewLearner(page, request, 'zh-TW');
  const materialId = await uploadPaperAndKey(page, [{ full: DRILL, type: 'text/plain' }]);

  // The material page: no key yet, how to add one, and unscored practice.
  await expect(page.getByText('這份考古題還沒有標準答案', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '一起上傳試題和答案' })).toBeVisible();
  await page.getByTestId('exam-practise-unscored').click();
  await expect(page).toHaveURL(
    new RegExp(`/materials/${materialId}/quiz/new\\?practice=unscored$`),
  );

  // Settings: the choice is ticked by the link; unticked, a paper alone cannot be sent.
  const practice = page.getByRole('checkbox', { name: /不計分練習/ });
  await expect(practice).toBeChecked();
  await expect(page.getByTestId('exam-no-key')).toContainText('已辨識 6 題選擇題');
  await practice.uncheck();
  await expect(page.getByRole('button', { name: '產生測驗' })).toBeDisabled();
  await practice.check();
  await page.getByRole('radio', { name: '全部 6 題' }).check();
  await page.getByRole('radio', { name: '依原卷順序' }).check();
  const generateRequest = page.waitForRequest('**/api/v1/quiz/generate');
  await page.getByRole('button', { name: '產生測驗' }).click();
  expect((await generateRequest).postDataJSON()).toMatchObject({
    materialId,
    questionCount: 'all',
    order: 'paper',
    unscored: true,
  });
  await expect(page).toHaveURL(/\/quiz\/[^/]+\/questions$/, { timeout: 90_000 });

  // Taking: the paper's items as printed, each saying where it stands and that it is unscored.
  await expect(page.locator('.question__stem')).toContainText('下列何者不是燃燒的四要素之一？');
  await expect(page.getByTestId('exam-source')).toHaveText(/第 1 題$/);
  await expect(page.getByText('不計分練習', { exact: true })).toBeVisible();
  // Every item answered (the first with (D) 二氧化碳), then finished from the last one.
  for (let i = 0; i < 6; i++) {
    await expect(page.locator('.quiz-progress__counter')).toHaveText(`${i + 1} / 6`);
    await expect(page.getByTestId('exam-source')).toHaveText(new RegExp(`第 ${i + 1} 題$`));
    const pick = i === 0 ? 3 : 0;
    await page.keyboard.press(String(pick + 1));
    await expect(page.locator('input.choice__input').nth(pick)).toBeChecked();
    if (i < 5) await page.keyboard.press('ArrowRight');
  }
  await tabTo(page, page.getByRole('button', { name: '完成測驗' }));
  await page.keyboard.press('Enter');

  // Results: no score and no key; the answer chosen is shown as chosen.
  await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
  await expect(page.getByTestId('results-unscored')).toContainText('不計分練習');
  await expect(page.locator('.score-ring__number')).toHaveCount(0);
  const first = page.locator('ol.result-list > li').first();
  await expect(first.locator('.result-status')).toHaveText('不計分');
  await expect(first).toContainText('二氧化碳');
  await expect(first.getByText('正確答案')).toHaveCount(0);
  await expectAccessible(page, 'unscored exam practice results');

  // Nothing to review.
  await expect(page.getByRole('link', { name: /張卡片待複習/ })).toHaveCount(0);
});

// Issue 17, multiple-select items (複選題), in both languages: our own paper (a PDF with an
// item across a page break, its answers at the end) and an English list with "Answer: A, B, D"
// lines. The multi-select item is answered with checkboxes by keyboard (1–4 tick and clear),
// scored all or nothing, and its report row shows both sets of options.
const MULTI_PDF = path.join(import.meta.dirname, '../fixtures/exam/zh-multi-select-paper.pdf');
const MULTI_EN = path.join(import.meta.dirname, '../fixtures/exam/en-multi-select-quiz.txt');

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: multiple-select exam items are taken with checkboxes and scored all or nothing`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const zh = lng === 'zh-TW';
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewLearner(page, request, lng);
    await page.goto('/upload-material');
    const file = zh
      ? { full: MULTI_PDF, type: 'application/pdf' }
      : { full: MULTI_EN, type: 'text/plain' };
    const items = [file].map(({ full, type }) => ({
      name: path.basename(full),
      type,
      data: fs.readFileSync(full).toString('base64'),
    }));
    const dataTransfer = await page.evaluateHandle((files) => {
      const dt = new DataTransfer();
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return dt;
    }, items);
    const zone = page.getByTestId('drop-zone');
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText(items[0]!.name).first()).toBeVisible();
    await page
      .getByRole('button', { name: zh ? '上傳教材' : 'Upload material', exact: true })
      .click();
    await expect(page).toHaveURL(/\/materials\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    const materialId = new URL(page.url()).pathname.split('/').pop()!;

    // The material page counts the multi-select items and says how they are scored.
    await expect(
      page.getByText(
        zh
          ? '另有 3 題複選題（須選出所有正確選項，全對才給分）'
          : 'Plus 3 multiple-select items (choose every correct option; scored only when all are right)',
      ),
    ).toBeVisible();

    await page.goto(`/materials/${materialId}/quiz/new`);
    await page.getByRole('radio', { name: zh ? '全部 5 題' : 'All 5' }).check();
    await page.getByRole('radio', { name: zh ? '依原卷順序' : 'Paper order' }).check();
    await page.getByRole('button', { name: zh ? '產生測驗' : 'Generate quiz' }).click();
    await expect(page).toHaveURL(/\/quiz\/[^/]+\/questions$/, { timeout: 90_000 });
    const quizId = page.url().split('/').at(-2)!;
    const questions = storedQuestions(quizId) as Array<
      StoredQuestion & { multiSelect?: boolean; acceptedOptionSets?: string[][] }
    >;
    expect(questions.map((q) => q.multiSelect === true)).toEqual([false, false, true, true, true]);

    for (const [i, q] of questions.entries()) {
      await expect(page.locator('.quiz-progress__counter')).toHaveText(`${i + 1} / 5`);
      const positions = (ids: string[]) =>
        ids.map((id) => q.options!.findIndex((o) => o.id === id));
      if (!q.multiSelect) {
        const key = positions([q.correctOptionId!])[0]!;
        await page.keyboard.press(String(key + 1));
      } else {
        // Checkboxes, labelled and described by the hint; no radios.
        const boxes = page.getByRole('checkbox');
        await expect(boxes).toHaveCount(4);
        await expect(page.getByRole('radio')).toHaveCount(0);
        await expect(page.locator('.question__type')).toHaveText(zh ? '複選題' : 'Multiple select');
        const key = positions(q.acceptedOptionSets![0]!);
        // The second multi-select item is answered one option short: wrong, all or nothing.
        const pick = i === 3 ? key.slice(0, -1) : key;
        // A wrong tick first, cleared again: 1–4 toggle.
        const wrong = [0, 1, 2, 3].find((p) => !key.includes(p))!;
        await page.keyboard.press(String(wrong + 1));
        await expect(boxes.nth(wrong)).toBeChecked();
        await page.keyboard.press(String(wrong + 1));
        await expect(boxes.nth(wrong)).not.toBeChecked();
        for (const p of pick) await page.keyboard.press(String(p + 1));
        for (const [p, box] of (await boxes.all()).entries())
          if (pick.includes(p)) await expect(box).toBeChecked();
          else await expect(box).not.toBeChecked();
        if (i === 2) await snapWidths(page, 'exam-multi-question', lng);
      }
      if (i < 4) await page.keyboard.press('ArrowRight');
    }
    await tabTo(page, page.getByRole('button', { name: zh ? '完成測驗' : 'Finish quiz' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
    await expect(page.locator('.score-ring__number')).toHaveText('80');
    const row = page.locator('ol.result-list > li').nth(3);
    await expect(row.locator('.result-status')).toHaveText(zh ? '答錯' : 'Incorrect');
    const q4 = questions[3]!;
    const keyTexts = q4.options!.filter((o) => q4.acceptedOptionSets![0]!.includes(o.id));
    await expect(row).toContainText(keyTexts.map((o) => o.text).join(zh ? '、' : ', '));
    await row.scrollIntoViewIfNeeded();
    await snapWidths(page, 'exam-multi-results', lng);
  });
}
