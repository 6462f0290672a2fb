import type { QuestionType, QuizSettings } from '../types.js';
import type { Batch } from './chunks.js';
import type { ChatTurn, LlmClient } from './client.js';
import { LlmFailure } from './errors.js';
import {
  batchPrompt,
  regeneratePrompt,
  repairPrompt,
  systemPrompt,
  type Rejection,
} from './prompts.js';
import { parseReply } from './schema.js';
import { sameFactAs } from './select.js';
import type { Candidate, ItemChecker } from './validate.js';

/** Replies that could not be read at all, answered with the errors before giving up. */
export const MAX_REPAIRS = 2;
/** Rounds of replacing rejected questions. */
export const MAX_REGENERATIONS = 1;

export interface BatchContext {
  client: LlmClient;
  checker: ItemChecker;
  settings: QuizSettings;
  signal?: AbortSignal;
  /** Questions accepted so far in other batches, so replacements do not repeat them. */
  accepted?: Candidate[];
}

/** The types of the questions to replace, in the order they were rejected, `count` of them. */
function replacementTypes(rejected: Array<QuestionType | undefined>, batch: Batch, count: number) {
  const fallback = batch.types.flatMap(([t, n]) => Array<QuestionType>(n).fill(t));
  const wanted = [...rejected.map((t, i) => t ?? fallback[i % fallback.length]), ...fallback]
    .filter((t): t is QuestionType => t !== undefined)
    .slice(0, count);
  const counts = new Map<QuestionType, number>();
  for (const t of wanted) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts];
}

/**
 * One request and its follow-ups in one conversation: a reply that cannot be read is sent back
 * with what is wrong (up to MAX_REPAIRS times); questions that fail the checks are listed with
 * their problems and only as many replacements as the batch still needs are asked for.
 */
export async function runBatch(batch: Batch, ctx: BatchContext): Promise<Candidate[]> {
  const { client, checker, settings, signal } = ctx;
  const system = (mode: string) => systemPrompt(settings, mode === 'json_object');
  const turns: ChatTurn[] = [{ role: 'user', content: batchPrompt(batch, settings) }];
  const accepted: Candidate[] = [];
  const others = ctx.accepted ?? [];
  let repairs = 0;
  let regenerations = 0;
  let lastErrors: string[] = [];
  // Questions the last request asked for: the batch's, then the replacements'.
  let expected = batch.ask;

  for (;;) {
    const reply = await client.complete(system, turns, signal);
    turns.push({ role: 'assistant', content: reply.content });
    const parsed = parseReply(reply.content);
    if (!parsed.ok) {
      lastErrors =
        reply.finishReason === 'length'
          ? [...parsed.errors, 'The reply was cut off; keep explanations short.']
          : parsed.errors;
      if (repairs++ >= MAX_REPAIRS) break;
      turns.push({ role: 'user', content: repairPrompt(lastErrors) });
      continue;
    }

    const lastChance = regenerations >= MAX_REGENERATIONS;
    const rejected: Rejection[] = [];
    const rejectedTypes: Array<QuestionType | undefined> = [];
    parsed.items.forEach((item, i) => {
      const verdict = checker.check(item, lastChance);
      if (!verdict.ok) {
        rejected.push({ position: i + 1, question: verdict.question, errors: verdict.errors });
        rejectedTypes.push((item as { type?: QuestionType } | null)?.type);
        return;
      }
      if (sameFactAs(verdict.candidate, [...others, ...accepted]) >= 0) {
        rejected.push({
          position: i + 1,
          question: verdict.candidate.raw.question,
          errors: ['It tests the same fact as another question.'],
        });
        rejectedTypes.push(verdict.candidate.raw.type);
        return;
      }
      accepted.push(verdict.candidate);
    });
    const missing = Math.max(0, expected - parsed.items.length);
    const short = batch.need - accepted.length;
    if (short <= 0 || lastChance || rejected.length + missing === 0) break;

    const count = Math.min(rejected.length + missing, Math.ceil(short * 1.5));
    expected = count;
    turns.push({
      role: 'user',
      content: regeneratePrompt(
        rejected,
        missing,
        count,
        replacementTypes(rejectedTypes, batch, count),
        batch.chunks.map(({ chunk }) => chunk.number),
      ),
    });
    regenerations++;
  }
  if (!accepted.length && lastErrors.length) {
    throw new LlmFailure(
      'invalid_output',
      `The model's replies were unusable: ${lastErrors.join(' ')}`,
    );
  }
  return accepted;
}
