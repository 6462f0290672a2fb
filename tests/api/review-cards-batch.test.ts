import { randomUUID } from 'node:crypto';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewCard, ReviewLog } from '../../api/db/schema.js';
import { submitQuiz } from '../../api/quiz/quiz-service.js';
import type { GeneratedQuestion } from '../../api/quizgen/types.js';
import { CARD_COLUMNS, recordQuizReviews, type QuestionTiming } from '../../api/review/cards.js';
import { ratingFor } from '../../api/review/rating.js';
import { emptyCardColumns, review, type CardColumns } from '../../api/review/scheduler.js';
import { scoreAttempt } from '../../api/scoring/index.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { CountingPlugin, tableOf } from '../support/count-statements.js';
import { DAY, HOUR, learner, makeQuiz, rightAnswer, START, wrongAnswer } from './review-support.js';

/*
 * A quiz submission reviews all its cards in a constant number of statements: the same cards,
 * due dates and logs as reviewing them one by one would give, once per submission, and a card
 * another review changed after the read is redone on its newer state.
 */

const cardColumns = (row: CardColumns) =>
  Object.fromEntries(CARD_COLUMNS.map((c) => [c, row[c]])) as CardColumns;

/**
 * Hands back the first read of review_cards with one card as it was before its last review
 * (an older version and state), as if another review committed right after the read.
 */
class StaleReadPlugin implements KyselyPlugin {
  #pending = true;
  #target = new WeakSet<object>();
  /** Reads of review_cards seen. */
  reads = 0;
  constructor(private readonly cardId: string) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const isRead = tableOf(args.node) === 'review_cards' && args.node.kind === 'SelectQueryNode';
    if (isRead) this.reads++;
    if (isRead && this.#pending) {
      this.#pending = false;
      this.#target.add(args.queryId);
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#target.has(args.queryId)) return args.result;
    const rows = args.result.rows.map((r) => {
      const row = r as unknown as ReviewCard;
      if (row.id !== this.cardId) return r;
      return { ...row, version: row.version - 1, reps: row.reps - 1, stability: row.stability / 2 };
    });
    return { ...args.result, rows: rows as UnknownRow[] };
  }
}

/** Thirty questions made of the generated five (new ids), stored as the quiz's questions. */
async function widenQuiz(t: TestApp, quizId: string, base: GeneratedQuestion[], count = 30) {
  const questions = Array.from({ length: count }, (_, i) => ({
    ...base[i % base.length]!,
    id: `${base[i % base.length]!.id}-w${i}`,
  }));
  await t.db
    .updateTable('quizzes')
    .set({ questions: JSON.stringify(questions), question_count: count })
    .where('id', '=', quizId)
    .execute();
  return questions;
}

/** A mix of answers and timings that gives every rating. */
function mixedSubmission(questions: GeneratedQuestion[], shift = 0) {
  const answers = questions.map((q, i) =>
    (i + shift) % 4 === 0 ? wrongAnswer(q) : rightAnswer(q),
  );
  const timings: QuestionTiming[] = questions.map((q, i) => {
    switch ((i + shift) % 5) {
      case 0:
        return { questionId: q.id, elapsedMs: 3_000 };
      case 1:
        return { questionId: q.id, elapsedMs: 20_000 };
      case 2:
        return { questionId: q.id, elapsedMs: 50_000 };
      case 3:
        return { questionId: q.id, elapsedMs: 4_000, firstTry: false };
      default:
        return { questionId: q.id };
    }
  });
  return { answers, timings };
}

describe.each(databases)('quiz submit reviews its cards in a batch on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect, env: { JWT_TTL_SECONDS: String(30 * 86_400) } });
    t.clock.set(START);
  });
  afterEach(async () => t?.close());

  const post = (p: string, body: unknown, token: string) => t.call('POST', p, body, { token });
  const cardsOf = (userId: string) =>
    t.db
      .selectFrom('review_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const logsOf = (userId: string) =>
    t.db
      .selectFrom('review_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  /** What reviewing each card alone gives: the scheduler on the card as it was, at `at`. */
  function expectReviewed(
    questions: GeneratedQuestion[],
    submission: ReturnType<typeof mixedSubmission>,
    before: Map<string, CardColumns>,
    after: ReviewCard[],
    logs: ReviewLog[],
    at: Date,
  ) {
    const scored = scoreAttempt(questions, submission.answers, 'zh-TW');
    expect(after).toHaveLength(questions.length);
    expect(logs).toHaveLength(questions.length);
    for (const q of questions) {
      const detail = scored.answersDetail.find((d) => d.questionId === q.id)!;
      const timing = submission.timings.find((x) => x.questionId === q.id);
      const rating = ratingFor({
        correct: detail.isCorrect,
        type: q.type,
        firstTry: timing?.firstTry,
        elapsedMs: timing?.elapsedMs,
      });
      const expected = review(before.get(q.id) ?? emptyCardColumns(at), rating, at);
      const card = after.find((c) => c.question_id === q.id)!;
      expect(cardColumns(card)).toEqual(expected.card);
      const log = logs.find((l) => l.card_id === card.id)!;
      expect(log).toMatchObject({
        ...expected.log,
        source: 'quiz',
        correct: detail.isCorrect ? 1 : 0,
        first_try: timing?.firstTry === false ? 0 : 1,
        elapsed_ms: timing?.elapsedMs ?? null,
        result: null,
        created_at: at.toISOString(),
      });
    }
  }

  it('makes 30 cards and 30 logs as one-by-one reviews would, once per submission', async () => {
    const a = await learner(t, 'a@example.com');
    const quiz = await makeQuiz(t, a.token);
    const questions = await widenQuiz(t, quiz.quizId, quiz.questions);
    const first = mixedSubmission(questions);
    const submit = () =>
      post(
        `/api/v1/quiz/${quiz.quizId}/submit`,
        { ...first, clientSubmissionId: 'batch-1' },
        a.token,
      );
    const res = await submit();
    expect(res.status).toBe(200);
    const cards = await cardsOf(a.id);
    const logs = await logsOf(a.id);
    expectReviewed(questions, first, new Map(), cards, logs, START);
    expect(new Set(logs.map((l) => l.attempt_id))).toEqual(new Set([res.body.data.attemptId]));
    expect(cards.every((c) => c.version === 1 && c.quiz_id === quiz.quizId)).toBe(true);
    // Every rating occurs.
    expect(new Set(logs.map((l) => l.rating))).toEqual(new Set([1, 2, 3, 4]));

    // The same submission again: the same attempt, nothing reviewed.
    const again = await submit();
    expect(again.status).toBe(200);
    expect(again.body.data.attemptId).toBe(res.body.data.attemptId);
    expect(await cardsOf(a.id)).toEqual(cards);
    expect(await logsOf(a.id)).toEqual(logs);

    // A retake three days later reviews the same cards from their stored state.
    t.clock.advance(3 * DAY + HOUR);
    const second = mixedSubmission(questions, 1);
    const retake = await post(`/api/v1/quiz/${quiz.quizId}/submit`, second, a.token);
    expect(retake.status).toBe(200);
    const after = await cardsOf(a.id);
    const newLogs = (await logsOf(a.id)).filter((l) => l.attempt_id === retake.body.data.attemptId);
    expectReviewed(
      questions,
      second,
      new Map(cards.map((c) => [c.question_id, c])),
      after,
      newLogs,
      t.clock.now(),
    );
    expect(after.every((c) => c.version === 2)).toBe(true);
    expect(await logsOf(a.id)).toHaveLength(60);
  });

  it('sends as many statements for 30 answers as for 5', async () => {
    const a = await learner(t, 'a@example.com');
    const small = await makeQuiz(t, a.token);
    const large = await makeQuiz(t, a.token, '另一份教材');
    const wide = await widenQuiz(t, large.quizId, large.questions);
    const counted = async (quizId: string, questions: GeneratedQuestion[]) => {
      const counter = new CountingPlugin();
      await submitQuiz(
        { ...t.deps, db: t.db.withPlugin(counter) },
        { id: a.id, account_type: 'free' },
        quizId,
        {
          answers: questions.map(rightAnswer),
          clientSubmissionId: randomUUID(),
        },
      );
      return counter;
    };
    const five = await counted(small.quizId, small.questions);
    const thirty = await counted(large.quizId, wide);
    expect(await cardsOf(a.id)).toHaveLength(35);
    // Read the cards, insert the missing ones, update them all, insert the logs.
    expect(five.review).toBe(4);
    expect(thirty.review).toBe(4);
    expect(thirty.tables).toEqual(five.tables);
    // A retake has every card already: nothing to insert.
    const retake = await counted(small.quizId, small.questions);
    expect(retake.review).toBe(3);
  });

  it('redoes a card another review changed after the read on its newer state', async () => {
    const a = await learner(t, 'a@example.com');
    const quiz = await makeQuiz(t, a.token);
    const questions = quiz.questions;
    await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: questions.map(wrongAnswer) },
      a.token,
    );
    const before = await cardsOf(a.id);
    const target = before.find((c) => c.question_id === questions[0]!.id)!;

    t.clock.advance(DAY);
    const now = t.clock.now();
    const answers = questions.map(rightAnswer);
    const attemptId = randomUUID();
    const row = await t.db
      .selectFrom('quizzes')
      .select(['id', 'material_id'])
      .where('id', '=', quiz.quizId)
      .executeTakeFirstOrThrow();
    const stale = new StaleReadPlugin(target.id);
    await t.db
      .withPlugin(stale)
      .transaction()
      .execute((trx) =>
        recordQuizReviews(trx, {
          userId: a.id,
          quiz: row,
          attemptId,
          questions,
          detail: scoreAttempt(questions, answers, 'zh-TW').answersDetail,
          now,
        }),
      );

    const after = await cardsOf(a.id);
    const logs = (await logsOf(a.id)).filter((l) => l.attempt_id === attemptId);
    expectReviewed(
      questions,
      { answers, timings: [] },
      new Map(before.map((c) => [c.question_id, c])),
      after,
      logs,
      now,
    );
    // The batch read, then the stale card's own read again.
    expect(stale.reads).toBe(2);
    // One review of each, the stale one included: no lost or doubled review.
    for (const c of after) {
      expect(c.version).toBe(before.find((b) => b.id === c.id)!.version + 1);
    }
  });
});
