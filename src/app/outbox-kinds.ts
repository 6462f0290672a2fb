import { materialOutboxKinds } from '../features/materials/api/outbox-kinds';
import { quizOutboxKinds } from '../features/quiz/api/outbox-kinds';
import { reviewOutboxKinds } from '../features/review/api/outbox-kinds';
import { registerOutboxKinds, type OutboxKinds } from '../lib/offline/outbox-kinds';

/** Every feature's handlers (src/boot.tsx imports this module when the outbox first delivers). */
export const featureOutboxKinds: OutboxKinds = {
  ...materialOutboxKinds,
  ...quizOutboxKinds,
  ...reviewOutboxKinds,
};

/**
 * Each feature says how its queued requests are sent, kept and announced; they reach the outbox
 * before anything is sent (the flashcards' marks need none of the three). The app loads them
 * lazily (src/boot.tsx); this registers them at once.
 */
export function registerFeatureOutboxKinds(): void {
  registerOutboxKinds(featureOutboxKinds);
}
