import { recordAnswerResult } from '../../../db/review-store';
import type { OutboxKinds } from '../../../lib/offline/outbox-kinds';

/** The server's result replaces the "will sync" one; the card gets the server's due date. */
const keepResult = {
  store: (item, data) => recordAnswerResult(item.userId, data),
} satisfies OutboxKinds['review-answer'];

/** Review answers and the learner's own ratings, kept for later and delivered in order. */
export const reviewOutboxKinds: OutboxKinds = {
  'review-answer': keepResult,
  'review-rating': keepResult,
};
