import { db, type ApiRecord } from '../../db';
import { dropQueuedProgress, enqueue, enqueueProgress, queuedBytes } from '../../db/outbox';
import { recordQueuedAnswer } from '../../db/review-store';
import { isQuotaError } from '../../db/storage-status';
import { newId } from '../ids';
import { fitsOnDevice, UPLOAD_QUEUE_CAP_BYTES, type FitVerdict } from './quota';
import { requestFlush } from './sync-engine';

/**
 * What features call to keep a mutation for later. Each queues the request exactly as it will
 * be sent, then asks for a flush (which does nothing while offline).
 */

const QUIZ_API = '/api/v1/quiz';
const quizUrl = (quizId: string, rest: string) =>
  `${QUIZ_API}/${encodeURIComponent(quizId)}${rest}`;

export interface QueuedSubmission {
  quizId: string;
  materialId: string;
  title: string;
  answers: unknown[];
  /** The attempt's id: the same on every retry, so the server scores it once. */
  clientSubmissionId: string;
}

/**
 * Keeps a quiz submission for later. The attempt in progress and any queued progress of the
 * quiz go in the same transaction: the outbox now holds the answers.
 */
export async function queueQuizSubmission(userId: string, s: QueuedSubmission): Promise<void> {
  await db.transaction('rw', [db.outbox, db.outboxFiles, db.attempts], async () => {
    await dropQueuedProgress(userId, s.quizId);
    await db.attempts.delete([userId, s.quizId]);
    await enqueue({
      id: newId(),
      userId,
      kind: 'quiz-submit',
      method: 'POST',
      url: quizUrl(s.quizId, '/submit'),
      body: { answers: s.answers, clientSubmissionId: s.clientSubmissionId },
      clientRequestId: s.clientSubmissionId,
      subject: { quizId: s.quizId, materialId: s.materialId, title: s.title },
    });
  });
  void requestFlush('enqueue');
}

/** Keeps the latest progress of a quiz for the server (it replaces an older queued one). */
export async function queueProgress(
  userId: string,
  p: {
    quizId: string;
    materialId: string;
    title: string;
    answers: unknown[];
    currentIndex: number;
  },
): Promise<void> {
  await enqueueProgress({
    id: newId(),
    userId,
    kind: 'quiz-progress',
    method: 'PUT',
    url: quizUrl(p.quizId, '/progress'),
    body: { answers: p.answers, currentIndex: p.currentIndex },
    clientRequestId: newId(),
    subject: { quizId: p.quizId, materialId: p.materialId, title: p.title },
  });
}

/** A submit that went through: progress queued before it must not reopen the attempt. */
export function submitted(userId: string, quizId: string): Promise<void> {
  return dropQueuedProgress(userId, quizId).catch(() => undefined);
}

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

/** Why files could not be kept for a later upload. */
export class OfflineStorageError extends Error {
  constructor(readonly reason: Exclude<FitVerdict, 'ok'>) {
    super(`Cannot keep the files offline: ${reason}`);
    this.name = 'OfflineStorageError';
  }
}

/**
 * Keeps an upload (its files as Blobs) for later. Throws OfflineStorageError 'cap' when the
 * files queued on this device would pass the cap, 'quota' when the browser has no room.
 */
export async function queueUpload(
  userId: string,
  u: { title: string; description: string; files: File[]; idempotencyKey?: string },
): Promise<void> {
  const bytes = u.files.reduce((n, f) => n + f.size, 0);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const verdict = fitsOnDevice(bytes, await queuedBytes(), estimate, UPLOAD_QUEUE_CAP_BYTES);
  if (verdict !== 'ok') throw new OfflineStorageError(verdict);
  const body: ApiRecord = { title: u.title, description: u.description };
  try {
    await enqueue(
      {
        id: newId(),
        userId,
        kind: 'material-upload',
        method: 'POST',
        url: '/api/v1/materials/upload',
        body,
        // The online try's key, when it was cut off: should the server have stored it, the
        // delivery gets that material instead of making a second one.
        clientRequestId: u.idempotencyKey ?? newId(),
        subject: {
          title: u.title,
          description: u.description,
          fileNames: u.files.map((f) => f.name),
          bytes,
        },
      },
      u.files.map((f) => ({ name: f.name, type: f.type, lastModified: f.lastModified, blob: f })),
    );
  } catch (err) {
    if (isQuotaError(err)) throw new OfflineStorageError('quota');
    throw err;
  }
  void requestFlush('enqueue');
}
