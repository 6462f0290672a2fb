import { z } from 'zod/mini';
import { saveDueCards, saveNextDue } from '../../../db/review-store';
import { api } from '../../../lib/api-client';
import { currentUserId } from '../../../stores/auth-store';
import { REVIEW_PATH, utcOffset } from './paths';
import type { ClientQuestion, DueList, ReviewCard } from './types';
import { answerRecord } from '../../../lib/api-answer';

/** The most cards one due list brings (the API's cap): the offline copy holds that many. */
export const DUE_LIMIT = 200;
const NEXT_DUE_LOOKAHEAD = 20;

const cardSchema = z.looseObject({
  cardId: z.string(),
  quizId: z.catch(z.string(), ''),
  materialId: z.catch(z.string(), ''),
  materialTitle: z.catch(z.string(), ''),
  quizTitle: z.catch(z.string(), ''),
  language: z.catch(z.string(), 'zh-TW'),
  question: z.looseObject({ id: z.string(), type: z.string(), question: z.string() }),
  due: z.string(),
  state: z.catch(z.enum(['new', 'learning', 'review', 'relearning']), 'new'),
  reps: z.catch(z.number(), 0),
  lapses: z.catch(z.number(), 0),
  lastReview: z.catch(z.nullable(z.string()), null),
});

const listSchema = z.looseObject({
  count: z.catch(z.number(), 0),
  total: z.catch(z.number(), 0),
  today: z.catch(z.string(), ''),
  dayEnd: z.string(),
  cards: z.catch(z.array(z.unknown()), []),
});

/** A stored or received card, read leniently: one that does not parse is skipped. */
export function parseCard(raw: unknown): ReviewCard | null {
  const parsed = cardSchema.safeParse(raw);
  if (!parsed.success) return null;
  const c = parsed.data;
  const q = c.question as unknown as ClientQuestion;
  return {
    ...(c as unknown as ReviewCard),
    question: { ...q, questionId: q.questionId ?? q.id },
  };
}

export interface DueQuery {
  /** Only cards of this related concept, due or not (premium; "review this concept"). */
  concept?: string;
  /** `all`: every card of the filter, soonest first (used for the next due date). */
  scope?: 'due' | 'all';
  limit?: number;
}

const queryString = (q: DueQuery) => {
  const params = new URLSearchParams({ utcOffset: String(utcOffset()) });
  if (q.concept !== undefined) params.set('concept', q.concept);
  params.set('scope', q.scope ?? (q.concept !== undefined ? 'all' : 'due'));
  params.set('limit', String(q.limit ?? DUE_LIMIT));
  return params.toString();
};

/**
 * GET /review/due: today's cards (or a concept's), each with its question and never the key.
 * Written through to the device so review works offline. Throws ApiError 402 PREMIUM_REQUIRED
 * for a concept filter on a free account; a TypeError with no network.
 */
export async function getDue(query: DueQuery = {}, signal?: AbortSignal): Promise<DueList> {
  const startedAt = Date.now();
  const raw = answerRecord(await api(`${REVIEW_PATH}/due?${queryString(query)}`, { signal }));
  const list = listSchema.parse(raw);
  const cards = list.cards.flatMap((c) => parseCard(c) ?? []);
  const userId = currentUserId();
  // A concept's list, or today's whole queue; `all` without a concept is only read.
  const keep = query.concept !== undefined || (query.scope ?? 'due') === 'due';
  if (userId !== null && keep) {
    await saveDueCards(
      userId,
      cards.map((c) => ({
        cardId: c.cardId,
        due: c.due,
        data: c as unknown as Record<string, unknown>,
      })),
      {
        startedAt,
        dayEnd: list.dayEnd,
        concept: query.concept,
        count: list.count,
        total: list.total,
      },
    );
  }
  return { count: list.count, total: list.total, today: list.today, dayEnd: list.dayEnd, cards };
}

/**
 * The soonest due date after today (the first card of scope `all` that is not due today), or
 * null when the learner has no such card. Remembered for the empty screen offline.
 */
export async function getNextDue(dayEnd: string, signal?: AbortSignal): Promise<string | null> {
  // Cards answered on this device but not synced yet may still be due for the server: skip them.
  const list = await getDue({ scope: 'all', limit: NEXT_DUE_LOOKAHEAD }, signal);
  const next = list.cards.map((c) => c.due).find((due) => due >= dayEnd) ?? null;
  const userId = currentUserId();
  if (userId !== null) await saveNextDue(userId, next);
  return next;
}
