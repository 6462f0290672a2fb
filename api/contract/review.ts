import { z } from 'zod';
import { answerDetail, clientQuestion } from './quiz.js';

/** GET/PUT /review/reminders: the daily reminder e-mail. */
export const reminderSettings = z.strictObject({
  enabled: z.boolean(),
  hour: z.number().meta({ description: "The learner's hour (0–23) of the e-mail." }),
  utcOffset: z.number().meta({ description: 'Minutes east of UTC.' }),
});
export type ReminderSettings = z.output<typeof reminderSettings>;

/** GET /review/stats: the review page's numbers. */
export const reviewStats = z
  .strictObject({
    today: z.string().meta({ description: "The learner's day (YYYY-MM-DD)." }),
    dueToday: z.number(),
    dueThisWeek: z.number(),
    reviewedToday: z.number(),
    correctToday: z.number(),
    totalCards: z.number(),
    streakDays: z.number(),
    studiedToday: z.boolean(),
    retention: z.number().nullable().meta({ description: '30-day share right (0–1); null: none.' }),
    retentionSample: z.number(),
  })
  .meta({ id: 'ReviewStats' });
export type ReviewStats = z.output<typeof reviewStats>;

export const cardState = z.enum(['new', 'learning', 'review', 'relearning']);

/** One card of GET /review/due: its question as served for taking (never the key). */
export const dueCard = z
  .strictObject({
    cardId: z.string(),
    quizId: z.string(),
    materialId: z.string(),
    materialTitle: z.string(),
    quizTitle: z.string(),
    language: z.string(),
    question: clientQuestion,
    due: z.string(),
    isDue: z.boolean(),
    state: cardState,
    reps: z.number(),
    lapses: z.number(),
    lastReview: z.string().nullable(),
    fsrs: z
      .strictObject({
        stability: z.number(),
        difficulty: z.number(),
        elapsedDays: z.number(),
        scheduledDays: z.number(),
        learningSteps: z.number(),
      })
      .meta({ description: 'The exact scheduling state, to preview ratings offline.' }),
  })
  .meta({ id: 'DueCard' });
export type DueCard = z.output<typeof dueCard>;

/** GET /review/due. */
export const dueList = z
  .strictObject({
    count: z.number().meta({ description: 'Cards due today.' }),
    total: z.number().meta({ description: "All the learner's cards (of the concept)." }),
    today: z.string(),
    dayEnd: z.string(),
    cards: z.array(dueCard),
  })
  .meta({ id: 'DueList' });
export type DueList = z.output<typeof dueList>;

export const rating = z.enum(['again', 'hard', 'good', 'easy']);

/** A card's scheduling state after a review (api/review/scheduler.ts presentCardStats). */
export const cardStats = z.strictObject({
  state: cardState,
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number(),
  lapses: z.number(),
  scheduledDays: z.number(),
  lastReview: z.string().nullable(),
});

/** POST /review/{cardId}/answer and /rate: the scored answer and the card's next review. */
export const reviewResult = z
  .strictObject({
    cardId: z.string(),
    reviewId: z.string(),
    clientReviewId: z.string().nullable(),
    correct: z.boolean(),
    rating,
    userAnswer: z.string(),
    correctAnswer: z.string(),
    detail: answerDetail.meta({ description: 'Premium parts withheld for a free account.' }),
    premium: z.boolean(),
    locked: z.boolean(),
    reviewedAt: z.string(),
    nextDue: z.string(),
    card: cardStats,
    replayed: z.boolean().meta({ description: 'A retry of a review already recorded.' }),
  })
  .meta({ id: 'ReviewResult' });
export type ReviewResult = z.output<typeof reviewResult>;

/** POST /review/flashcards/still-learning: the card reviewed with Again. */
export const stillLearningResult = z
  .strictObject({
    cardId: z.string(),
    clientReviewId: z.string().nullable(),
    quizId: z.string(),
    questionId: z.string(),
    rating: z.literal('again'),
    reviewedAt: z.string(),
    nextDue: z.string(),
    card: cardStats,
    replayed: z.boolean(),
  })
  .meta({ id: 'StillLearningResult' });
export type StillLearningResult = z.output<typeof stillLearningResult>;

/** GET /progress: scores over time per material, accuracy per concept, study days. */
export const progress = z
  .strictObject({
    materials: z.array(
      z.strictObject({
        materialId: z.string(),
        title: z.string(),
        attempts: z.array(
          z.strictObject({
            attemptId: z.string(),
            quizId: z.string(),
            quizTitle: z.string(),
            score: z.number(),
            submittedAt: z.string(),
            day: z.string(),
          }),
        ),
      }),
    ),
    concepts: z
      .array(
        z.strictObject({
          concept: z.string(),
          correct: z.number(),
          total: z.number(),
          accuracy: z.number(),
          cardCount: z.number(),
          dueCount: z.number(),
        }),
      )
      .meta({ description: 'Weakest first; empty for a free account.' }),
    premium: z.boolean(),
    conceptsLocked: z.boolean(),
    streakDays: z.number(),
    studiedToday: z.boolean(),
    studyDays: z.array(z.string()),
    totals: z.strictObject({ attempts: z.number(), reviews: z.number(), cards: z.number() }),
  })
  .meta({ id: 'Progress' });
export type Progress = z.output<typeof progress>;
