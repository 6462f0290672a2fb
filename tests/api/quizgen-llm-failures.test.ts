import { afterEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../api/env.js';
import { createQuizGenerator } from '../../api/quizgen/index.js';
import { AppError } from '../../api/lib/errors.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';
import { englishColumn, wholeConstitution } from '../fixtures/llm/documents.js';
import {
  loadReplies,
  startOpenAiPeer,
  type OpenAiPeer,
  type PeerReply,
} from '../support/openai-peer.js';

/*
 * When the model fails — too slow, down, or the learner cancels — what the learner gets: the
 * built-in quiz with a notice, a clear error, or a prompt stop.
 */

let peer: OpenAiPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const settings: QuizSettings = {
  questionCount: 5,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'en-US',
  seed: 3,
};

async function generatorWith(replies: PeerReply[], llm: Partial<LlmConfig>) {
  peer = await startOpenAiPeer(replies);
  return createQuizGenerator({
    llm: {
      baseUrl: peer.baseUrl,
      apiKey: 'test-key',
      model: 'quiz-model',
      timeoutMs: 10_000,
      fallbackToBuiltin: true,
      ...llm,
    },
  });
}

/** The recorded happy reply, held back for `delayMs`. */
const slow = (delayMs: number): PeerReply => ({ ...loadReplies('en-happy')[0], delayMs });

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('LLM quiz generator when the model fails', () => {
  it('answers with the built-in quiz and an LLM_FALLBACK notice when the model times out', async () => {
    // The SDK tries twice (one retry); both attempts outlast the 300 ms limit.
    const generator = await generatorWith([slow(5_000), slow(5_000)], { timeoutMs: 300 });
    const started = Date.now();
    const result = await generator.generate(englishColumn(), settings);

    expect(Date.now() - started).toBeLessThan(4_000);
    expect(result.generator).toBe('builtin');
    expect(result.notices[0]).toEqual({ code: 'LLM_FALLBACK', params: { reason: 'timeout' } });
    expect(result.questions.length).toBeGreaterThan(0);
    expect(peer!.requests).toHaveLength(2);
    expect(peer!.requests.every((r) => r.aborted)).toBe(true);
  });

  it('fails with GENERATION_FAILED when the model times out and the fallback is off', async () => {
    const generator = await generatorWith([slow(5_000), slow(5_000)], {
      timeoutMs: 300,
      fallbackToBuiltin: false,
    });
    const err = await rejection(generator.generate(englishColumn(), settings));

    expect(err.code).toBe('GENERATION_FAILED');
    expect(err.status).toBe(502);
    expect(err.details).toEqual({ reason: 'timeout' });
    expect(err.messages()['zh-TW']).toBe('目前無法產生測驗，請稍後再試一次。');
  });

  it('falls back when the server keeps failing', async () => {
    const down: PeerReply = { status: 503, error: 'The model is overloaded.' };
    const generator = await generatorWith([down, down], {});
    const result = await generator.generate(englishColumn(), settings);

    expect(result.generator).toBe('builtin');
    expect(result.notices[0]).toEqual({ code: 'LLM_FALLBACK', params: { reason: 'server_error' } });
  });

  it('falls back when every reply is unusable', async () => {
    const garbage: PeerReply = { text: 'I am sorry, I cannot help with quizzes today.' };
    const generator = await generatorWith([garbage, garbage, garbage], {});
    const result = await generator.generate(englishColumn(), settings);

    // The first reply and two repairs, then the built-in generator.
    expect(peer!.requests).toHaveLength(3);
    expect(result.generator).toBe('builtin');
    expect(result.notices[0]).toEqual({
      code: 'LLM_FALLBACK',
      params: { reason: 'invalid_output' },
    });
  });

  it('stops at once with GENERATION_CANCELLED when the request is cancelled, and never falls back', async () => {
    const generator = await generatorWith([slow(10_000)], {});
    const controller = new AbortController();
    const pending = generator.generate(englishColumn(), settings, { signal: controller.signal });
    await expect.poll(() => peer!.requests.length).toBe(1);

    const abortedAt = Date.now();
    controller.abort();
    const err = await rejection(pending);

    expect(Date.now() - abortedAt).toBeLessThan(500);
    expect(err.code).toBe('GENERATION_CANCELLED');
    await expect.poll(() => peer!.requests[0]!.aborted).toBe(true);
    expect(peer!.requests).toHaveLength(1);
  });

  it('stops the other requests in flight when the server refuses the key', async () => {
    const generator = await generatorWith(
      [{ status: 401, error: 'Incorrect API key provided.', delayMs: 300 }, slow(10_000)],
      { fallbackToBuiltin: false },
    );
    // The whole constitution and twenty questions: two batches, sent at once.
    const doc = wholeConstitution();
    const started = Date.now();
    const err = await rejection(
      generator.generate(doc, { ...settings, questionCount: 20, language: 'zh-TW' }),
    );

    expect(err.code).toBe('GENERATION_FAILED');
    expect(err.details).toEqual({ reason: 'unauthorized' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(peer!.requests).toHaveLength(2);
    await expect.poll(() => peer!.requests[1]!.aborted).toBe(true);
  });

  it('uses the built-in generator alone when no model is configured', async () => {
    const result = await createQuizGenerator({}).generate(englishColumn(), settings);
    expect(result.generator).toBe('builtin');
    expect(result.notices.map((n) => n.code)).not.toContain('LLM_FALLBACK');
  });

  it('does not call the model at all for a request cancelled before it starts', async () => {
    const generator = await generatorWith([], {});
    const controller = new AbortController();
    controller.abort();
    const err = await rejection(
      generator.generate(englishColumn(), settings, { signal: controller.signal }),
    );
    expect(err.code).toBe('GENERATION_CANCELLED');
    expect(peer!.requests).toHaveLength(0);
  });
});
