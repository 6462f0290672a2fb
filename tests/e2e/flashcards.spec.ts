import type { Page } from '@playwright/test';
import { expect, signInNewLearner, test, useLanguage, withServerDb } from './support/fixtures';
import {
  sessionToken,
  snapWidths,
  storedQuestions,
  tabTo,
  uploadByApi,
  type Lng,
  type StoredQuestion,
} from './support/quiz-helpers';

// Flashcards (issue 20, docs/decisions/0029-flashcards.md), keyboard only. A quiz's cards open
// offline after one online visit of its results page (the flashcards page itself is precached,
// never opened online); Space/Enter flip, ←/→ move, the piles count, "still learning" waits in
// the outbox and, once online, puts the question in Review due within minutes; a restart brings
// back the "still learning" cards. A material's term ↔ definition cards are kept on the device
// after one online visit; a material without definitions offers its quizzes' cards.

const QUIZ_FILE = 'txt/zh_us_constitution_taiwan_phrasing.txt';
const TERMS_FILE = '../study-corpus/textbook/en_ims_ch02_data_design.md';

const T = {
  'zh-TW': {
    resultsLink: '字卡練習',
    materialLink: '字卡',
    front: (n: number, total: number) => `正面，第 ${n} 張，共 ${total} 張：`,
    back: (n: number, total: number) => `背面，第 ${n} 張，共 ${total} 張：`,
    counter: (n: number, total: number) => `第 ${n} / ${total} 張`,
    learning: '還在學',
    know: '我會了',
    summary: '會了 4 張，還在學 1 張。',
    studyLearning: '再練還在學的 1 張',
    round: '第 2 輪',
    offline: '目前離線',
    fromDevice: '目前離線：顯示這台裝置上保存的字卡。',
    noTerms: '這份教材裡沒有找到明確的名詞定義',
    quizCards: (title: string) => `「${title}」的字卡`,
  },
  en: {
    resultsLink: 'Flashcards',
    materialLink: 'Flashcards',
    front: (n: number, total: number) => `Front, card ${n} of ${total}:`,
    back: (n: number, total: number) => `Back, card ${n} of ${total}:`,
    counter: (n: number, total: number) => `Card ${n} of ${total}`,
    learning: 'Still learning',
    know: 'Know it',
    summary: 'Know: 4 · Still learning: 1.',
    studyLearning: 'Study the 1 card still learning',
    round: 'Round 2',
    offline: "You're offline",
    fromDevice: "You're offline: showing the cards saved on this device.",
    noTerms: 'No clear definitions found in this material',
    quizCards: (title: string) => `Cards from “${title}”`,
  },
} as const;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A five-question quiz of the zh-TW text, submitted with every answer right (its report). */
async function scoredQuiz(page: Page, lng: Lng) {
  const token = await sessionToken(page);
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lng };
  const materialId = await uploadByApi(page, token, QUIZ_FILE);
  const gen = await page.request.post('/api/v1/quiz/generate', {
    headers,
    data: {
      materialId,
      title: `Cards ${lng}`,
      questionCount: 5,
      questionTypes: ['multiple_choice', 'true_false'],
      language: 'zh-TW',
    },
    timeout: 120_000,
  });
  expect(gen.status()).toBe(201);
  const { quizId, title } = ((await gen.json()) as { data: { quizId: string; title: string } })
    .data;
  const questions = storedQuestions(quizId);
  const submit = await page.request.post(`/api/v1/quiz/${quizId}/submit`, {
    headers,
    data: {
      answers: questions.map((q) =>
        q.type === 'true_false'
          ? { questionId: q.id, answer: q.correctOptionId }
          : { questionId: q.id, optionId: q.correctOptionId },
      ),
    },
  });
  expect(submit.status()).toBe(200);
  return { token, materialId, quizId, title, questions };
}

/** Resolves once the service worker is active, has precached, and controls the page. */
async function workerReady(page: Page) {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state === 'activated' && !!navigator.serviceWorker.controller;
    },
    null,
    { timeout: 30_000 },
  );
}

const flashLogs = (quizId: string) =>
  withServerDb(
    (db) =>
      db
        .prepare(
          "SELECT c.question_id AS questionId, c.due AS due, l.rating AS rating FROM review_logs l JOIN review_cards c ON c.id = l.card_id WHERE c.quiz_id = ? AND l.source = 'flashcard'",
        )
        .all(quizId) as Array<{ questionId: string; due: string; rating: number }>,
  );

/** The end of a stem as a card's front shows it: the quoted sentence without its closing quote. */
const frontTail = (stem: string) =>
  squash(stem)
    .replace(/[」”"]\s*[。.]?$/u, '')
    .slice(-15);

/** The stored question whose stem is on the card's front. */
function questionOf(front: string, questions: StoredQuestion[]) {
  const q = questions.find((x) => squash(front).includes(frontTail(x.question)));
  expect(q, `the question on the card: ${front}`).toBeTruthy();
  return q!;
}

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: a quiz's flashcards by keyboard, offline after one online visit, still learning to Review`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(300_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewLearner(page, request, lng, 'flashcards');
    const quiz = await scoredQuiz(page, lng);

    // The one online visit: the results page (it keeps the report on the device).
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`/materials/${quiz.materialId}/quiz/${quiz.quizId}/results`);
    const link = page.getByRole('link', { name: t.resultsLink, exact: true });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await workerReady(page);
    expect(requested.filter((p) => /flashcards-page/.test(p))).toEqual([]);

    // No network from here on: the flashcards page comes from the precache, the cards from
    // the device's copy of the report.
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText(t.offline);
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/quiz/${quiz.quizId}/flashcards$`));
    const card = page.locator('button.flashcard');
    const counter = page.locator('.flash-session__counter');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(counter).toContainText(t.counter(1, 5));

    // The card is a button whose name says the face and the text; the faces are in the
    // quiz's language whatever the app's.
    await tabTo(page, card);
    await expect(card).toHaveAccessibleName(new RegExp(`^${escape(t.front(1, 5))}`));
    await expect(card.locator('.flashcard__face')).toHaveAttribute('lang', 'zh-Hant-TW');
    const first = questionOf(await card.locator('.flashcard__text').innerText(), quiz.questions);
    const key = first.options!.find((o) => o.id === first.correctOptionId)!.text;
    await snapWidths(page, 'flashcards-front', lng);
    await tabTo(page, card);

    await page.keyboard.press('Space');
    await expect(card).toHaveAccessibleName(new RegExp(`^${escape(t.back(1, 5))}`));
    await expect(card.locator('.flashcard__text')).toHaveText(squash(key));
    await snapWidths(page, 'flashcards-back', lng);
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    await expect(card).toHaveAccessibleName(new RegExp(`^${escape(t.front(1, 5))}`));

    // ←/→ move (the focus stays on the card).
    await page.keyboard.press('ArrowRight');
    await expect(counter).toContainText(t.counter(2, 5));
    await expect(card).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toContainText(t.counter(1, 5));

    // "Still learning" on the first card (offline: it waits in the outbox), "know" the rest.
    const learning = page.getByRole('button', { name: t.learning, exact: true });
    const know = page.getByRole('button', { name: t.know, exact: true });
    await tabTo(page, learning);
    await page.keyboard.press('Enter');
    await expect(counter).toContainText(t.counter(2, 5));
    await expect(page.locator('.flash-piles__pile--learning strong')).toHaveText('1');
    for (let i = 2; i <= 5; i++) {
      await tabTo(page, know);
      await page.keyboard.press('Enter');
    }
    await expect(page.locator('.flash-piles__pile--know strong')).toHaveText('4');
    await expect(page.getByText(t.summary)).toBeVisible();
    await expect(page.locator('.flash-summary__title')).toBeFocused();
    expect(flashLogs(quiz.quizId)).toEqual([]);
    await snapWidths(page, 'flashcards-summary', lng);

    // Restart with the "still learning" card only.
    await tabTo(page, page.getByRole('button', { name: t.studyLearning }));
    await page.keyboard.press('Enter');
    await expect(counter).toContainText(t.counter(1, 1));
    await expect(counter).toContainText(t.round);
    await expect(card.locator('.flashcard__text')).toContainText(frontTail(first.question));

    // A reload with no network still opens the cards.
    await page.reload();
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(counter).toContainText(t.counter(1, 5));

    // Back online: the mark syncs, the question's card is due within minutes.
    const markedBy = Date.now();
    await context.setOffline(false);
    await expect.poll(() => flashLogs(quiz.quizId).length, { timeout: 30_000 }).toBe(1);
    const [log] = flashLogs(quiz.quizId);
    expect(log!.questionId).toBe(first.id);
    expect(log!.rating).toBe(1);
    expect(Date.parse(log!.due) - markedBy).toBeLessThanOrEqual(11 * 60_000);
  });

  test(`${lng}: a material's term cards stay on the device; one without definitions offers its quizzes' cards`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(300_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewLearner(page, request, lng, 'flashcards');
    const token = await sessionToken(page);
    const termsId = await uploadByApi(page, token, TERMS_FILE);

    // From the material page, by keyboard.
    await page.goto(`/materials/${termsId}`);
    const link = page.getByRole('link', { name: t.materialLink, exact: true });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/materials/${termsId}/flashcards$`));
    const card = page.locator('button.flashcard');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.locator('.flashcard__face')).toHaveAttribute('lang', 'en');
    await workerReady(page);
    await snapWidths(page, 'flashcards-terms', lng);

    // Offline, after that one visit: the cards from the device.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(t.fromDevice)).toBeVisible({ timeout: 15_000 });
    const fronts: string[] = [];
    const total = Number(
      ((await page.locator('.flash-session__counter').innerText()).match(/(\d+)\D*$/) ?? [])[1],
    );
    expect(total).toBeGreaterThan(1);
    await tabTo(page, card);
    for (let i = 1; i <= total; i++) {
      fronts.push(await card.locator('.flashcard__text').innerText());
      if (i < total) await page.keyboard.press('ArrowRight');
    }
    // Real terms of the chapter, each once, never a stray fragment.
    expect(fronts).toContain('census');
    expect(new Set(fronts).size).toBe(fronts.length);
    await context.setOffline(false);

    // A material that defines nothing says so and leads to its quiz's cards.
    const quiz = await scoredQuiz(page, lng);
    await page.goto(`/materials/${quiz.materialId}`);
    await expect(page.getByRole('link', { name: t.materialLink, exact: true })).toBeVisible();
    await page.goto(`/materials/${quiz.materialId}/flashcards`);
    await expect(page.getByRole('heading', { name: t.noTerms })).toBeVisible({ timeout: 15_000 });
    const quizLink = page.getByRole('link', { name: t.quizCards(quiz.title) });
    await expect(quizLink).toBeVisible({ timeout: 15_000 });
    await snapWidths(page, 'flashcards-no-terms', lng);
    await tabTo(page, quizLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/quiz/${quiz.quizId}/flashcards$`));
    await expect(page.locator('button.flashcard')).toBeVisible({ timeout: 15_000 });
  });
}
