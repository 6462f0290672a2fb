import { setOnline } from './offline-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxRow } from '../../src/db';
import { readAttempt, readReport, saveAttempt } from '../../src/db/cache';
import { enqueue, getItem, listOutbox, retryItem } from '../../src/db/outbox';
import { registerFeatureOutboxKinds } from '../../src/app/outbox-kinds';
import { storeDelivered } from '../../src/lib/offline/delivery';
import { flushOutbox, type FlushDeps } from '../../src/lib/offline/flush';
import { BACKOFF_BASE_MS, type SendResult } from '../../src/lib/offline/policy';
import { queueProgress, queueQuizSubmission } from '../../src/features/quiz/api/queue-submission';
import { describeResult, sendOutboxItem } from '../../src/lib/offline/transport';
import { OUTBOX_HEADER } from '../../src/lib/offline/worker-messages';

// The outbox keeps mutations made without a network and sends them, in order, once it can:
// these tests play the server's side with canned answers.

const USER = 'learner-1';
// A clock a minute ahead of the real one, where everything queued just now is due.
const NOW = Date.now() + 60_000;

const ok = (body: unknown = {}): SendResult => ({ kind: 'response', status: 200, body });
const status = (s: number, body: unknown = {}): SendResult => ({
  kind: 'response',
  status: s,
  body,
});
const offline: SendResult = { kind: 'network', message: 'Failed to fetch' };

/** A scripted server: answers in turn, recording what was sent. */
function server(...answers: SendResult[]) {
  const sent: OutboxRow[] = [];
  const send = vi.fn(async (item: OutboxRow) => {
    sent.push(item);
    return answers.shift() ?? ok();
  });
  return { send, sent, urls: () => sent.map((i) => i.url) };
}

const deps = (send: FlushDeps['send'], extra: Partial<FlushDeps> = {}): FlushDeps => ({
  userId: USER,
  send,
  describe: describeResult,
  store: storeDelivered,
  now: () => NOW,
  random: () => 0.5,
  ...extra,
});

let n = 0;
async function queue(url: string, userId = USER) {
  n++;
  return enqueue({
    id: `item-${n}`,
    userId,
    kind: 'quiz-progress',
    method: 'PUT',
    url,
    body: { n },
    clientRequestId: `req-${n}`,
    subject: { quizId: `quiz-${n}` },
  });
}

// As the app does when it starts: each feature's queued kinds are known to the outbox.
registerFeatureOutboxKinds();

beforeEach(async () => {
  await db.delete();
  await db.open();
  setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('order', () => {
  it('sends the oldest first and empties the queue', async () => {
    await queue('/a');
    await queue('/b');
    await queue('/c');
    const s = server();
    const result = await flushOutbox(deps(s.send));
    expect(s.urls()).toEqual(['/a', '/b', '/c']);
    expect(result.delivered.map((d) => d.item.url)).toEqual(['/a', '/b', '/c']);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('lets nothing overtake an item that must be retried', async () => {
    await queue('/a');
    await queue('/b');
    const s = server(status(503));
    const result = await flushOutbox(deps(s.send));
    expect(s.urls()).toEqual(['/a']);
    expect((await listOutbox(USER)).map((i) => i.url)).toEqual(['/a', '/b']);
    expect(result.nextAt).toBe(NOW + 0.75 * BACKOFF_BASE_MS);
  });

  it('sends only this user’s items', async () => {
    await queue('/mine');
    await queue('/theirs', 'someone-else');
    const s = server();
    await flushOutbox(deps(s.send));
    expect(s.urls()).toEqual(['/mine']);
    expect((await listOutbox('someone-else')).map((i) => i.url)).toEqual(['/theirs']);
  });

  it('keeps waiting items waiting unless connectivity just came back', async () => {
    await queue('/a');
    const s = server(offline);
    await flushOutbox(deps(s.send));
    // A focus event a moment later: the backoff is respected.
    const later = server();
    const result = await flushOutbox(deps(later.send, { now: () => NOW + 10 }));
    expect(later.sent).toEqual([]);
    expect(result.nextAt).toBe(NOW + 0.75 * BACKOFF_BASE_MS);
    // The `online` event forces it.
    await flushOutbox(deps(later.send, { now: () => NOW + 10, force: true }));
    expect(later.urls()).toEqual(['/a']);
  });
});

describe('what each answer does', () => {
  it('network error: kept, tried again later with backoff', async () => {
    const item = await queue('/a');
    await flushOutbox(deps(server(offline).send));
    const kept = await getItem(item.id);
    expect(kept).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: NOW + 0.75 * BACKOFF_BASE_MS,
      lastError: { status: 0, message: 'Failed to fetch' },
    });
  });

  it('5xx: kept and retried with a growing wait', async () => {
    const item = await queue('/a');
    let now = NOW;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await flushOutbox(deps(server(status(502)).send, { now: () => now, force: true }));
      const kept = (await getItem(item.id))!;
      waits.push(kept.nextAttemptAt - now);
      now = kept.nextAttemptAt;
    }
    expect(waits).toEqual([1500, 3000, 6000, 12000]);
    expect((await getItem(item.id))!.status).toBe('queued');
  });

  it('4xx: failed with the server’s message, and the next item still goes', async () => {
    const refused = await queue('/a');
    await queue('/b');
    const s = server(
      status(400, {
        code: 'NO_ANSWERS',
        message: 'No answers',
        messageI18n: { 'zh-TW': '沒有作答', en: 'No answers were given' },
      }),
    );
    const result = await flushOutbox(deps(s.send));
    expect(s.urls()).toEqual(['/a', '/b']);
    expect(result.failed.map((i) => i.id)).toEqual([refused.id]);
    const failed = (await getItem(refused.id))!;
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatchObject({ status: 400, code: 'NO_ANSWERS' });
    expect(failed.lastError).not.toHaveProperty('messageI18n');
    // A failed item is not sent again by itself…
    const again = server();
    await flushOutbox(deps(again.send, { force: true }));
    expect(again.sent).toEqual([]);
    // …only when the learner retries it.
    await retryItem(refused.id);
    await flushOutbox(deps(again.send));
    expect(again.urls()).toEqual(['/a']);
  });

  it('401: kept as it was, everything waits for the next sign-in', async () => {
    const first = await queue('/a');
    await queue('/b');
    const s = server(status(401, { code: 'UNAUTHORIZED' }));
    const result = await flushOutbox(deps(s.send));
    expect(result.signedOut).toBe(true);
    expect(result.nextAt).toBeNull();
    expect(s.urls()).toEqual(['/a']);
    expect(await getItem(first.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: first.nextAttemptAt, // no backoff: it is not the item's fault
      lastError: { status: 401 },
    });
    // Signed in again: both go.
    const after = server();
    await flushOutbox(deps(after.send, { force: true }));
    expect(after.urls()).toEqual(['/a', '/b']);
    expect(await listOutbox(USER)).toEqual([]);
  });
});

describe('a quiz submitted offline', () => {
  const submission = {
    quizId: 'quiz-9',
    materialId: 'mat-9',
    title: 'Cells',
    answers: [{ questionId: 'q1', optionId: 'a' }],
    clientSubmissionId: 'attempt-7f3c',
  };
  const report = { success: true, data: { quizId: 'quiz-9', materialId: 'mat-9', score: 80 } };

  it('is sent with the same clientSubmissionId on every try, and scored once', async () => {
    setOnline(false); // queued while offline: no flush goes out
    await queueQuizSubmission(USER, submission);
    setOnline(true);
    const s = server(offline, status(504), ok(report));
    for (let i = 0; i < 3; i++) await flushOutbox(deps(s.send, { force: true }));
    expect(s.sent).toHaveLength(3);
    expect(
      s.sent.map((i) => (i.body as { clientSubmissionId: string }).clientSubmissionId),
    ).toEqual(Array(3).fill('attempt-7f3c'));
    expect(s.sent.map((i) => i.clientRequestId)).toEqual(Array(3).fill('attempt-7f3c'));
    expect(s.urls()).toEqual(Array(3).fill('/api/v1/quiz/quiz-9/submit'));
  });

  it('puts the same request on the wire each time (body, method, outbox header)', async () => {
    setOnline(false);
    await queueQuizSubmission(USER, submission);
    setOnline(true);
    document.cookie = 'mnemo_token=token-abc; path=/';
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(init.body as string));
      expect(init.method).toBe('POST');
      expect((init.headers as Record<string, string>)[OUTBOX_HEADER]).toBe('1');
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-abc');
      expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('attempt-7f3c');
      if (bodies.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(report), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    await flushOutbox(deps(sendOutboxItem, { force: true }));
    await flushOutbox(deps(sendOutboxItem, { force: true }));
    expect(bodies).toEqual([
      { answers: submission.answers, clientSubmissionId: 'attempt-7f3c' },
      { answers: submission.answers, clientSubmissionId: 'attempt-7f3c' },
    ]);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('replaces the attempt and queued progress; once delivered, its report is stored', async () => {
    await saveAttempt(USER, {
      quizId: 'quiz-9',
      materialId: 'mat-9',
      drafts: { q1: { choice: 'a' } },
      currentIndex: 3,
    });
    setOnline(false);
    await queueProgress(USER, {
      quizId: 'quiz-9',
      materialId: 'mat-9',
      title: 'Cells',
      answers: [],
      currentIndex: 3,
    });
    await queueQuizSubmission(USER, submission);
    setOnline(true);
    // The outbox now holds the answers: no attempt, no progress save that would reopen it.
    expect(await readAttempt(USER, 'quiz-9')).toBeNull();
    expect((await listOutbox(USER)).map((i) => i.kind)).toEqual(['quiz-submit']);

    await flushOutbox(deps(server(ok(report)).send));
    expect(await listOutbox(USER)).toEqual([]);
    expect((await readReport(USER, 'quiz-9'))?.data).toEqual(report.data);
  });

  it('without a session goes nowhere and waits', async () => {
    setOnline(false);
    await queueQuizSubmission(USER, submission);
    setOnline(true);
    document.cookie = 'mnemo_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const result = await flushOutbox(deps(sendOutboxItem));
    expect(fetch).not.toHaveBeenCalled();
    expect(result.signedOut).toBe(true);
    expect((await listOutbox(USER))[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('queued progress', () => {
  it('keeps only the latest save of a quiz', async () => {
    setOnline(false);
    const p = { quizId: 'quiz-1', materialId: 'm', title: 'T', answers: [] };
    await queueProgress(USER, { ...p, currentIndex: 1 });
    await queueProgress(USER, { ...p, currentIndex: 2 });
    await queueProgress(USER, { ...p, quizId: 'quiz-2', currentIndex: 5 });
    const items = await listOutbox(USER);
    expect(
      items.map((i) => [i.subject.quizId, (i.body as { currentIndex: number }).currentIndex]),
    ).toEqual([
      ['quiz-1', 2],
      ['quiz-2', 5],
    ]);
  });
});
