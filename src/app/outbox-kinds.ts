import { materialOutboxKinds } from '../features/materials/api/outbox-kinds';
import { quizOutboxKinds } from '../features/quiz/api/outbox-kinds';
import { reviewOutboxKinds } from '../features/review/api/outbox-kinds';
import { registerOutboxKinds } from '../lib/offline/outbox-kinds';

/**
 * Each feature says how its queued requests are sent, kept and announced; the app hands them
 * to the outbox once, before anything is sent (the flashcards' marks need none of the three).
 */
export function registerFeatureOutboxKinds(): void {
  registerOutboxKinds({ ...materialOutboxKinds, ...quizOutboxKinds, ...reviewOutboxKinds });
}
