import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import type { QuizGenerator } from '../../api/quizgen/types.js';

/**
 * The built-in generator held at gates the test opens: each generation started waits at its
 * own gate (an aborted one gives up), `openNext` lets the oldest waiting one go on and
 * `openAll` lets every one go on, those started later included.
 */
export function heldGenerator() {
  const builtin = createBuiltinGenerator();
  const gates: Array<() => void> = [];
  let started = 0;
  let allOpen = false;
  const generator: QuizGenerator = {
    async generate(doc, settings, opts) {
      started++;
      if (!allOpen) {
        await new Promise<void>((resolve, reject) => {
          gates.push(resolve);
          opts?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
      }
      return builtin.generate(doc, settings, opts);
    },
  };
  return {
    generator,
    started: () => started,
    openNext: () => gates.shift()?.(),
    openAll: () => {
      allOpen = true;
      for (const open of gates.splice(0)) open();
    },
  };
}
