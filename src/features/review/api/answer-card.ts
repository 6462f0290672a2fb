import { z } from 'zod/mini';
import { forgetCard, recordAnswerResult } from '../../../db/review-store';
import { api, ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { queueReviewAnswer } from './queue-review';
import { REVIEW_PATH } from './paths';
import type { ReviewCard, ReviewResult } from './types';
import { answerRecord } from '../../../lib/api-answer';

export const answerInputSchema = z.object({
  clientReviewId: z.string().check(z.minLength(1), z.maxLength(100)),
  answer: z.record(z.string(), z.unknown()),
  elapsedMs: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(86_400_000))),
  firstTry: z.boolean(),
  answeredAt: z.string(),
});

const resultSchema = z.looseObject({
  cardId: z.string(),
  clientReviewId: z.catch(z.string(), ''),
  correct: z.boolean(),
  rating: z.catch(z.enum(['again', 'hard', 'good', 'easy']), 'good'),
  userAnswer: z.catch(z.string(), ''),
  correctAnswer: z.catch(z.string(), ''),
  detail: z.catch(z.looseObject({}), {}),
  premium: z.catch(z.boolean(), false),
  locked: z.catch(z.boolean(), true),
  reviewedAt: z.catch(z.string(), ''),
  nextDue: z.catch(z.string(), ''),
  replayed: z.catch(z.boolean(), false),
});

/** A stored or received review result, or null when it does not read as one. */
export function parseResult(raw: unknown): ReviewResult | null {
  const parsed = resultSchema.safeParse(raw);
  return parsed.success ? (parsed.data as unknown as ReviewResult) : null;
}

/** One answer to a card, as the review page gives it. */
export interface GivenAnswer {
  clientReviewId: string;
  /** The SubmittedAnswer without questionId (the card names its question). */
  answer: Record<string, unknown>;
  /** How the answer reads, shown while it waits to sync. */
  answerText: string;
  elapsedMs?: number;
  firstTry: boolean;
  answeredAt: number;
}

export type AnswerOutcome =
  | { kind: 'result'; result: ReviewResult }
  /** Kept in the outbox: the server's result comes after sync. */
  | { kind: 'queued' }
  /** The card is gone on the server (its quiz was deleted). */
  | { kind: 'gone' };

/** Thrown when an offline answer could not be kept on the device (storage full or missing). */
export class ReviewStorageError extends Error {
  constructor(cause: unknown) {
    super('The review answer could not be kept on this device', { cause });
    this.name = 'ReviewStorageError';
  }
}

async function queue(userId: string, card: ReviewCard, given: GivenAnswer): Promise<AnswerOutcome> {
  try {
    await queueReviewAnswer(userId, {
      cardId: card.cardId,
      clientReviewId: given.clientReviewId,
      answer: given.answer,
      answerText: given.answerText,
      elapsedMs: given.elapsedMs,
      firstTry: given.firstTry,
      answeredAt: given.answeredAt,
      subject: {
        quizId: card.quizId,
        materialId: card.materialId,
        title: card.quizTitle || card.materialTitle,
        description: card.question.question,
      },
    });
  } catch (err) {
    throw new ReviewStorageError(err);
  }
  return { kind: 'queued' };
}

/**
 * POST /review/{cardId}/answer, idempotent by clientReviewId. With no network (or when the
 * request never gets an answer) the same request goes to the outbox with the same id and the
 * time it was answered; the card leaves today's queue until the server's result arrives.
 * Throws ApiError for a refusal other than 404, ReviewStorageError when it cannot be queued.
 */
export async function answerCard(
  userId: string,
  card: ReviewCard,
  given: GivenAnswer,
): Promise<AnswerOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return queue(userId, card, given);
  }
  const body = answerInputSchema.parse({
    clientReviewId: given.clientReviewId,
    answer: given.answer,
    ...(given.elapsedMs === undefined ? {} : { elapsedMs: given.elapsedMs }),
    firstTry: given.firstTry,
    answeredAt: new Date(given.answeredAt).toISOString(),
  });
  let data: Record<string, unknown>;
  try {
    data = answerRecord(
      await api(`${REVIEW_PATH}/${encodeURIComponent(card.cardId)}/answer`, {
        method: 'POST',
        body,
      }),
    );
  } catch (err) {
    if (isNetworkError(err)) return queue(userId, card, given);
    if (err instanceof ApiError && err.status === 404) {
      await forgetCard(userId, card.cardId);
      return { kind: 'gone' };
    }
    throw err;
  }
  const result = parseResult(data);
  if (!result) throw new ApiError(500, undefined, data);
  await recordAnswerResult(userId, data, {
    clientReviewId: given.clientReviewId,
    cardId: card.cardId,
    answer: given.answer,
    answerText: given.answerText,
    answeredAt: given.answeredAt,
  }).catch(() => undefined);
  return { kind: 'result', result };
}
