import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
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
import type { GeneratedQuiz } from './types';

export const QUIZ_API = '/api/v1/quiz';

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
const answerSchema = z.object({
  data: z.looseObject({
    quizId: z.string().check(z.minLength(1)),
    notices: z.optional(z.array(noticeSchema)),
  }),
});

/**
 * POST /quiz/generate: writes the quiz and answers when it is ready (seconds to a minute).
 * Aborting `signal` cancels it on the server. Throws ApiError QUOTA_EXCEEDED (402),
 * MATERIAL_NO_TEXT, GENERATION_FAILED, GENERATION_CANCELLED, GENERATION_IN_PROGRESS.
 */
export async function generateQuiz(
  body: GenerateQuizBody,
  signal?: AbortSignal,
): Promise<GeneratedQuiz> {
  const input = generateQuizInputSchema.parse(body);
  // The free limit answers 402 QUOTA_EXCEEDED, not 403: it is an upgrade prompt, not a lost session.
  // The generation id is the Idempotency-Key: should this try be cut off and the request be
  // queued for later (offline), the retry takes this generation over instead of making another.
  const raw = await api(`${QUIZ_API}/generate`, {
    body: input,
    signal,
    headers: { 'Idempotency-Key': input.generationId },
  });
  const { data } = answerSchema.parse(raw);
  return { ...(data as unknown as GeneratedQuiz), notices: data.notices ?? [] };
}
