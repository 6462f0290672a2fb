import { db } from '../../../db';
import { dropQueuedProgress, enqueue, enqueueProgress } from '../../../db/outbox';
import { newId } from '../../../lib/ids';
import { requestFlush } from '../../../lib/offline/sync-engine';
import { quizPath } from './paths';

/**
 * A quiz's submission and progress kept for later: each is queued exactly as it will be sent,
 * then a flush is asked for (which does nothing while offline).
 */

const quizUrl = (quizId: string, rest: string) => `${quizPath(quizId)}${rest}`;

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
