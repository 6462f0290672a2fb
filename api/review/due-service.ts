import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { parseJson, presentQuestionForTaking, storedQuestions } from '../quiz/presenter.js';
import { conceptKey } from '../rules/concept-key.js';
import { today } from './days.js';
import { isPremium, type Learner } from '../auth/learner.js';
import { stateName } from './scheduler.js';

/** The card columns a due list reads (never the quiz's questions, loaded per page). */
const LIST_COLUMNS = [
  'id',
  'quiz_id',
  'material_id',
  'question_id',
  'concepts',
  'due',
  'state',
  'reps',
  'lapses',
  'last_review',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
] as const;

export interface DueQuery {
  utcOffset: number;
  concept?: string;
  scope: 'due' | 'all';
  limit: number;
}

/** The learner's cards with their concepts parsed, soonest due first. */
export async function listUserCards(db: Db, userId: string) {
  const rows = await db
    .selectFrom('review_cards')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('due', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({ ...r, conceptList: parseJson<string[]>(r.concepts, []) }));
}

/**
 * Today's due cards across the learner's materials (or every card of a concept), each with its
 * question as served for taking — never the key. The concept filter is premium content.
 */
export async function listDue(d: { db: Db; clock: Clock }, learner: Learner, q: DueQuery) {
  const userId = learner.id;
  const window = today(d.clock.now(), q.utcOffset);
  const dayEnd = window.dueBefore.toISOString();
  let cards = await listUserCards(d.db, userId);
  if (q.concept !== undefined) {
    if (!isPremium(learner)) throw new AppError('PREMIUM_REQUIRED');
    const key = conceptKey(q.concept);
    cards = cards.filter((c) => c.conceptList.some((k) => conceptKey(k) === key));
  }
  const due = cards.filter((c) => c.due < dayEnd);
  const page = (q.scope === 'all' ? cards : due).slice(0, q.limit);

  const quizIds = [...new Set(page.map((c) => c.quiz_id))];
  const quizzes = quizIds.length
    ? await d.db
        .selectFrom('quizzes')
        .innerJoin('materials', 'materials.id', 'quizzes.material_id')
        .select([
          'quizzes.id',
          'quizzes.title',
          'quizzes.language',
          'quizzes.questions',
          'materials.title as material_title',
        ])
        .where('quizzes.id', 'in', quizIds)
        .where('quizzes.user_id', '=', userId)
        .execute()
    : [];
  const byQuiz = new Map(
    quizzes.map((z) => [z.id, { ...z, byId: new Map(storedQuestions(z).map((x) => [x.id, x])) }]),
  );
  const listed = page.flatMap((c) => {
    const quiz = byQuiz.get(c.quiz_id);
    const question = quiz?.byId.get(c.question_id);
    if (!quiz || !question) return [];
    return [
      {
        cardId: c.id,
        quizId: c.quiz_id,
        materialId: c.material_id,
        materialTitle: quiz.material_title,
        quizTitle: quiz.title,
        language: quiz.language,
        question: presentQuestionForTaking(question),
        due: c.due,
        isDue: c.due < dayEnd,
        state: stateName(c.state),
        reps: c.reps,
        lapses: c.lapses,
        lastReview: c.last_review,
        // The exact scheduling state, so the device can preview each rating's next interval
        // with ts-fsrs, offline too (docs/decisions/0024-study-modes.md).
        fsrs: {
          stability: Number(c.stability),
          difficulty: Number(c.difficulty),
          elapsedDays: c.elapsed_days,
          scheduledDays: c.scheduled_days,
          learningSteps: c.learning_steps,
        },
      },
    ];
  });
  return { count: due.length, total: cards.length, today: window.day, dayEnd, cards: listed };
}
