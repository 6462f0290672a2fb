import type { Quiz, QuizGeneration } from '../db/schema.js';
import type { GeneratedQuestion, QuestionType, QuizNotice } from '../quizgen/types.js';
import type { SubmittedAnswer } from '../scoring/types.js';

/** A question for taking: what the learner sees, never the key, explanation or citation. */
export function presentQuestionForTaking(q: GeneratedQuestion) {
  return {
    // Each field once (issue 18): the spec's client reads "id or questionId".
    id: q.id,
    type: q.type,
    question: q.question,
    // An exam item's paper and number: where it stands, not its key.
    ...(q.exam ? { exam: { paper: q.exam.paper, number: q.exam.number } } : {}),
    // Practice of a paper without a key: the client says it is not scored.
    ...(q.unscored ? { unscored: true } : {}),
    // A multiple-select item (複選題): the learner picks every option that applies.
    ...(q.multiSelect ? { multiSelect: true } : {}),
    ...(q.options ? { options: q.options.map((o) => ({ id: o.id, text: o.text })) } : {}),
    ...(q.blanks
      ? {
          blanks: q.blanks.map((b) => ({
            id: b.id,
            options: b.options.map((o) => ({ id: o.id, text: o.text })),
          })),
        }
      : {}),
  };
}

export type ClientQuestion = ReturnType<typeof presentQuestionForTaking>;

export function parseJson<T>(json: string | null | undefined, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

export const storedQuestions = (quiz: Pick<Quiz, 'questions'>) =>
  parseJson<GeneratedQuestion[]>(quiz.questions, []);

/** The parts of a quiz every answer about it carries (its id once, as the spec's quizId). */
function quizHeader(quiz: Quiz) {
  return {
    quizId: quiz.id,
    materialId: quiz.material_id,
    title: quiz.title,
    description: quiz.description,
    difficulty: quiz.difficulty,
    language: quiz.language,
    questionTypes: parseJson<QuestionType[]>(quiz.question_types, []),
    questionCount: quiz.question_count,
  };
}

/** POST /quiz/generate's answer: the new quiz ready to take. */
export function presentGeneratedQuiz(quiz: Quiz) {
  return {
    ...quizHeader(quiz),
    questions: storedQuestions(quiz).map(presentQuestionForTaking),
    notices: parseJson<QuizNotice[]>(quiz.notices, []),
    generator: quiz.generator,
  };
}

/** GET /quiz/{id}: the quiz for taking, with the answers of the attempt in progress. */
export function presentQuizForTaking(
  quiz: Quiz,
  inProgress: { answers: string; current_index: number } | undefined,
) {
  return {
    ...quizHeader(quiz),
    questions: storedQuestions(quiz).map(presentQuestionForTaking),
    notices: parseJson<QuizNotice[]>(quiz.notices, []),
    completed: quiz.completed === 1,
    score: quiz.score,
    lastScore: quiz.score,
    bestScore: quiz.best_score,
    lastTakenAt: quiz.last_taken_at,
    attemptCount: quiz.attempt_count,
    savedAnswers: parseJson<SubmittedAnswer[]>(inProgress?.answers, []),
    currentIndex: inProgress?.current_index ?? 0,
  };
}

/** A generation's progress as GET /quiz/generations/{id} and its event stream answer it. */
/**
 * A generation as clients see it. With `stale` (now, GENERATION_STALE_SECONDS) it also says
 * `resuming`: its server stopped while making it — running without a heartbeat for the stale
 * time (a sweep will queue it again or fail it with the free quiz given back), or queued again
 * after such a stop and waiting for a runner. The learner can cancel it meanwhile (issue 19).
 */
export function presentGeneration(g: QuizGeneration, stale?: { now: Date; staleMs: number }) {
  const cutoff = stale ? new Date(stale.now.getTime() - stale.staleMs).toISOString() : undefined;
  const resuming =
    (g.status === 'running' && cutoff !== undefined && g.updated_at <= cutoff) ||
    (g.status === 'queued' && g.attempts > 0);
  return {
    id: g.id,
    materialId: g.material_id,
    // Queued is still "running" to clients (stage 'queued'): the job has not settled.
    status: g.status === 'queued' ? 'running' : g.status,
    stage: g.stage,
    progress: g.progress,
    quizId: g.quiz_id,
    errorCode: g.error_code,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
    resuming,
  };
}
