import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod/mini';
import type { AttemptRow } from '../../../db';
import { forgetQuiz, readAttempt, readQuiz, saveQuiz } from '../../../db/cache';
import { api, ApiError } from '../../../lib/api-client';
import { currentUserId, useAuthStore } from '../../../stores/auth-store';
import { useResource } from '../../../lib/use-resource';
import { quizPath } from './paths';
import type { ClientQuestion, QuizDetails, SubmittedAnswer } from './types';
import { answerRecord } from '../../../lib/api-answer';

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

/** The details of GET /quiz/{quizId} (from the network or as stored on the device). */
export function parseQuiz(raw: Record<string, unknown>, quizId: string): QuizDetails {
  const d = detailsSchema.parse(raw);
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

/**
 * GET /quiz/{quizId}: the questions (never the key), the answers saved in the attempt in
 * progress and where the learner was; written through to the device so the quiz can be taken
 * offline. Throws ApiError 404 NOT_FOUND (and forgets the stored copy).
 */
export async function getQuiz(quizId: string, signal?: AbortSignal): Promise<QuizDetails> {
  const userId = currentUserId();
  let data: Record<string, unknown>;
  try {
    data = answerRecord(await api(quizPath(quizId), { signal }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && userId !== null) {
      await forgetQuiz(userId, quizId);
    }
    throw err;
  }
  const quiz = parseQuiz(data, quizId);
  if (userId !== null) {
    await saveQuiz(userId, { id: quiz.quizId, materialId: quiz.materialId, data });
  }
  return quiz;
}

export type QuizState =
  | { status: 'loading' }
  | { status: 'ready'; data: QuizDetails; attempt: AttemptRow | null }
  | { status: 'error'; error: unknown };

/**
 * The quiz for the questions page, as stored on the device (live) and refreshed from the
 * network, with the attempt in progress on this device (read once: the page writes it on every
 * change). `initial` (from a retake) is taken as it is. A 404 wins over the stored copy; any
 * other failure leaves the stored copy on screen.
 */
export function useQuiz(quizId: string, initial?: QuizDetails) {
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const given = initial && initial.quizId === quizId ? initial : undefined;
  const network = useResource(quizId, (signal) =>
    given ? Promise.resolve(given) : getQuiz(quizId, signal),
  );
  const stored = useLiveQuery(() => readQuiz(userId, quizId), [userId, quizId]);
  const fromDevice = useMemo(() => {
    try {
      return stored ? parseQuiz(stored.data, quizId) : null;
    } catch {
      return null;
    }
  }, [stored, quizId]);
  const attempt = useInitialAttempt(userId, quizId);
  const notFound =
    network.status === 'error' && network.error instanceof ApiError && network.error.status === 404;

  let state: QuizState;
  if (!attempt.ready) state = { status: 'loading' };
  else if (given) state = { status: 'ready', data: given, attempt: null };
  else if (fromDevice && !notFound)
    state = { status: 'ready', data: fromDevice, attempt: attempt.row };
  else if (network.status === 'ready')
    state = { status: 'ready', data: network.data, attempt: attempt.row };
  else if (network.status === 'error') state = { status: 'error', error: network.error };
  else state = { status: 'loading' };
  return { ...state, state, reload: network.reload };
}

/** The attempt stored for this quiz when the page opened (null: none). */
function useInitialAttempt(userId: string, quizId: string) {
  const key = `${userId}\n${quizId}`;
  const [read, setRead] = useState<{ key: string; row: AttemptRow | null } | null>(null);
  useEffect(() => {
    let live = true;
    void readAttempt(userId, quizId).then((row) => {
      if (live) setRead({ key, row });
    });
    return () => {
      live = false;
    };
  }, [key, userId, quizId]);
  return read?.key === key ? { ready: true, row: read.row } : { ready: false, row: null };
}
