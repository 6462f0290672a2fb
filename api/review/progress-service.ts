import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { addDays, localDay, today } from './days.js';
import { conceptKey } from '../rules/concept-key.js';
import { listUserCards } from './due-service.js';
import { isPremium, type Learner } from '../auth/learner.js';
import { reviewAnswers } from './stats-service.js';
import { studyDaysSince, studyStreak } from './study-days.js';

/** A chart shows at most this many attempts per material (the newest). */
export const ATTEMPTS_PER_MATERIAL = 200;
/** Study days listed back from today. */
export const STUDY_DAYS_LISTED = 60;

interface AttemptRow {
  attemptId: string;
  quizId: string;
  quizTitle: string;
  materialId: string;
  materialTitle: string;
  score: number | null;
  submittedAt: string | null;
}

/** Scores over time, per material: most recently taken material first, attempts oldest first. */
function groupAttempts(rows: AttemptRow[], utcOffset: number) {
  const byMaterial = new Map<string, { materialId: string; title: string; attempts: unknown[] }>();
  // Newest first, so the first attempt seen decides the material's place and the cap keeps
  // the newest; each list is turned oldest-first at the end.
  for (const r of rows) {
    let m = byMaterial.get(r.materialId);
    if (!m) {
      m = { materialId: r.materialId, title: r.materialTitle, attempts: [] };
      byMaterial.set(r.materialId, m);
    }
    if (m.attempts.length >= ATTEMPTS_PER_MATERIAL) continue;
    m.attempts.push({
      attemptId: r.attemptId,
      quizId: r.quizId,
      quizTitle: r.quizTitle,
      score: r.score ?? 0,
      submittedAt: r.submittedAt ?? '',
      day: r.submittedAt ? localDay(r.submittedAt, utcOffset) : '',
    });
  }
  return [...byMaterial.values()].map((m) => ({ ...m, attempts: m.attempts.reverse() }));
}

/** Accuracy per related concept over every answer to its cards, weakest first. */
async function conceptAccuracy(db: Db, userId: string, dayEnd: string) {
  const cards = await listUserCards(db, userId);
  const perCard = await db
    .selectFrom('review_logs')
    .select((eb) => [
      'card_id',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>('correct').as('correct'),
    ])
    .where('user_id', '=', userId)
    // A "still learning" mark is not an answer (docs/decisions/0029-flashcards.md).
    .where('source', '!=', 'flashcard')
    .groupBy('card_id')
    .execute();
  const answers = new Map(
    perCard.map((r) => [r.card_id, { total: Number(r.total), correct: Number(r.correct ?? 0) }]),
  );
  const concepts = new Map<
    string,
    { concept: string; correct: number; total: number; cardCount: number; dueCount: number }
  >();
  for (const card of cards) {
    const a = answers.get(card.id) ?? { total: 0, correct: 0 };
    for (const concept of card.conceptList) {
      const key = conceptKey(concept);
      const c = concepts.get(key) ?? { concept, correct: 0, total: 0, cardCount: 0, dueCount: 0 };
      c.correct += a.correct;
      c.total += a.total;
      c.cardCount += 1;
      if (card.due < dayEnd) c.dueCount += 1;
      concepts.set(key, c);
    }
  }
  return [...concepts.values()]
    .map((c) => ({
      ...c,
      accuracy: c.total ? Math.round((c.correct / c.total) * 10_000) / 10_000 : 0,
    }))
    .sort(
      (a, b) =>
        a.accuracy - b.accuracy || b.total - a.total || a.concept.localeCompare(b.concept, 'zh-TW'),
    )
    .map(({ concept, correct, total, accuracy, cardCount, dueCount }) => ({
      concept,
      correct,
      total,
      accuracy,
      cardCount,
      dueCount,
    }));
}

/** The progress page: scores over time per material, accuracy per concept, study days. */
export async function getProgress(
  d: { db: Db; clock: Clock },
  learner: Learner,
  utcOffset: number,
) {
  const userId = learner.id;
  const now = d.clock.now();
  const window = today(now, utcOffset);
  const rows = await d.db
    .selectFrom('quiz_attempts')
    .innerJoin('quizzes', 'quizzes.id', 'quiz_attempts.quiz_id')
    .innerJoin('materials', 'materials.id', 'quizzes.material_id')
    .select([
      'quiz_attempts.id as attemptId',
      'quiz_attempts.quiz_id as quizId',
      'quizzes.title as quizTitle',
      'materials.id as materialId',
      'materials.title as materialTitle',
      'quiz_attempts.score as score',
      'quiz_attempts.submitted_at as submittedAt',
    ])
    .where('quiz_attempts.user_id', '=', userId)
    .where('quiz_attempts.status', '=', 'submitted')
    // Unscored practice of a paper without key (issue 17) has no score to draw.
    .where('quiz_attempts.score', 'is not', null)
    .orderBy('quiz_attempts.submitted_at', 'desc')
    .orderBy('quiz_attempts.id', 'desc')
    .execute();
  const premium = isPremium(learner);
  const concepts = premium
    ? await conceptAccuracy(d.db, userId, window.dueBefore.toISOString())
    : [];
  const streak = await studyStreak(d.db, userId, now, utcOffset);
  const days = await studyDaysSince(
    d.db,
    userId,
    addDays(window.day, -(STUDY_DAYS_LISTED - 1)),
    now,
    utcOffset,
  );
  const reviews = await reviewAnswers(d.db, userId, '');
  const cards = await d.db
    .selectFrom('review_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    materials: groupAttempts(rows, utcOffset),
    concepts,
    premium,
    conceptsLocked: !premium,
    streakDays: streak.streakDays,
    studiedToday: streak.studiedToday,
    studyDays: [...days].sort(),
    totals: { attempts: rows.length, reviews: reviews.total, cards: Number(cards.n) },
  };
}
