import { recordAnswerResult } from '../../../db/review-store';
import { api } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { queueReviewRating } from './queue-review';
import type { RatingName } from '../lib/intervals';
import { parseResult } from './answer-card';
import { REVIEW_PATH } from './paths';
import type { ReviewCard, ReviewResult } from './types';
import { answerRecord } from '../../../lib/api-answer';

export type RatingOutcome = { kind: 'result'; result: ReviewResult } | { kind: 'queued' };

/**
 * POST /review/{cardId}/rate: the learner's own rating of the answer `clientReviewId`. When the
 * answer itself still waits in the outbox (`answerQueued`), or there is no network, the rating
 * is queued behind it and syncs like answers do. Throws ApiError when the server refuses it.
 */
export async function rateCard(
  userId: string,
  card: ReviewCard,
  clientReviewId: string,
  rating: RatingName,
  answerQueued: boolean,
): Promise<RatingOutcome> {
  const queue = async (): Promise<RatingOutcome> => {
    await queueReviewRating(userId, {
      cardId: card.cardId,
      clientReviewId,
      rating,
      subject: {
        quizId: card.quizId,
        materialId: card.materialId,
        title: card.quizTitle || card.materialTitle,
        description: card.question.question,
      },
    });
    return { kind: 'queued' };
  };
  if (answerQueued || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return queue();
  }
  let data: Record<string, unknown>;
  try {
    data = answerRecord(
      await api(`${REVIEW_PATH}/${encodeURIComponent(card.cardId)}/rate`, {
        method: 'POST',
        body: { clientReviewId, rating },
      }),
    );
  } catch (err) {
    if (isNetworkError(err)) return queue();
    throw err;
  }
  const result = parseResult(data);
  if (!result) throw new Error('Unexpected rating answer');
  await recordAnswerResult(userId, data).catch(() => undefined);
  return { kind: 'result', result };
}
