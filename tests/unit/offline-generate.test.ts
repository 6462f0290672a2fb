import { setOnline } from './offline-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxRow } from '../../src/db';
import { readQuiz } from '../../src/db/cache';
import { getItem, listOutbox } from '../../src/db/outbox';
import { registerFeatureOutboxKinds } from '../../src/app/outbox-kinds';
import { storeDelivered } from '../../src/lib/offline/delivery';
import { flushOutbox, type FlushDeps } from '../../src/lib/offline/flush';
import type { SendResult } from '../../src/lib/offline/policy';
import { queueUpload } from '../../src/features/materials/api/queue-upload';
import { GENERATE_URL, queueGeneration } from '../../src/features/quiz/api/queue-generation';
import { describeResult, sendOutboxItem } from '../../src/lib/offline/transport';
import { apiErrorText } from '../../src/lib/api-error-text';
import { OUTBOX_HEADER } from '../../src/lib/offline/worker-messages';

// A quiz asked for with no signal waits in the outbox behind whatever was queued before it (an
// upload, a submission), goes out in order once online, and always with the same
// Idempotency-Key, so a try whose answer was lost does not make (and charge) a second quiz.

const USER = 'learner-1';
const NOW = Date.now() + 60_000;

const ok = (body: unknown = {}): SendResult => ({ kind: 'response', status: 201, body });
const status = (s: number, body: unknown = {}): SendResult => ({
  kind: 'response',
  status: s,
  body,
});
const offline: SendResult = { kind: 'network', message: 'Failed to fetch' };

function server(...answers: SendResult[]) {
  const sent: OutboxRow[] = [];
  const send = vi.fn(async (item: OutboxRow) => {
    sent.push(item);
    return answers.shift() ?? ok();
  });
  return { send, sent, kinds: () => sent.map((i) => i.kind) };
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

const body = (materialId: string, generationId: string) => ({
  materialId,
  generationId,
  title: 'Cells quiz',
  questionCount: 10,
  questionTypes: ['multiple_choice', 'true_false'],
  difficulty: 'basic',
  language: 'en-US',
});

/** The generate endpoint's answer: the new quiz, questions without their key. */
const generated = (quizId: string, materialId: string) => ({
  success: true,
  data: {
    quizId,
    testId: quizId,
    id: quizId,
    materialId,
    title: 'Cells quiz',
    questions: [{ id: 'q1', questionId: 'q1', type: 'true_false', question: 'Cells divide?' }],
    notices: [],
  },
});

async function queueOfflineUpload(title: string) {
  const file = new File(['Cells divide by mitosis.'], 'cells.txt', { type: 'text/plain' });
  await queueUpload(USER, { title, description: '', files: [file] });
}

// As the app does when it starts: each feature's queued kinds are known to the outbox.
registerFeatureOutboxKinds();

beforeEach(async () => {
  await db.delete();
  await db.open();
  setOnline(false); // queued with no network: no flush goes out by itself
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('a quiz generation asked for offline', () => {
  it('is kept as the request it will be, keyed by its generation id', async () => {
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-1') });
    const [item] = await listOutbox(USER);
    expect(item).toMatchObject({
      kind: 'quiz-generate',
      method: 'POST',
      url: GENERATE_URL,
      body: body('mat-1', 'gen-1'),
      clientRequestId: 'gen-1',
      status: 'queued',
      subject: { materialId: 'mat-1', title: 'Cells quiz', materialName: 'Biology' },
    });
  });

  it('is sent after an upload queued before it, and never overtakes it', async () => {
    await queueOfflineUpload('Notes');
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-1') });
    setOnline(true);

    // The upload's server is down: the generation behind it waits.
    const down = server(status(503));
    const first = await flushOutbox(deps(down.send, { force: true }));
    expect(down.kinds()).toEqual(['material-upload']);
    expect(first.delivered).toEqual([]);
    expect((await listOutbox(USER)).map((i) => i.kind)).toEqual([
      'material-upload',
      'quiz-generate',
    ]);

    // Back: the upload first, then the generation.
    const up = server(
      ok({ data: { id: 'mat-2', title: 'Notes' } }),
      ok(generated('quiz-1', 'mat-1')),
    );
    const second = await flushOutbox(deps(up.send, { force: true }));
    expect(up.kinds()).toEqual(['material-upload', 'quiz-generate']);
    expect(second.delivered.map((d) => d.item.kind)).toEqual(['material-upload', 'quiz-generate']);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('keeps the order of several requests, and the quiz each made opens offline', async () => {
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-a') });
    await queueOfflineUpload('Notes');
    await queueGeneration(USER, { materialName: 'Chemistry', body: body('mat-3', 'gen-b') });
    setOnline(true);
    const s = server(
      ok(generated('quiz-a', 'mat-1')),
      ok({ data: { id: 'mat-2' } }),
      ok(generated('quiz-b', 'mat-3')),
    );
    await flushOutbox(deps(s.send));
    expect(
      s.sent.map((i) => (i.clientRequestId.startsWith('gen-') ? i.clientRequestId : i.kind)),
    ).toEqual(['gen-a', 'material-upload', 'gen-b']);
    // Stored in the transaction that removed the item: questions without keys, ready offline.
    const quiz = await readQuiz(USER, 'quiz-b');
    expect(quiz).toMatchObject({ id: 'quiz-b', materialId: 'mat-3' });
    expect(quiz?.data).toEqual(generated('quiz-b', 'mat-3').data);
    expect(await readQuiz(USER, 'quiz-a')).not.toBeNull();
  });

  it('a refusal (402, no free quizzes left) fails it with its code; later items still go', async () => {
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-1') });
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-2') });
    setOnline(true);
    const [refused] = await listOutbox(USER);
    const s = server(
      ok(generated('quiz-1', 'mat-1')),
      status(402, {
        code: 'QUOTA_EXCEEDED',
        message: 'limit',
        messageI18n: { 'zh-TW': '伺服器的話', en: 'Server prose' },
      }),
    );
    const result = await flushOutbox(deps(s.send));
    expect(result.delivered).toHaveLength(1);
    expect(result.failed).toHaveLength(1);
    expect(await getItem(refused!.id)).toBeUndefined();
    const [failed] = await listOutbox(USER);
    expect(failed).toMatchObject({
      clientRequestId: 'gen-2',
      status: 'failed',
      lastError: { status: 402, code: 'QUOTA_EXCEEDED' },
    });
    // Said in the web's own words for the code, never the server's prose.
    expect(apiErrorText(failed!.lastError!)).toContain('上限');
    expect(failed?.lastError?.message).toContain('上限');
  });

  it('puts the same request, with the same Idempotency-Key, on the wire every try', async () => {
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-7') });
    setOnline(true);
    document.cookie = 'mnemo_token=token-abc; path=/';
    const seen: Array<{ url: string; key: string; outbox: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      expect(init.method).toBe('POST');
      expect(headers['Content-Type']).toBe('application/json');
      expect(headers.Authorization).toBe('Bearer token-abc');
      seen.push({
        url,
        key: headers['Idempotency-Key']!,
        outbox: headers[OUTBOX_HEADER]!,
        body: JSON.parse(init.body as string),
      });
      // The first try's answer is lost on the way back; the second gets the same quiz.
      if (seen.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(generated('quiz-7', 'mat-1')), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    await flushOutbox(deps(sendOutboxItem, { force: true }));
    expect((await listOutbox(USER))[0]).toMatchObject({ attempts: 1, status: 'queued' });
    await flushOutbox(deps(sendOutboxItem, { force: true }));
    const same = { url: GENERATE_URL, key: 'gen-7', outbox: '1', body: body('mat-1', 'gen-7') };
    expect(seen).toEqual([same, same]);
    expect(await listOutbox(USER)).toEqual([]);
    expect(await readQuiz(USER, 'quiz-7')).not.toBeNull();
  });

  it('waits through a network error with backoff, like every other item', async () => {
    await queueGeneration(USER, { materialName: 'Biology', body: body('mat-1', 'gen-1') });
    setOnline(true);
    const result = await flushOutbox(deps(server(offline).send));
    expect(result.nextAt).toBeGreaterThan(NOW);
    expect((await listOutbox(USER))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: { status: 0 },
    });
  });
});
