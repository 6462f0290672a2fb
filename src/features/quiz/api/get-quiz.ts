import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useQuizResource } from '../hooks/use-quiz-resource';
import type { ClientQuestion, QuizDetails, SubmittedAnswer } from './types';

/** The quiz endpoints (base /api/v1; api() adds the bearer token). */
export const QUIZ_PATH = '/api/v1/quiz';
export const quizPath = (quizId: string) => `${QUIZ_PATH}/${encodeURIComponent(quizId)}`;

/** `{ success, data }` → data (a bare object is taken as it is). */
export function unwrap(raw: unknown): Record<string, unknown> {
  const rec = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return rec.data && typeof rec.data === 'object' ? (rec.data as Record<string, unknown>) : rec;
}

const optionSchema = z.looseObject({ id: z.string(), text: z.string() });
const questionSchema = z.looseObject({
  id: z.string(),
  questionId: z.optional(z.string()),
  // Any type: one this client does not know is answered as text.
  type: z.string(),
  question: z.string(),
  options: z.optional(z.array(optionSchema)),
  // Read leniently: the formatter turns anything but a list into [] (spec §5).
  blanks: z.optional(z.unknown()),
});
const savedSchema = z.looseObject({ questionId: z.string() });
const num = z.catch(z.nullable(z.number()), null);

const detailsSchema = z.looseObject({
  quizId: z.optional(z.string()),
  testId: z.optional(z.string()),
  id: z.optional(z.string()),
  materialId: z.catch(z.string(), ''),
  title: z.catch(z.string(), ''),
  description: z.catch(z.string(), ''),
  difficulty: z.catch(z.string(), 'basic'),
  language: z.catch(z.string(), 'zh-TW'),
  questions: z.catch(z.array(questionSchema), []),
  completed: z.catch(z.boolean(), false),
  score: num,
  lastScore: num,
  bestScore: num,
  lastTakenAt: z.catch(z.nullable(z.string()), null),
  attemptCount: z.catch(z.number(), 0),
  savedAnswers: z.catch(z.array(savedSchema), []),
  currentIndex: z.catch(z.number(), 0),
});

/**
 * GET /quiz/{quizId}: the questions (never the key), the answers saved in the attempt in
 * progress and where the learner was. Throws ApiError 404 NOT_FOUND.
 */
export async function getQuiz(quizId: string, signal?: AbortSignal): Promise<QuizDetails> {
  const d = detailsSchema.parse(unwrap(await api(quizPath(quizId), { signal })));
  const id = d.quizId ?? d.testId ?? d.id ?? quizId;
  const questions = d.questions.map(
    (q): ClientQuestion => ({ ...q, questionId: q.questionId ?? q.id }) as ClientQuestion,
  );
  return {
    ...(d as unknown as QuizDetails),
    quizId: id,
    testId: d.testId ?? id,
    id,
    questions,
    questionCount: questions.length,
    savedAnswers: d.savedAnswers as SubmittedAnswer[],
    currentIndex: Math.min(Math.max(0, Math.trunc(d.currentIndex)), questions.length - 1),
  };
}

/** The quiz for the questions page; `initial` (from a retake) saves the first request. */
export function useQuiz(quizId: string, initial?: QuizDetails) {
  return useQuizResource(quizId, (signal) =>
    initial && initial.quizId === quizId ? Promise.resolve(initial) : getQuiz(quizId, signal),
  );
}
