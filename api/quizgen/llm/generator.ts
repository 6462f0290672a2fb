import type { LlmConfig } from '../../env.js';
import type { ExtractedDocument } from '../../extract/types.js';
import type { Logger } from '../../lib/logger.js';
import type {
  GenerateOptions,
  GenerateResult,
  QuestionType,
  QuizGenerator,
  QuizNotice,
  QuizSettings,
} from '../types.js';
import { checkQuiz } from '../checks.js';
import { assembleQuiz } from './assemble.js';
import { runBatch } from './batch.js';
import { planQuiz, topUpBatch, typeMix, type Batch, type Plan } from './chunks.js';
import { createLlmClient, type LlmClient, type LlmClientOptions } from './client.js';
import { LlmFailure, throwIfCancelled } from './errors.js';
import { createRandom } from './random.js';
import { selectCandidates, type SelectionGoal } from './select.js';
import { sentencesOf } from './sentences.js';
import { ItemChecker, type Candidate } from './validate.js';

export interface LlmGeneratorDeps extends LlmClientOptions {
  log?: Logger;
  /** Requests in flight at once for one quiz. */
  concurrency?: number;
  /** A client to use instead of one built from the config. */
  client?: LlmClient;
}

/** Runs `work` over `items`, at most `limit` at a time; after a failure no new item starts. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++] as T);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function selectionGoal(plan: Plan, settings: QuizSettings): SelectionGoal {
  const chunkOfBlock = new Map<number, number>();
  for (const c of plan.chunks)
    for (const s of c.sentences) chunkOfBlock.set(s.blockIndex, c.number);
  const perChunk = new Map<number, number>();
  for (const b of plan.batches)
    for (const { chunk, need } of b.chunks) perChunk.set(chunk.number, need);
  return {
    target: plan.target,
    types: new Map(typeMix(plan.target, settings.questionTypes)),
    perChunk,
    chunkOf: (c) => chunkOfBlock.get(c.blockIndex) ?? 0,
  };
}

/** The types the chosen questions lack against the goal. */
function missingTypes(goal: SelectionGoal, chosen: Candidate[]): Array<[QuestionType, number]> {
  return [...goal.types]
    .map(
      ([t, n]) => [t, n - chosen.filter((c) => c.raw.type === t).length] as [QuestionType, number],
    )
    .filter(([, n]) => n > 0);
}

/**
 * The LLM quiz generator: chunks the document, asks the model for about 1.5× the questions over
 * the chunks that cover the key phrases, checks every question (shape, type rules, language and
 * script, verbatim evidence), repairs or replaces what fails, selects the quiz and deals the
 * options. Throws LlmFailure when the model cannot deliver, GENERATION_CANCELLED on abort.
 */
export function createLlmGenerator(config: LlmConfig, deps: LlmGeneratorDeps = {}): QuizGenerator {
  const client = deps.client ?? createLlmClient(config, deps);
  const concurrency = deps.concurrency ?? 2;

  async function generate(
    doc: ExtractedDocument,
    settings: QuizSettings,
    opts: GenerateOptions = {},
  ): Promise<GenerateResult> {
    const { signal, onProgress } = opts;
    throwIfCancelled(signal);
    onProgress?.('reading', 0);
    const sentences = sentencesOf(doc);
    onProgress?.('reading', 1);
    onProgress?.('concepts', 0);
    const plan = planQuiz(doc, settings, sentences);
    const notices: QuizNotice[] = [];
    const material = doc.language === 'zh-TW' ? 'zh-TW' : doc.language === 'en' ? 'en-US' : 'other';
    if (material !== settings.language) {
      // The model translates, but the learner should know the quiz is not in the material's language.
      notices.push({
        code: 'LANGUAGE_MISMATCH',
        params: { material: doc.language, quiz: settings.language },
      });
    }
    const short = (produced: number) => ({
      code: 'NOT_ENOUGH_MATERIAL',
      params: {
        requested: settings.questionCount,
        produced,
        reason: plan.target < settings.questionCount ? 'material' : 'model',
      },
    });
    if (plan.target === 0)
      return { questions: [], notices: [...notices, short(0)], generator: 'llm' };
    onProgress?.('concepts', 1);

    const checker = new ItemChecker(doc, sentences, settings);
    const candidates: Candidate[] = [];
    // When one batch fails for good, the requests of the others in flight are stopped too.
    const stop = new AbortController();
    const batchSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    const run = async (batch: Batch) => {
      try {
        const ctx = { client, checker, settings, signal: batchSignal, accepted: candidates };
        candidates.push(...(await runBatch(batch, ctx)));
      } catch (err) {
        // One batch of unusable replies need not sink the quiz; a dead server does.
        if (!(err instanceof LlmFailure && err.reason === 'invalid_output')) throw err;
        deps.log?.warn({ err }, 'LLM batch gave no usable questions');
      }
    };
    let done = 0;
    onProgress?.('writing', 0);
    try {
      await inPool(plan.batches, concurrency, async (batch) => {
        await run(batch);
        onProgress?.('writing', ++done / plan.batches.length);
      });
    } catch (err) {
      stop.abort();
      throw err;
    }

    onProgress?.('checking', 0);
    const goal = selectionGoal(plan, settings);
    let chosen = selectCandidates(candidates, goal);
    // A model that gave nothing usable at all will not do better on a top-up.
    if (chosen.length < plan.target && candidates.length > 0) {
      const used = new Map<number, number>();
      for (const c of chosen) used.set(goal.chunkOf(c), (used.get(goal.chunkOf(c)) ?? 0) + 1);
      const missing = plan.target - chosen.length;
      const types = missingTypes(goal, chosen);
      const extra = topUpBatch(
        plan,
        used,
        missing,
        types.length ? types : typeMix(missing, settings.questionTypes),
      );
      if (extra) {
        extra.avoid = chosen.map((c) => c.raw.question);
        try {
          await run(extra);
        } catch (err) {
          // The quiz so far stands; a failing top-up only leaves it short.
          if (!(err instanceof LlmFailure)) throw err;
          deps.log?.warn({ err }, 'LLM top-up request failed');
        }
        chosen = selectCandidates(candidates, goal);
      }
    }
    throwIfCancelled(signal);
    if (chosen.length < Math.ceil(plan.target / 2)) {
      throw new LlmFailure(
        'invalid_output',
        `Only ${chosen.length} of ${plan.target} questions passed the checks.`,
      );
    }
    if (chosen.length < settings.questionCount) notices.push(short(chosen.length));
    const questions = assembleQuiz(chosen, doc, settings.language, createRandom(settings.seed));
    const result: GenerateResult = { questions, notices, generator: 'llm' };
    const failures = checkQuiz(doc, settings, result);
    if (failures.length) deps.log?.warn({ failures }, 'LLM quiz failed some quiz checks');
    onProgress?.('checking', 1);
    return result;
  }

  return { generate };
}
