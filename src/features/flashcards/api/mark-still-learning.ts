import { enqueue } from '../../../db/outbox';
import { newId } from '../../../lib/ids';
import { requestFlush } from '../../../lib/offline/sync-engine';
import { STILL_LEARNING_PATH } from './paths';

export interface StillLearningMark {
  quizId: string;
  materialId: string;
  questionId: string;
  /** For the outbox panel: the quiz's title and the card's front. */
  title: string;
  front: string;
}

/**
 * "Still learning" on a quiz card: POST /review/flashcards/still-learning through the outbox,
 * like review answers (sent at once when online, kept in order when not). The clientReviewId
 * makes a resend apply once; the mark's time is when the learner made it.
 */
export async function markStillLearning(userId: string, m: StillLearningMark): Promise<void> {
  const clientReviewId = newId();
  await enqueue({
    id: newId(),
    userId,
    kind: 'flashcard-still-learning',
    method: 'POST',
    url: STILL_LEARNING_PATH,
    body: {
      clientReviewId,
      quizId: m.quizId,
      questionId: m.questionId,
      markedAt: new Date().toISOString(),
    },
    clientRequestId: clientReviewId,
    subject: { quizId: m.quizId, materialId: m.materialId, title: m.title, description: m.front },
  });
  void requestFlush('enqueue');
}
