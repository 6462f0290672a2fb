import { db, type ApiRecord, type ReviewAnswerRow, type ReviewCardRow } from './index';
import { quietly, reportStorageError } from './storage-status';
import { conceptKey } from '../../api/rules/concept-key';

/**
 * Review cards and review answers on the device (issue 8, docs/decisions/0017). The server
 * keeps the schedule: a card's `due` here is only ever what the server said. A card answered
 * offline leaves today's queue (`pendingReviewId`) until the server's answer replaces it.
 */

const DUE_FETCHED = 'review-due-fetched';
/** Answers the server has confirmed are kept this long (the session summary reads them). */
const KEEP_DONE_MS = 3 * 24 * 60 * 60 * 1000;

/** A related concept compared the way the server does (the same function). */
export { conceptKey };

export interface DueCardRecord {
  cardId: string;
  due: string;
  data: ApiRecord;
}

export interface DueListFacts {
  /** When the request left (ms): rows written after it are newer than its answer. */
  startedAt: number;
  /** The end of the learner's today as the server computed it (ISO). */
  dayEnd: string;
  /** The concept filter of the request (scope `all`), if any. */
  concept?: string;
  count: number;
  total: number;
}

/** What the last due list said (null before one was stored: "nothing stored" ≠ "none due"). */
export interface DueMeta {
  count: number;
  total: number;
  dayEnd: string;
  at: number;
  /** The soonest due date after today, when the server told it (empty queue). */
  nextDue?: string | null;
}

async function queuedReviewIds(userId: string): Promise<Set<string>> {
  const rows = await db.outbox.where('[userId+kind]').equals([userId, 'review-answer']).toArray();
  return new Set(rows.map((r) => r.clientRequestId));
}

/**
 * Stores a due list (GET /review/due). Without a concept the answer is today's whole queue: a
 * due card missing from it was answered elsewhere (or deleted) and goes, unless it was written
 * after the request left or an answer to it still waits in the outbox. With a concept, cards
 * missing from the answer only lose that concept's tag.
 */
export function saveDueCards(userId: string, cards: DueCardRecord[], facts: DueListFacts) {
  return quietly(() =>
    db.transaction('rw', [db.reviewCards, db.reviewAnswers, db.outbox, db.meta], async () => {
      const now = Date.now();
      const pending = await queuedReviewIds(userId);
      const tag = facts.concept === undefined ? null : conceptKey(facts.concept);
      const listed = new Set(cards.map((c) => c.cardId));
      const old = await db.reviewCards.where('userId').equals(userId).toArray();
      const byId = new Map(old.map((r) => [r.cardId, r]));
      const stillPending = (r: ReviewCardRow | undefined) =>
        r?.pendingReviewId && pending.has(r.pendingReviewId) ? r.pendingReviewId : null;

      for (const r of old) {
        if (listed.has(r.cardId) || r.fetchedAt >= facts.startedAt) continue;
        if (tag === null) {
          if (r.due < facts.dayEnd && !stillPending(r)) {
            await db.reviewCards.delete([userId, r.cardId]);
          }
        } else if (r.concepts.includes(tag)) {
          await db.reviewCards.put({ ...r, concepts: r.concepts.filter((c) => c !== tag) });
        }
      }
      await db.reviewCards.bulkPut(
        cards.map((c): ReviewCardRow => {
          const prev = byId.get(c.cardId);
          const concepts = new Set(prev?.concepts ?? []);
          if (tag !== null) concepts.add(tag);
          return {
            userId,
            cardId: c.cardId,
            due: c.due,
            data: c.data,
            concepts: [...concepts],
            pendingReviewId: stillPending(prev),
            fetchedAt: now,
          };
        }),
      );
      if (tag === null) {
        const prev = (await db.meta.get([userId, DUE_FETCHED]))?.value as DueMeta | undefined;
        const meta: DueMeta = {
          count: facts.count,
          total: facts.total,
          dayEnd: facts.dayEnd,
          at: now,
          nextDue: prev?.nextDue ?? null,
        };
        await db.meta.put({ userId, key: DUE_FETCHED, value: meta });
      }
      // Confirmed answers older than a few days are no session's summary any more.
      await db.reviewAnswers
        .where('userId')
        .equals(userId)
        .filter((a) => a.status === 'done' && a.answeredAt < now - KEEP_DONE_MS)
        .delete();
    }),
  );
}

/** Remembers the soonest due date after today (for the "nothing due" screen offline). */
export function saveNextDue(userId: string, nextDue: string | null) {
  return quietly(() =>
    db.transaction('rw', db.meta, async () => {
      const row = await db.meta.get([userId, DUE_FETCHED]);
      if (!row) return;
      await db.meta.put({ ...row, value: { ...(row.value as DueMeta), nextDue } });
    }),
  );
}

export interface StoredQueue {
  /** False until a due list was stored. */
  fetched: boolean;
  meta: DueMeta | null;
  /** The cards to review, soonest due first; answered-offline cards left out. */
  rows: ReviewCardRow[];
  /** The soonest due date among the stored cards not in `rows` because they are not due yet. */
  nextStoredDue: string | null;
}

/**
 * Today's queue as stored: cards due before `dayEnd` (with a concept: every card listed under
 * it), minus those answered on this device and not synced yet.
 */
export async function readQueue(
  userId: string,
  opts: { dayEnd: string; concept?: string },
): Promise<StoredQueue> {
  try {
    const [all, meta] = await Promise.all([
      db.reviewCards.where('userId').equals(userId).toArray(),
      db.meta.get([userId, DUE_FETCHED]),
    ]);
    const tag = opts.concept === undefined ? null : conceptKey(opts.concept);
    const open = all.filter((r) => !r.pendingReviewId);
    const rows = open
      .filter((r) => (tag === null ? r.due < opts.dayEnd : r.concepts.includes(tag)))
      .sort((a, b) =>
        a.due < b.due
          ? -1
          : a.due > b.due
            ? 1
            : a.cardId < b.cardId
              ? -1
              : a.cardId > b.cardId
                ? 1
                : 0,
      );
    const later = open.filter((r) => r.due >= opts.dayEnd).map((r) => r.due);
    later.sort();
    return {
      fetched: Boolean(meta),
      meta: (meta?.value as DueMeta | undefined) ?? null,
      rows,
      nextStoredDue: later[0] ?? null,
    };
  } catch (err) {
    reportStorageError(err);
    return { fetched: false, meta: null, rows: [], nextStoredDue: null };
  }
}

/** How many cards are due before `dayEnd` and not answered on this device yet. */
export async function countDue(userId: string, dayEnd: string): Promise<number | null> {
  try {
    const meta = await db.meta.get([userId, DUE_FETCHED]);
    if (!meta) return null;
    return await db.reviewCards
      .where('userId')
      .equals(userId)
      .filter((r) => !r.pendingReviewId && r.due < dayEnd)
      .count();
  } catch (err) {
    reportStorageError(err);
    return null;
  }
}

/** An answer given offline: kept for the summary, and its card leaves today's queue. */
export async function recordQueuedAnswer(
  row: Omit<ReviewAnswerRow, 'status' | 'result'>,
): Promise<void> {
  await db.transaction('rw', [db.reviewAnswers, db.reviewCards], async () => {
    await db.reviewAnswers.put({ ...row, status: 'queued', result: null });
    await db.reviewCards.update([row.userId, row.cardId], { pendingReviewId: row.clientReviewId });
  });
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The server's answer to a review (POST /review/{cardId}/answer → data): the answer row gets
 * the result, the card its new due date and state, and it is back in the queue if that date
 * is still today. Used for direct answers and for outbox deliveries alike.
 */
export async function recordAnswerResult(
  userId: string,
  result: ApiRecord,
  given?: Omit<ReviewAnswerRow, 'status' | 'result' | 'userId'>,
): Promise<void> {
  const clientReviewId = text(result.clientReviewId) || given?.clientReviewId || '';
  const cardId = text(result.cardId) || given?.cardId || '';
  if (!clientReviewId || !cardId) return;
  await db.transaction('rw', [db.reviewAnswers, db.reviewCards], async () => {
    const old = await db.reviewAnswers.get([userId, clientReviewId]);
    const base = old ?? (given ? { ...given, userId } : null);
    if (base) {
      await db.reviewAnswers.put({ ...base, userId, status: 'done', result });
    }
    const card = await db.reviewCards.get([userId, cardId]);
    if (!card) return;
    const nextDue = text(result.nextDue) || card.due;
    const stats = result.card && typeof result.card === 'object' ? (result.card as ApiRecord) : {};
    await db.reviewCards.put({
      ...card,
      due: nextDue,
      data: {
        ...card.data,
        due: nextDue,
        ...(typeof stats.state === 'string' ? { state: stats.state } : {}),
        ...(typeof stats.reps === 'number' ? { reps: stats.reps } : {}),
        ...(typeof stats.lapses === 'number' ? { lapses: stats.lapses } : {}),
        ...(typeof stats.lastReview === 'string' ? { lastReview: stats.lastReview } : {}),
        // Reviewed since the list came: its exact FSRS state is not known until the next list
        // (the rating buttons then show no intervals rather than wrong ones).
        fsrs: undefined,
      },
      pendingReviewId: card.pendingReviewId === clientReviewId ? null : card.pendingReviewId,
      fetchedAt: Date.now(),
    });
  });
}

/** The answers of a review session, by clientReviewId. */
export async function readAnswers(
  userId: string,
  clientReviewIds: readonly string[],
): Promise<Map<string, ReviewAnswerRow>> {
  try {
    const rows = await db.reviewAnswers.bulkGet(
      clientReviewIds.map((id) => [userId, id] as [string, string]),
    );
    return new Map(rows.flatMap((r) => (r ? [[r.clientReviewId, r] as const] : [])));
  } catch (err) {
    reportStorageError(err);
    return new Map();
  }
}

/** A card the server no longer has (404): it leaves the device. */
export function forgetCard(userId: string, cardId: string) {
  return quietly(() => db.reviewCards.delete([userId, cardId]));
}
