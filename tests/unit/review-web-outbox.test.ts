import { setOnline } from './offline-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxRow } from '../../src/db';
import { listOutbox, removeItem } from '../../src/db/outbox';
import {
  countDue,
  readAnswers,
  readQueue,
  saveDueCards,
  type DueCardRecord,
} from '../../src/db/review-store';
import { wipeUserData } from '../../src/db/wipe';
import { registerFeatureOutboxKinds } from '../../src/app/outbox-kinds';
import { storeDelivered } from '../../src/lib/offline/delivery';
import { flushOutbox, type FlushDeps } from '../../src/lib/offline/flush';
import type { SendResult } from '../../src/lib/offline/policy';
import { describeResult, sendOutboxItem } from '../../src/lib/offline/transport';
import { answerCard } from '../../src/features/review/api/answer-card';
import { parseCard } from '../../src/features/review/api/get-due';
import type { ReviewCard } from '../../src/features/review/api/types';

// A review answered without a network goes to the outbox as a 'review-answer' item carrying
// its clientReviewId; the card leaves today's queue on the device until the server's result
// (played here by canned answers and a stubbed fetch) comes back and replaces it.

const USER = 'learner-r';
const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const DAY_END = iso(NOW + 6 * 3600_000);
const NOW_LATER = NOW + 60_000;

function card(id: string, dueInMs: number, question = '葉綠體位於細胞的哪裡？'): DueCardRecord {
  const data = {
    cardId: id,
    quizId: 'quiz-1',
    materialId: 'mat-1',
    materialTitle: '光合作用講義',
    quizTitle: '光合作用講義 測驗',
    language: 'zh-TW',
    question: {
      id: `q-${id}`,
      questionId: `q-${id}`,
      type: 'multiple_choice',
      question,
      options: [
        { id: 'a', text: '細胞核' },
        { id: 'b', text: '葉綠體基質' },
      ],
    },
    due: iso(NOW + dueInMs),
    isDue: true,
    state: 'learning',
    reps: 1,
    lapses: 1,
    lastReview: iso(NOW - 60_000),
  };
  return { cardId: id, due: data.due, data };
}

const save = (cards: DueCardRecord[], extra: { startedAt?: number; concept?: string } = {}) =>
  saveDueCards(USER, cards, {
    startedAt: extra.startedAt ?? Date.now(),
    dayEnd: DAY_END,
    concept: extra.concept,
    count: cards.length,
    total: cards.length,
  });

const reviewCard = (r: DueCardRecord) => parseCard(r.data) as ReviewCard;

/** The server's answer to POST /review/{cardId}/answer. */
const result = (cardId: string, clientReviewId: string, nextDueInMs: number, correct = true) => ({
  success: true,
  data: {
    cardId,
    reviewId: `log-${clientReviewId}`,
    clientReviewId,
    correct,
    rating: correct ? 'good' : 'again',
    userAnswer: '葉綠體基質',
    correctAnswer: '葉綠體基質',
    detail: { questionId: 'q', isCorrect: correct },
    premium: false,
    locked: true,
    reviewedAt: iso(NOW),
    nextDue: iso(NOW + nextDueInMs),
    card: {
      state: correct ? 'review' : 'relearning',
      due: iso(NOW + nextDueInMs),
      reps: 2,
      lapses: 1,
    },
    replayed: false,
  },
});

const ok = (body: unknown): SendResult => ({ kind: 'response', status: 200, body });
const offline: SendResult = { kind: 'network', message: 'Failed to fetch' };

function server(...answers: SendResult[]) {
  const sent: OutboxRow[] = [];
  const send = vi.fn(async (item: OutboxRow) => {
    sent.push(item);
    return answers.shift() ?? ok({});
  });
  return { send, sent };
}

const deps = (send: FlushDeps['send']): FlushDeps => ({
  userId: USER,
  send,
  describe: describeResult,
  store: storeDelivered,
  now: () => NOW_LATER,
  random: () => 0.5,
  force: true,
});

const given = (clientReviewId: string) => ({
  clientReviewId,
  answer: { optionId: 'b' },
  answerText: '葉綠體基質',
  elapsedMs: 5400,
  firstTry: true,
  answeredAt: NOW,
});

const queueIds = async () => (await readQueue(USER, { dayEnd: DAY_END })).rows.map((r) => r.cardId);

// As the app does when it starts: each feature's queued kinds are known to the outbox.
registerFeatureOutboxKinds();

beforeEach(async () => {
  await db.delete();
  await db.open();
  setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('a review answered offline', () => {
  it("goes to the outbox with its clientReviewId and leaves today's queue", async () => {
    await save([card('c1', -60_000), card('c2', 10 * 60_000)]);
    expect(await queueIds()).toEqual(['c1', 'c2']);
    expect(await countDue(USER, DAY_END)).toBe(2);

    setOnline(false);
    const outcome = await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-1'));
    expect(outcome).toEqual({ kind: 'queued' });

    const [item] = await listOutbox(USER);
    expect(item).toMatchObject({
      kind: 'review-answer',
      method: 'POST',
      url: '/api/v1/review/c1/answer',
      clientRequestId: 'rev-1',
      status: 'queued',
      body: {
        clientReviewId: 'rev-1',
        answer: { optionId: 'b' },
        elapsedMs: 5400,
        firstTry: true,
        answeredAt: iso(NOW),
      },
      subject: { quizId: 'quiz-1', title: '光合作用講義 測驗' },
    });
    // It left the queue; the device decides no due date of its own.
    expect(await queueIds()).toEqual(['c2']);
    expect(await countDue(USER, DAY_END)).toBe(1);
    const stored = await db.reviewCards.get([USER, 'c1']);
    expect(stored).toMatchObject({ pendingReviewId: 'rev-1', due: iso(NOW - 60_000) });
    // The "will sync" answer, as the learner gave it.
    const answers = await readAnswers(USER, ['rev-1']);
    expect(answers.get('rev-1')).toMatchObject({
      status: 'queued',
      result: null,
      answerText: '葉綠體基質',
    });
  });

  it("is replaced by the server's result once delivered; a lapse comes back today", async () => {
    await save([card('c1', -60_000), card('c2', -30_000)]);
    setOnline(false);
    await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-1'));
    await answerCard(USER, reviewCard(card('c2', -30_000)), given('rev-2'));
    expect(await queueIds()).toEqual([]);
    setOnline(true);

    // The first try finds no network; the next delivers both, in order, with the same ids.
    const s = server(
      offline,
      ok(result('c1', 'rev-1', 3 * 86_400_000)),
      ok(result('c2', 'rev-2', 10 * 60_000, false)),
    );
    await flushOutbox(deps(s.send));
    expect(await listOutbox(USER)).toHaveLength(2);
    await flushOutbox(deps(s.send));
    expect(s.sent.map((i) => i.clientRequestId)).toEqual(['rev-1', 'rev-1', 'rev-2']);
    expect(await listOutbox(USER)).toEqual([]);

    const answers = await readAnswers(USER, ['rev-1', 'rev-2']);
    expect(answers.get('rev-1')).toMatchObject({ status: 'done', result: { correct: true } });
    expect(answers.get('rev-2')).toMatchObject({ status: 'done', result: { correct: false } });
    // The server's due dates: c1 in three days (out of today), c2 in ten minutes (back today).
    expect(await db.reviewCards.get([USER, 'c1'])).toMatchObject({
      pendingReviewId: null,
      due: iso(NOW + 3 * 86_400_000),
      data: { state: 'review', reps: 2 },
    });
    expect(await queueIds()).toEqual(['c2']);
  });

  it('puts the same request on the wire on every try (Idempotency-Key = clientReviewId)', async () => {
    await save([card('c1', -60_000)]);
    setOnline(false);
    await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-9'));
    setOnline(true);
    document.cookie = 'mnemo_token=token-r; path=/';
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/v1/review/c1/answer');
      expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('rev-9');
      bodies.push(JSON.parse(init.body as string));
      if (bodies.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(result('c1', 'rev-9', 86_400_000)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    await flushOutbox(deps(sendOutboxItem));
    await flushOutbox(deps(sendOutboxItem));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toMatchObject({ clientReviewId: 'rev-9', answeredAt: iso(NOW) });
    expect(await listOutbox(USER)).toEqual([]);
    expect((await readAnswers(USER, ['rev-9'])).get('rev-9')?.status).toBe('done');
  });

  it('a network failure of a direct answer queues the same answer', async () => {
    await save([card('c1', -60_000)]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const outcome = await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-5'));
    expect(outcome).toEqual({ kind: 'queued' });
    expect((await listOutbox(USER)).map((i) => i.clientRequestId)).toEqual(['rev-5']);
  });

  it("answered online, it records the server's result at once and queues nothing", async () => {
    await save([card('c1', -60_000)]);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(result('c1', 'rev-6', 2 * 86_400_000)), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const outcome = await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-6'));
    expect(outcome).toMatchObject({ kind: 'result', result: { correct: true, rating: 'good' } });
    expect(await listOutbox(USER)).toEqual([]);
    expect(await queueIds()).toEqual([]);
    expect((await readAnswers(USER, ['rev-6'])).get('rev-6')).toMatchObject({ status: 'done' });
  });
});

describe('the device copy of the queue', () => {
  it('keeps a card out of the queue while its answer waits, even when a new list has it', async () => {
    await save([card('c1', -60_000), card('c2', -30_000)]);
    setOnline(false);
    await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-1'));
    setOnline(true);
    // The server has not seen the answer yet, so its due list still has the card.
    await save([card('c1', -60_000), card('c2', -30_000)]);
    expect(await queueIds()).toEqual(['c2']);

    // Discarded from the outbox panel: the next list brings the card back.
    const [item] = await listOutbox(USER);
    await removeItem(item!.id);
    await save([card('c1', -60_000), card('c2', -30_000)]);
    expect(await queueIds()).toEqual(['c1', 'c2']);
  });

  it('drops due cards a newer list no longer has, but not ones written after it left', async () => {
    const startedAt = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    await save([card('c1', -60_000), card('c2', -30_000)]);
    // This answer left before those rows were written: it cannot delete them.
    await save([card('c1', -60_000)], { startedAt });
    expect(await queueIds()).toEqual(['c1', 'c2']);
    // A list that left later and lacks c2 (answered on another device) removes it.
    await save([card('c1', -60_000)]);
    expect(await queueIds()).toEqual(['c1']);
  });

  it("keeps a concept's cards for an offline review of that concept", async () => {
    await save([card('c1', -60_000)]);
    await save([card('c1', -60_000), card('c3', 5 * 86_400_000)], { concept: ' 葉綠體 ' });
    const concept = await readQueue(USER, { dayEnd: DAY_END, concept: '葉綠體' });
    expect(concept.rows.map((r) => r.cardId)).toEqual(['c1', 'c3']);
    // Today's queue is still only what is due today.
    expect(await queueIds()).toEqual(['c1']);
    expect((await readQueue(USER, { dayEnd: DAY_END })).nextStoredDue).toBe(
      iso(NOW + 5 * 86_400_000),
    );
  });

  it('signing out leaves no card, answer or queued review of the account', async () => {
    await save([card('c1', -60_000), card('c2', -30_000)]);
    setOnline(false);
    await answerCard(USER, reviewCard(card('c1', -60_000)), given('rev-1'));
    await saveDueCards('someone-else', [card('c9', -60_000)], {
      startedAt: Date.now(),
      dayEnd: DAY_END,
      count: 1,
      total: 1,
    });
    await wipeUserData(USER);
    expect(await db.reviewCards.where('userId').equals(USER).count()).toBe(0);
    expect(await db.reviewAnswers.where('userId').equals(USER).count()).toBe(0);
    expect(await listOutbox(USER)).toEqual([]);
    expect(await db.reviewCards.where('userId').equals('someone-else').count()).toBe(1);
  });

  it('answers "nothing stored" before any list was kept', async () => {
    expect(await countDue(USER, DAY_END)).toBeNull();
    expect((await readQueue(USER, { dayEnd: DAY_END })).fetched).toBe(false);
  });
});
