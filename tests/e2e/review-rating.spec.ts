import { Rating, type Grade } from 'ts-fsrs';
import type { Page } from '@playwright/test';
import type { CardColumns } from '../../api/review/scheduler';
import { review } from '../../api/review/scheduler';
import { expect, test, useLanguage, withServerDb } from './support/fixtures';
import {
  sessionToken,
  signInNewLearner,
  snapWidths,
  storedQuestions,
  uploadByApi,
  type Lng,
  type StoredQuestion,
} from './support/quiz-helpers';

// Self-rated review (issue 20): after the reveal the learner may rate the card Again / Hard /
// Good / Easy with keys 1–4, each button showing the interval it gives; the chosen rating
// reschedules the card exactly as ts-fsrs says (checked against the server's own scheduler on
// the card as it was before the answer). Offline, the rating waits in the outbox behind the
// answer and syncs like it.

const T = {
  'zh-TW': {
    file: 'txt/zh_us_constitution_taiwan_phrasing.txt',
    quizLanguage: 'zh-TW',
    check: '確認答案',
    next: '下一張',
    correct: '答對了',
    waiting: '已儲存，連線後同步',
    group: '你記得多少？',
    names: { again: '忘記', hard: '困難', good: '良好', easy: '簡單' },
    saved: (name: string) => `已評為「${name}」。`,
    queued: '自評已存在這台裝置上，恢復連線後會自動同步。',
  },
  en: {
    // A textbook chapter: full quizzes of choice questions for every seed.
    file: '../study-corpus/textbook/en_ims_ch01_data_hello.md',
    quizLanguage: 'en-US',
    check: 'Check answer',
    next: 'Next card',
    correct: 'Correct',
    waiting: "Saved — will sync when you're online",
    group: 'How well did you know it?',
    names: { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' },
    saved: (name: string) => `Rated ${name}.`,
    queued: "Your rating is saved on this device and syncs when you're back online.",
  },
} as const;

type Row = CardColumns & { id: string; question_id: string; version: number };

const cardRows = (quizId: string) =>
  withServerDb(
    (db) =>
      db
        .prepare(
          'SELECT id, question_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, version FROM review_cards WHERE quiz_id = ?',
        )
        .all(quizId) as Row[],
  );

const lastLog = (cardId: string) =>
  withServerDb(
    (db) =>
      db
        .prepare(
          "SELECT rating, reviewed_at FROM review_logs WHERE card_id = ? AND source = 'review' ORDER BY created_at DESC LIMIT 1",
        )
        .get(cardId) as { rating: number; reviewed_at: string } | undefined,
  );

/** A five-question quiz, submitted through the API with every answer wrong: five cards due. */
async function fiveDueCards(page: Page, lng: Lng) {
  const token = await sessionToken(page);
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lng };
  const materialId = await uploadByApi(page, token, T[lng].file);
  const gen = await page.request.post('/api/v1/quiz/generate', {
    headers,
    data: {
      materialId,
      questionCount: 5,
      questionTypes: ['multiple_choice', 'true_false'],
      language: T[lng].quizLanguage,
    },
    timeout: 120_000,
  });
  expect(gen.status()).toBe(201);
  const quizId = ((await gen.json()) as { data: { quizId: string } }).data.quizId;
  const questions = storedQuestions(quizId);
  const wrong = questions.map((q) => ({
    questionId: q.id,
    ...(q.type === 'true_false'
      ? { answer: q.correctOptionId === 'true' ? 'false' : 'true' }
      : { optionId: q.options!.find((o) => o.id !== q.correctOptionId)!.id }),
  }));
  const submit = await page.request.post(`/api/v1/quiz/${quizId}/submit`, {
    headers,
    data: { answers: wrong },
  });
  expect(submit.status()).toBe(200);
  return { quizId, questions };
}

/** The stored question whose stem is on screen. */
async function onScreen(page: Page, questions: StoredQuestion[]) {
  const stem = (await page.locator('.review-card .question__stem').innerText()).replace(
    /\s+/g,
    ' ',
  );
  const q = questions.find((x) => stem.includes(x.question.replace(/\s+/g, ' ').trim().slice(-30)));
  expect(q, `the question on screen: ${stem}`).toBeTruthy();
  return q!;
}

/** Answers the card on screen rightly, by keyboard-free clicks (the review spec covers keys). */
async function answerRight(page: Page, questions: StoredQuestion[], t: (typeof T)[Lng]) {
  const q = await onScreen(page, questions);
  const key = q.options!.findIndex((o) => o.id === q.correctOptionId);
  await page.locator('.review-card label.choice').nth(key).click();
  await page.getByRole('button', { name: t.check }).click();
  return q;
}

const GRADES: Record<'again' | 'hard' | 'good' | 'easy', Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

for (const lng of ['zh-TW', 'en'] as const) {
  test(`${lng}: self-rating a revealed answer reschedules it as ts-fsrs says, online and offline`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const t = T[lng];
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewLearner(page, request, lng);
    const { quizId, questions } = await fiveDueCards(page, lng);
    const before = new Map(cardRows(quizId).map((r) => [r.question_id, r]));
    expect(before.size).toBe(5);

    await page.goto('/review');
    const q1 = await answerRight(page, questions, t);
    await expect(page.getByRole('heading', { name: t.correct })).toBeFocused();
    const group = page.getByRole('group', { name: t.group });
    await expect(group).toBeVisible();
    // The automatic rating is the pressed one; every button shows its interval.
    const card1 = before.get(q1.id)!;
    const auto = lastLog(card1.id)!;
    const autoName = (Object.keys(GRADES) as Array<keyof typeof GRADES>).find(
      (k) => GRADES[k] === auto.rating,
    )!;
    await expect(group.getByRole('button', { pressed: true })).toHaveCount(1);
    await expect(group.getByRole('button', { pressed: true })).toContainText(t.names[autoName]);
    for (const name of Object.keys(t.names) as Array<keyof typeof t.names>) {
      await expect(
        group.getByRole('button', { name: new RegExp(`^${t.names[name]}`) }),
      ).toContainText(/\d/);
    }
    await snapWidths(page, 'review-self-rating', lng);

    // The learner picks a rating other than the automatic one (by its key, 1–4) that moves
    // the date: the server redoes that review with it, exactly as ts-fsrs schedules it.
    const names = Object.keys(GRADES) as Array<keyof typeof GRADES>;
    const dueFor = (name: keyof typeof GRADES) =>
      review(card1, GRADES[name], new Date(auto.reviewed_at)).card.due;
    const target = (['easy', 'hard', 'again', 'good'] as const).find(
      (n) => n !== autoName && dueFor(n) !== dueFor(autoName),
    )!;
    await page.keyboard.press(String(names.indexOf(target) + 1));
    await expect(page.getByText(t.saved(t.names[target]))).toBeVisible();
    await expect(
      group.getByRole('button', { name: new RegExp(`^${t.names[target]}`) }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => cardRows(quizId).find((r) => r.id === card1.id)!.due)
      .toBe(dueFor(target));
    expect(lastLog(card1.id)).toEqual({ rating: GRADES[target], reviewed_at: auto.reviewed_at });
    await snapWidths(page, 'review-self-rated', lng);

    // Offline: the next card answered, rated Again (key 1); both wait, then sync in order.
    await page.getByRole('button', { name: t.next }).click();
    await context.setOffline(true);
    const q2 = await answerRight(page, questions, t);
    await expect(page.getByRole('heading', { name: t.waiting })).toBeFocused();
    await page.keyboard.press('1');
    await expect(page.getByText(t.queued)).toBeVisible();
    await snapWidths(page, 'review-self-rating-offline', lng);
    const card2 = before.get(q2.id)!;
    expect(lastLog(card2.id)).toBeUndefined();
    await context.setOffline(false);
    await expect.poll(() => lastLog(card2.id)?.rating, { timeout: 30_000 }).toBe(Rating.Again);
    const log2 = lastLog(card2.id)!;
    await expect
      .poll(() => cardRows(quizId).find((r) => r.id === card2.id)!.due)
      .toBe(review(card2, Rating.Again, new Date(log2.reviewed_at)).card.due);
  });
}
