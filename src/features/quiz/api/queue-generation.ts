import type { ApiRecord } from '../../../db';
import { enqueue } from '../../../db/outbox';
import { newId } from '../../../lib/ids';
import { requestFlush } from '../../../lib/offline/sync-engine';

/** Where a quiz generation is asked for (the settings screen's request, as it is sent). */
export const GENERATE_URL = '/api/v1/quiz/generate';

export interface QueuedGeneration {
  /** The POST /quiz/generate body, with its materialId and generationId. */
  body: ApiRecord & { materialId: string; generationId: string; title?: string };
  /** Shown on the pending card and in the outbox panel. */
  materialName: string;
}

/**
 * Keeps a quiz generation asked for without a network. It goes to the end of the outbox, so
 * it is sent after everything queued before it (an upload included), in order. Its
 * Idempotency-Key is the generation id — the one the settings screen's own try used, if there
 * was one — so a try whose answer was lost gets the quiz it made, not a second quiz and a
 * second free quiz spent (docs/decisions/0013).
 */
export async function queueGeneration(userId: string, g: QueuedGeneration): Promise<void> {
  await enqueue({
    id: newId(),
    userId,
    kind: 'quiz-generate',
    method: 'POST',
    url: GENERATE_URL,
    body: g.body,
    clientRequestId: g.body.generationId,
    subject: {
      materialId: g.body.materialId,
      title: g.body.title || g.materialName,
      materialName: g.materialName,
    },
  });
  void requestFlush('enqueue');
}
