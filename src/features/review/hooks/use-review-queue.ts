import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readQueue, type StoredQueue } from '../../../db/review-store';
import { currentUserId } from '../../../stores/auth-store';
import { getDue, getNextDue, parseCard } from '../api/get-due';
import { localDayEnd } from '../api/paths';
import type { ReviewCard } from '../api/types';

export type NetworkState =
  | { status: 'loading' }
  | { status: 'done'; dayEnd: string; nextDue: string | null }
  | { status: 'error'; error: unknown };

export interface ReviewQueue {
  /** False until both the device copy was read and the network answered (or failed). */
  ready: boolean;
  cards: ReviewCard[];
  /** The device had a copy of this queue (a due list, or this concept's list, was stored). */
  stored: boolean;
  network: NetworkState;
  /** The soonest due date after today, when known. */
  nextDue: string | null;
  reload(): void;
}

/**
 * Today's review queue (or a concept's cards): the device copy at once, refreshed from the
 * network, which writes through to the device; the live query re-renders. Offline the device
 * copy is the queue. Cards answered on this device and not synced are not in it.
 */
export function useReviewQueue(userId: string, concept: string | undefined): ReviewQueue {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${concept ?? ''}#${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; state: NetworkState } | null>(null);
  // A new filter or a retry is loading until its own answer arrives.
  const network: NetworkState =
    answer && answer.key === requestKey ? answer.state : { status: 'loading' };
  const fallbackDayEnd = useMemo(() => localDayEnd(), []);
  const dayEnd = network.status === 'done' ? network.dayEnd : fallbackDayEnd;

  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: NetworkState) => {
      if (!controller.signal.aborted) setAnswer({ key: requestKey, state });
    };
    (async () => {
      try {
        const list = await getDue(concept === undefined ? {} : { concept }, controller.signal);
        let nextDue: string | null = null;
        if (concept === undefined && list.count === 0 && list.total > 0) {
          nextDue = await getNextDue(list.dayEnd, controller.signal).catch(() => null);
        }
        settle({ status: 'done', dayEnd: list.dayEnd, nextDue });
      } catch (error) {
        settle({ status: 'error', error });
      }
    })();
    return () => controller.abort();
  }, [concept, requestKey]);

  const queue = useLiveQuery<StoredQueue | undefined>(
    () => (currentUserId() === userId ? readQueue(userId, { dayEnd, concept }) : undefined),
    [userId, dayEnd, concept],
  );

  const cards = useMemo(() => (queue?.rows ?? []).flatMap((r) => parseCard(r.data) ?? []), [queue]);
  const stored = concept === undefined ? Boolean(queue?.fetched) : cards.length > 0;
  // The network's word first; a remembered date may be past by now: only one after today counts.
  const nextDue =
    [
      network.status === 'done' ? network.nextDue : null,
      queue?.meta?.nextDue,
      queue?.nextStoredDue,
    ].filter((d): d is string => typeof d === 'string' && d >= dayEnd)[0] ?? null;

  return {
    ready: queue !== undefined && network.status !== 'loading',
    cards,
    stored,
    network,
    nextDue,
    reload: () => setAttempt((n) => n + 1),
  };
}
