import { db, type ApiRecord } from '../../../db';
import { enqueue } from '../../../db/outbox';
import { recordQueuedAnswer } from '../../../db/review-store';
import { newId } from '../../../lib/ids';
import { requestFlush } from '../../../lib/offline/sync-engine';

export interface QueuedReviewAnswer {
  cardId: string;
  /** Made by the client once per answer: the server reviews an id once (docs/api/review.md). */
  clientReviewId: string;
  answer: ApiRecord;
  /** How the answer reads, shown as "will sync" until the server's result replaces it. */
  answerText: string;
  elapsedMs?: number;
  firstTry: boolean;
  answeredAt: number;
  subject: { quizId?: string; materialId?: string; title?: string; description?: string };
}

/**
 * Keeps a review answer for later (POST /review/{cardId}/answer with its clientReviewId and
 * when it was answered). The card leaves today's queue in the same transaction; its next due
 * date is the server's to decide once the answer arrives.
 */
export async function queueReviewAnswer(userId: string, r: QueuedReviewAnswer): Promise<void> {
  await db.transaction(
    'rw',
    [db.outbox, db.outboxFiles, db.reviewAnswers, db.reviewCards],
    async () => {
      await enqueue({
        id: newId(),
        userId,
        kind: 'review-answer',
        method: 'POST',
        url: `/api/v1/review/${encodeURIComponent(r.cardId)}/answer`,
        body: {
          clientReviewId: r.clientReviewId,
          answer: r.answer,
          ...(r.elapsedMs === undefined ? {} : { elapsedMs: r.elapsedMs }),
          firstTry: r.firstTry,
          answeredAt: new Date(r.answeredAt).toISOString(),
        },
        clientRequestId: r.clientReviewId,
        subject: r.subject,
      });
      await recordQueuedAnswer({
        userId,
        clientReviewId: r.clientReviewId,
        cardId: r.cardId,
        answer: r.answer,
        answerText: r.answerText,
        answeredAt: r.answeredAt,
      });
    },
  );
  void requestFlush('enqueue');
}

/**
 * Keeps the learner's own rating of a review answer for later (POST /review/{cardId}/rate). It
 * goes after the answer it rates (the outbox sends in order); a newer rating of the same answer
 * replaces one still waiting.
 */
export async function queueReviewRating(
  userId: string,
  r: {
    cardId: string;
    clientReviewId: string;
    rating: string;
    subject: QueuedReviewAnswer['subject'];
  },
): Promise<void> {
  await db.transaction('rw', [db.outbox], async () => {
    await db.outbox
      .where('[userId+kind]')
      .equals([userId, 'review-rating'])
      .filter((row) => row.status === 'queued' && row.body?.clientReviewId === r.clientReviewId)
      .delete();
    await db.outbox.add({
      id: newId(),
      userId,
      kind: 'review-rating',
      method: 'POST',
      url: `/api/v1/review/${encodeURIComponent(r.cardId)}/rate`,
      body: { clientReviewId: r.clientReviewId, rating: r.rating },
      clientRequestId: newId(),
      subject: r.subject,
      attempts: 0,
      nextAttemptAt: Date.now(),
      lastError: null,
      status: 'queued',
      createdAt: Date.now(),
    });
  });
  void requestFlush('enqueue');
}
