import { useState } from 'react';
import type { ReviewCard } from '../api/types';
import type { AnsweredCard } from '../lib/session';
import { useSyncedResults } from '../hooks/use-synced-results';
import { ReviewCardView } from './review-card-view';
import { ReviewEmpty } from './review-empty';
import { ReviewSummary } from './review-summary';

/**
 * One review session over the queue: the first card not answered yet is asked (and stays the
 * one asked while a refresh reorders the queue), its answer is revealed until "next"; when none
 * is left, the summary. A card answered here never comes back in the same session, even when
 * the server makes it due again today (a lapse comes back in 10 minutes): the summary offers
 * another round for those.
 */
export function ReviewSession({
  userId,
  cards,
  nextDue,
  concept,
}: {
  userId: string;
  cards: ReviewCard[];
  nextDue: string | null;
  concept: string | undefined;
}) {
  const [answered, setAnswered] = useState<AnsweredCard[]>([]);
  const [reveal, setReveal] = useState<AnsweredCard | null>(null);
  const [pinnedId, setPinnedId] = useState<string | null>(null);
  const synced = useSyncedResults(
    userId,
    answered.map((a) => a.clientReviewId),
  );

  const done = new Set(answered.map((a) => a.cardId));
  const remaining = cards.filter((c) => !done.has(c.cardId));
  const current = remaining.find((c) => c.cardId === pinnedId) ?? remaining[0] ?? null;
  const shown = reveal?.card ?? current;
  const total = answered.length + remaining.length;

  if (shown) {
    return (
      <ReviewCardView
        key={shown.cardId}
        userId={userId}
        card={shown}
        position={reveal ? answered.length : answered.length + 1}
        total={total}
        reveal={reveal}
        synced={synced}
        isLast={remaining.length === 0}
        onShown={setPinnedId}
        onAnswered={(entry) => {
          setAnswered((list) => [...list, entry]);
          setReveal(entry);
        }}
        onNext={() => setReveal(null)}
      />
    );
  }
  if (answered.length === 0) {
    return <ReviewEmpty nextDue={nextDue} concept={concept} />;
  }
  return (
    <ReviewSummary
      answered={answered}
      synced={synced}
      concept={concept}
      againCount={cards.filter((c) => done.has(c.cardId)).length}
      onAgain={() => {
        setAnswered([]);
        setPinnedId(null);
      }}
    />
  );
}
