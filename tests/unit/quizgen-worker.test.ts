import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { AppError } from '../../api/lib/errors.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { createWorkerBuiltinGenerator } from '../../api/quizgen/thread/index.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';

/*
 * The built-in generator in a worker thread: the same quiz as in-process, real progress, a
 * main thread that keeps answering while it works, and a cancel that stops it at once.
 */

const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus');
let paper: ExtractedDocument;
beforeAll(async () => {
  const file = path.join(corpus, 'pdf/en_tracemonkey_pldi09_2col.pdf');
  paper = await extractDocument([{ fileId: 'p', path: file, fileName: 'p.pdf', kind: 'pdf' }]);
}, 180_000);

const settings: QuizSettings = {
  questionCount: 20,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'expert',
  language: 'en-US',
  seed: 7,
};

describe('built-in generator in a worker thread', () => {
  it('writes the same quiz as in-process, reports every stage, and leaves the main thread free', async () => {
    const generator = createWorkerBuiltinGenerator();
    const stages: string[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    const inWorker = await generator.generate(paper, settings, {
      onProgress: (stage) => stages.push(stage),
    });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    const inProcess = await createBuiltinGenerator().generate(paper, settings);
    expect(inWorker).toEqual(inProcess);
    expect([...new Set(stages)]).toEqual(['reading', 'concepts', 'writing', 'checking']);
    // A main thread stalled by the work would have ticked a handful of times at most.
    expect(ticks).toBeGreaterThan((elapsed / 10) * 0.3);
  }, 180_000);

  it('stops at once when cancelled, and the next generation still works', async () => {
    const generator = createWorkerBuiltinGenerator();
    const controller = new AbortController();
    const pending = generator.generate(paper, settings, {
      signal: controller.signal,
      onProgress: (stage) => {
        if (stage === 'concepts') controller.abort();
      },
    });
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('GENERATION_CANCELLED');
    const next = await generator.generate(paper, { ...settings, questionCount: 5 });
    expect(next.questions).toHaveLength(5);
  }, 180_000);

  it('runs overlapping generations side by side', async () => {
    const generator = createWorkerBuiltinGenerator();
    const seeds = [1, 2, 3];
    const results = await Promise.all(
      seeds.map((seed) => generator.generate(paper, { ...settings, questionCount: 5, seed })),
    );
    // Each is the quiz the same settings give in-process (the generator writes fewer questions
    // rather than weak ones, so the count itself is not the point here).
    const alone = await Promise.all(
      seeds.map((seed) =>
        createBuiltinGenerator().generate(paper, { ...settings, questionCount: 5, seed }),
      ),
    );
    expect(results.map((r) => r.questions.map((q) => q.question))).toEqual(
      alone.map((r) => r.questions.map((q) => q.question)),
    );
    expect(results.every((r) => r.questions.length >= 3)).toBe(true);
  }, 180_000);
});
