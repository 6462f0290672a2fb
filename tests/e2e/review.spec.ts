import fs from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useLanguage, withServerDb } from './support/fixtures';
import {
  sessionToken,
  signInNewLearner,
  snapWidths,
  storedQuestions,
  tabTo,
  uploadByApi,
  type Lng,
  type StoredQuestion,
} from './support/quiz-helpers';

// Issue 8 in the browser: a quiz with two wrong answers makes two cards due today; the header
// badge and Review say so; answered offline they wait in the outbox as "will sync", and after
// reconnecting the server has reviewed each exactly once. Progress draws its chart (and the
// table beside it), the reminder setting is saved, and the quiz goes to Anki, Moodle and a
// spreadsheet with its zh-TW text intact.

const T = {
  'zh-TW': {
    file: 'txt/zh_us_constitution_taiwan_phrasing.txt',
    quizLanguage: 'zh-TW',
    due: (n: number) => `${n} 張卡片待複習`,
    none: '複習：目前沒有待複習的卡片',
    counter: (c: number, t: number) => `第 ${c} 張，共 ${t} 張`,
    check: '確認答案',
    dontKnow: '不知道，看答案',
    next: '下一張',
    finish: '完成複習',
    correct: '答對了',
    incorrect: '答錯了',
    shown: '答案揭曉',
    waiting: '已儲存，連線後同步',
    synced: '已同步',
    summary: '今日複習完成！',
    statusWaiting: '待同步',
    statusCorrect: '答對',
    empty: '目前沒有需要複習的卡片',
    locked: '詳解與教材原文出處為會員專屬。',
    explanation: '詳解',
    progress: '學習進度',
    scores: '各教材的分數走勢',
    showTable: '以表格顯示',
    streak: '連續學習 1 天',
    conceptsLocked: '各概念的答對率與按概念複習為會員專屬功能。',
    menu: '帳號選單',
    reminders: '學習提醒',
    remindersOn: '每天提醒我複習',
    hour: '提醒時間',
    save: '儲存',
    saved: '已儲存提醒設定',
    exportGroup: '匯出到其他學習工具',
    anki: 'Anki（TSV）',
    gift: 'Moodle GIFT',
    csv: '題目 CSV',
    csvQuestion: '題目',
    finishQuiz: '完成測驗',
    reviewConcept: (c: string) => `複習概念：${c}`,
  },
  en: {
    // A textbook chapter: full quizzes of choice questions for every seed.
    file: '../study-corpus/textbook/en_ims_ch01_data_hello.md',
    quizLanguage: 'en-US',
    due: (n: number) => `${n} ${n === 1 ? 'card' : 'cards'} due for review`,
    none: 'Review: no cards due',
    counter: (c: number, t: number) => `Card ${c} of ${t}`,
    check: 'Check answer',
    dontKnow: "I don't know — show answer",
    next: 'Next card',
    finish: 'Finish review',
    correct: 'Correct',
    incorrect: 'Incorrect',
    shown: "Here's the answer",
    waiting: "Saved — will sync when you're online",
    synced: 'Synced',
    summary: "Today's review is done!",
    statusWaiting: 'Will sync',
    statusCorrect: 'Correct',
    empty: 'Nothing to review right now',
    locked: 'Explanations and source quotes are for members.',
    explanation: 'Explanation',
    progress: 'Your progress',
    scores: 'Scores over time by material',
    showTable: 'Show as table',
    streak: '1-day study streak',
    conceptsLocked: 'Accuracy by concept and concept reviews are for members.',
    menu: 'Account menu',
    reminders: 'Study reminders',
    remindersOn: 'Remind me to review every day',
    hour: 'Reminder time',
    save: 'Save',
    saved: 'Reminder settings saved',
    exportGroup: 'Export to other study tools',
    anki: 'Anki (TSV)',
    gift: 'Moodle GIFT',
    csv: 'Questions CSV',
    csvQuestion: 'Question',
    finishQuiz: 'Finish quiz',
    reviewConcept: (c: string) => `Review concept: ${c}`,
  },
} as const;

type Text = (typeof T)[Lng];

/** A quiz of five choice questions on a corpus file, made through the API. */
async function makeQuiz(page: Page, lng: Lng) {
  const token = await sessionToken(page);
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lng };
  const materialId = await uploadByApi(page, token, T[lng].file);
  const gen = await page.request.post('/api/v1/quiz/generate', {
    headers,
    data: {
      materialId,
      title: lng === 'zh-TW' ? '憲法複習' : 'AI safety review',
      questionCount: 5,
      questionTypes: ['multiple_choice', 'true_false'],
      language: T[lng].quizLanguage,
    },
    timeout: 120_000,
  });
  expect(gen.status()).toBe(201);
  const quizId = ((await gen.json()) as { data: { quizId: string } }).data.quizId;
  const questions = storedQuestions(quizId);
  expect(questions).toHaveLength(5);
  return { token, headers, materialId, quizId, questions };
}

const keyOf = (q: StoredQuestion) => q.options!.findIndex((o) => o.id === q.correctOptionId);
const pickFor = (q: StoredQuestion, right: boolean) =>
  right ? keyOf(q) : (keyOf(q) + 1) % q.options!.length;

/** The stored question a stem on screen shows (its last 30 characters are on screen). */
async function questionOnScreen(page: Page, scope: string, questions: StoredQuestion[]) {
  const stem = (await page.locator(`${scope} .question__stem`).innerText()).replace(/\s+/g, ' ');
  const q = questions.find((x) => stem.includes(x.question.replace(/\s+/g, ' ').trim().slice(-30)));
  expect(q, `the question on screen: ${stem}`).toBeTruthy();
  return q!;
}

/** Takes the quiz in the UI with the keyboard: wrong on the questions in `wrong`. */
async function takeQuiz(page: Page, questions: StoredQuestion[], wrong: Set<number>, t: Text) {
  for (let i = 0; i < questions.length; i++) {
    await expect(page.locator('.quiz-progress__counter')).toHaveText(`${i + 1} / 5`);
    const q = await questionOnScreen(page, '.question-card', questions);
    const pick = pickFor(q, !wrong.has(questions.indexOf(q)));
    await page.keyboard.press(String(pick + 1));
    await expect(page.locator('input.choice__input').nth(pick)).toBeChecked();
    if (i < questions.length - 1) {
      await page.keyboard.press('ArrowRight');
    } else {
      await tabTo(page, page.getByRole('button', { name: t.finishQuiz }));
      await page.keyboard.press('Enter');
    }
  }
  await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
}

/** Answers the review card on screen (right or wrong) and checks it. */
async function answerCard(page: Page, questions: StoredQuestion[], right: boolean, t: Text) {
  const q = await questionOnScreen(page, '.review-card', questions);
  await page.locator('.review-card label.choice').nth(pickFor(q, right)).click();
  await page.getByRole('button', { name: t.check }).click();
  return q;
}

/** GET /review/stats as the learner. */
async function reviewStats(page: Page, headers: Record<string, string>) {
  const offset = await page.evaluate(() => 0 - new Date().getTimezoneOffset());
  const res = await page.request.get(`/api/v1/review/stats?utcOffset=${offset}`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, number> }).data;
}

/** Review answers waiting in the page's outbox (IndexedDB). */
const queuedReviews = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('mnemo');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as Array<{ kind: string }>).filter((r) => r.kind === 'review-answer')
                .length,
            );
          };
        };
      }),
  );

async function download(page: Page, name: string) {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name, exact: true }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

/** The three export files, parsed back: every question with its text intact. */
async function checkExports(page: Page, questions: StoredQuestion[], t: Text) {
  await expect(page.getByRole('group', { name: t.exportGroup })).toBeVisible();
  const stems = questions.map((q) => q.question.replace(/\s+/g, ' ').trim());

  const anki = await download(page, t.anki);
  expect(anki.name).toMatch(/-anki\.txt$/);
  const ankiText = anki.bytes.toString('utf8');
  expect(ankiText.split('\n').slice(0, 3)).toEqual([
    '#separator:tab',
    '#html:false',
    '#notetype:Basic',
  ]);
  const notes = Papa.parse<string[]>(
    ankiText
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join('\n'),
    { delimiter: '\t', skipEmptyLines: true },
  ).data;
  expect(notes).toHaveLength(questions.length);
  for (const [i, stem] of stems.entries()) {
    expect(notes[i]![0]!.replace(/\s+/g, ' ')).toContain(stem);
    expect(notes[i]![1]!.length).toBeGreaterThan(0);
  }

  const gift = await download(page, t.gift);
  expect(gift.name).toMatch(/-moodle-gift\.txt$/);
  const blocks = gift.bytes
    .toString('utf8')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b.startsWith('::'));
  expect(blocks).toHaveLength(questions.length);
  const unescape = (s: string) => s.replace(/\\n/g, ' ').replace(/\\(.)/g, '$1');
  for (const [i, stem] of stems.entries()) {
    expect(blocks[i]).toMatch(/\{(=|~|TRUE|FALSE)/);
    expect(unescape(blocks[i]!).replace(/\s+/g, ' ')).toContain(stem);
  }

  const csv = await download(page, t.csv);
  expect(csv.name).toMatch(/-questions\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8').slice(1), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(rows).toHaveLength(questions.length);
  expect(rows.map((r) => r[t.csvQuestion]!.replace(/\s+/g, ' ').replace(/^'/, ''))).toEqual(stems);
}

async function openReminders(page: Page, t: Text) {
  await page.getByRole('button', { name: t.menu }).click();
  await page.getByRole('menuitem', { name: t.reminders }).click();
  const dialog = page.getByRole('dialog', { name: t.reminders });
  await expect(dialog.getByLabel(t.remindersOn)).toBeVisible();
  return dialog;
}

test('zh-TW: two wrong answers become two due cards, reviewed offline, synced once; progress, reminders, export', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const lng = 'zh-TW';
  const t = T[lng];
  await useLanguage(page, lng);
  await context.grantPermissions(['notifications']);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signInNewLearner(page, request, lng);
  const { headers, materialId, quizId, questions } = await makeQuiz(page, lng);

  // Nothing due yet: the badge says so.
  await expect(page.getByRole('link', { name: t.none })).toBeVisible();

  // The quiz in the UI, two answers wrong.
  await page.goto(`/materials/${materialId}/quiz/${quizId}/questions`);
  await takeQuiz(page, questions, new Set([1, 3]), t);
  await checkExports(page, questions, t);
  await snapWidths(page, 'review-results-export', lng);

  // Two cards due: the badge (with its accessible label) and Review.
  const badge = page.getByRole('link', { name: t.due(2) });
  await expect(badge).toBeVisible({ timeout: 15_000 });
  await expect(badge).toHaveText('2');
  expect((await reviewStats(page, headers)).dueToday).toBe(2);
  await badge.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByText(t.counter(1, 2))).toBeVisible();
  await snapWidths(page, 'review-question', lng);

  // Offline: both answered (rightly); each waits as "will sync" and leaves today's queue.
  await context.setOffline(true);
  for (const n of [1, 2]) {
    await expect(page.getByText(t.counter(n, 2))).toBeVisible();
    await answerCard(page, [questions[1]!, questions[3]!], true, t);
    await expect(page.getByRole('heading', { name: t.waiting })).toBeFocused();
    if (n === 1) await snapWidths(page, 'review-revealed-offline', lng);
    await page.getByRole('button', { name: n === 2 ? t.finish : t.next }).click();
  }
  await expect(page.getByRole('heading', { name: t.summary })).toBeVisible();
  await expect(page.locator('.review-line__status')).toHaveText([t.statusWaiting, t.statusWaiting]);
  expect(await queuedReviews(page)).toBe(2);
  await expect(page.getByRole('link', { name: t.none })).toBeVisible();
  // The server has seen nothing yet.
  const before = withServerDb(
    (db) =>
      db
        .prepare(
          "SELECT COUNT(*) AS n FROM review_logs l JOIN users u ON u.id = l.user_id WHERE u.email = ? AND l.source = 'review'",
        )
        .get(email) as { n: number },
  );
  expect(before.n).toBe(0);

  // Back online: the outbox delivers; the summary turns into the server's verdicts.
  await context.setOffline(false);
  await expect(page.locator('.review-line__status')).toHaveText(
    [t.statusCorrect, t.statusCorrect],
    {
      timeout: 20_000,
    },
  );
  await expect.poll(() => queuedReviews(page)).toBe(0);
  const stats = await reviewStats(page, headers);
  expect(stats).toMatchObject({ reviewedToday: 2, correctToday: 2, dueToday: 0 });
  const after = withServerDb(
    (db) =>
      db
        .prepare(
          "SELECT COUNT(*) AS n, COUNT(DISTINCT l.client_review_id) AS ids FROM review_logs l JOIN users u ON u.id = l.user_id WHERE u.email = ? AND l.source = 'review'",
        )
        .get(email) as { n: number; ids: number },
  );
  expect(after).toEqual({ n: 2, ids: 2 });
  await snapWidths(page, 'review-summary', lng);

  // Nothing due any more: the empty state with the next due date.
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
  await expect(page.locator('.review-empty .review-state__body')).toContainText('到期');
  await snapWidths(page, 'review-empty', lng);

  // Progress: streak, the chart (a canvas drawn by chart.js) and its table.
  await page.getByRole('button', { name: t.menu }).click();
  await page.getByRole('menuitem', { name: '學習進度' }).click();
  await expect(page.getByRole('heading', { name: t.progress, level: 1 })).toBeVisible();
  await expect(page.getByText(t.streak)).toBeVisible();
  const canvas = page.getByTestId('score-chart');
  await expect(canvas).toBeVisible();
  await expect
    .poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0))
    .toBe(true);
  await page.getByRole('button', { name: t.showTable }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('60 分');
  await expect(page.getByText(t.conceptsLocked)).toBeVisible();
  await snapWidths(page, 'progress', lng);

  // Reminders: on at 08:00, saved through the API.
  const dialog = await openReminders(page, t);
  await dialog.getByLabel(t.remindersOn).check();
  await dialog.getByLabel(t.hour).selectOption('8');
  await snapWidths(page, 'reminders', lng);
  await dialog.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
  const reminders = await page.request.get('/api/v1/review/reminders', { headers });
  expect(((await reminders.json()) as { data: unknown }).data).toMatchObject({
    enabled: true,
    hour: 8,
    utcOffset: await page.evaluate(() => 0 - new Date().getTimezoneOffset()),
  });
});

test('en: review online — wrong and right, free key then premium explanation, concept review', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const lng = 'en';
  const t = T[lng];
  await useLanguage(page, lng);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signInNewLearner(page, request, lng);
  const { headers, quizId, questions } = await makeQuiz(page, lng);

  // A learner with no cards yet: how cards come to be.
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
  await expect(
    page.getByText('Every question you answer in a quiz becomes a review card'),
  ).toBeVisible();
  await snapWidths(page, 'review-empty', lng);

  // Submitted through the API, three wrong: three cards due today.
  const wrong = new Set([0, 2, 4]);
  const submit = await page.request.post(`/api/v1/quiz/${quizId}/submit`, {
    headers,
    data: {
      clientSubmissionId: `e2e-${Date.now()}`,
      answers: questions.map((q, i) => ({
        questionId: q.id,
        optionId: q.options![pickFor(q, !wrong.has(i))]!.id,
      })),
    },
  });
  expect(submit.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('link', { name: t.due(3) })).toBeVisible();
  await expect(page.getByText(t.counter(1, 3))).toBeVisible();
  await snapWidths(page, 'review-question', lng);

  // Free: wrong, then the key and the upgrade hint (never the explanation).
  await answerCard(page, questions, false, t);
  await expect(page.getByRole('heading', { name: t.incorrect })).toBeFocused();
  await expect(page.getByText(t.locked)).toBeVisible();
  await expect(page.locator('.review-reveal .result-explain')).toHaveCount(0);
  await snapWidths(page, 'review-revealed-free', lng);
  await page.getByRole('button', { name: t.next }).click();

  // Premium: right, with the explanation, the cited quote and the related concepts.
  withServerDb((db) =>
    db.prepare("UPDATE users SET account_type = 'premium' WHERE email = ?").run(email),
  );
  await expect(page.getByText(t.counter(2, 3))).toBeVisible();
  const q = await answerCard(page, questions, true, t);
  await expect(page.getByRole('heading', { name: t.correct })).toBeFocused();
  await expect(page.locator('.review-reveal .result-explain__text')).toHaveText(q.explanation);
  await expect(page.locator('.review-reveal blockquote')).toHaveText(q.citation.quote);
  await snapWidths(page, 'review-revealed-premium', lng);

  // "I don't know" on the last: a lapse; the summary counts what happened.
  await page.getByRole('button', { name: t.next }).click();
  // The answer is shown, not called "incorrect": no guess was made.
  await page.getByRole('button', { name: t.dontKnow }).click();
  await expect(page.getByRole('heading', { name: t.shown })).toBeFocused();
  await page.getByRole('button', { name: t.finish }).click();
  await expect(page.getByRole('heading', { name: t.summary })).toBeVisible();
  await expect(page.locator('.review-summary__facts dd')).toHaveText(['3', '1']);
  await snapWidths(page, 'review-summary', lng);
  expect(await reviewStats(page, headers)).toMatchObject({ reviewedToday: 3, correctToday: 1 });

  // A related concept from the reveal opens a review of that concept (premium).
  const concept = q.relatedConcepts[0];
  if (concept) {
    await page.goto(`/review?concept=${encodeURIComponent(concept)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(concept);
    await expectAccessible(page, 'concept review');
  }

  // Progress with the concept list (premium), and the reminder dialog, in English.
  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: t.progress, level: 1 })).toBeVisible();
  await expect(page.getByTestId('score-chart')).toBeVisible();
  if (concept) {
    await expect(page.getByRole('link', { name: t.reviewConcept(concept) }).first()).toBeVisible();
  }
  await snapWidths(page, 'progress', lng);
  const dialog = await openReminders(page, t);
  await expect(dialog.getByLabel(t.hour)).toBeDisabled();
  await snapWidths(page, 'reminders', lng);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
