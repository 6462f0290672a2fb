import { z } from 'zod/mini';
import { apiData } from '../../../lib/api-answer';
import {
  DIFFICULTIES,
  EXAM_ORDERS,
  MAX_INSTRUCTIONS,
  MAX_TITLE,
  QUESTION_COUNTS,
  QUESTION_TYPE_VALUES,
  QUIZ_LANGUAGES,
  type GenerateQuizBody,
} from '../lib/settings-form';
import { generationSchema } from './generation-schema';
import { QUIZ_PATH } from './paths';
import type { GeneratedQuiz, Generation } from './types';

export const generateQuizInputSchema = z.object({
  materialId: z.string().check(z.minLength(1)),
  generationId: z.string().check(z.minLength(1)),
  title: z.string().check(z.maxLength(MAX_TITLE)),
  description: z.optional(z.string().check(z.maxLength(MAX_INSTRUCTIONS))),
  // The usual counts; an exam paper also any count up to its items, or 'all' (the server checks).
  questionCount: z.union([
    z.literal('all'),
    z
      .number()
      .check(
        z.refine((n) => QUESTION_COUNTS.some((c) => c === n) || (Number.isInteger(n) && n > 0)),
      ),
  ]),
  order: z.optional(z.enum(EXAM_ORDERS)),
  // An exam paper without key: unscored practice, only when the learner chose it.
  unscored: z.optional(z.literal(true)),
  questionTypes: z.array(z.enum(QUESTION_TYPE_VALUES)).check(z.minLength(1)),
  difficulty: z.enum(DIFFICULTIES),
  language: z.enum(QUIZ_LANGUAGES),
});

const noticeSchema = z.object({
  code: z.string(),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
const madeSchema = z.looseObject({
  quizId: z.string().check(z.minLength(1)),
  questions: z.array(z.unknown()),
  notices: z.optional(z.array(noticeSchema)),
});
/** 201: the quiz (made before, under this Idempotency-Key); 202: the generation, queued. */
const startSchema = z.union([generationSchema, madeSchema]);

export type GenerationStart =
  { kind: 'made'; quiz: GeneratedQuiz } | { kind: 'queued'; generation: Generation };

/**
 * POST /quiz/generate with `Prefer: respond-async`: answers at once — 202 with the generation,
 * queued (follow it at GET /quiz/generations/{id}), or 201 with the quiz when this generation id
 * made it already. The job does not depend on the request; stop it with cancelGeneration.
 * Throws ApiError QUOTA_EXCEEDED (402), MATERIAL_NO_TEXT, GENERATION_IN_PROGRESS, ….
 */
export async function startGeneration(
  body: GenerateQuizBody,
  signal?: AbortSignal,
): Promise<GenerationStart> {
  const input = generateQuizInputSchema.parse(body);
  // The free limit answers 402 QUOTA_EXCEEDED, not 403: it is an upgrade prompt, not a lost session.
  // The generation id is the Idempotency-Key: should this try be cut off and the request be
  // queued for later (offline), the retry takes this generation over instead of making another.
  const data = await apiData(startSchema, `${QUIZ_PATH}/generate`, {
    body: input,
    signal,
    headers: { 'Idempotency-Key': input.generationId, Prefer: 'respond-async' },
  });
  if ('stage' in data) return { kind: 'queued', generation: data as Generation };
  const quiz = data as unknown as GeneratedQuiz;
  return { kind: 'made', quiz: { ...quiz, notices: quiz.notices ?? [] } };
}
