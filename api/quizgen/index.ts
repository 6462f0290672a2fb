import type { Config } from '../env.js';
import { AppError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { createBuiltinGenerator } from './builtin/index.js';
import { LlmFailure } from './llm/errors.js';
import { createLlmGenerator, type LlmGeneratorDeps } from './llm/generator.js';
import type { QuizGenerator } from './types.js';

export interface QuizGeneratorDeps {
  log?: Logger;
  /** The generator to fall back to; the built-in one by default. */
  builtin?: QuizGenerator;
  llm?: Omit<LlmGeneratorDeps, 'log'>;
}

/**
 * The quiz generator for this server: the LLM one when a model is configured (falling back to
 * the built-in generator, with an LLM_FALLBACK notice, when the model fails and
 * LLM_FALLBACK_TO_BUILTIN is on; GENERATION_FAILED otherwise), else the built-in one.
 */
export function createQuizGenerator(
  config: Pick<Config, 'llm'>,
  deps: QuizGeneratorDeps = {},
): QuizGenerator {
  const builtin = deps.builtin ?? createBuiltinGenerator();
  const llmConfig = config.llm;
  if (!llmConfig) return builtin;
  const llm = createLlmGenerator(llmConfig, { ...deps.llm, log: deps.log });

  return {
    async generate(doc, settings, opts = {}) {
      try {
        return await llm.generate(doc, settings, opts);
      } catch (err) {
        if (err instanceof AppError && err.code === 'GENERATION_CANCELLED') throw err;
        // Anything else — the model's failure or a bug of ours — must not cost the learner a quiz.
        const reason = err instanceof LlmFailure ? err.reason : 'internal';
        deps.log?.warn({ err, reason }, 'LLM quiz generation failed');
        if (!llmConfig.fallbackToBuiltin) {
          throw new AppError('GENERATION_FAILED', { cause: err, details: { reason } });
        }
        const result = await builtin.generate(doc, settings, opts);
        return {
          ...result,
          notices: [{ code: 'LLM_FALLBACK', params: { reason } }, ...result.notices],
        };
      }
    },
  };
}
