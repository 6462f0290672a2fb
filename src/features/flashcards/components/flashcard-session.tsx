import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import type { Deck } from '../api/get-decks';
import { useDeckKeys } from '../hooks/use-deck-keys';
import type { Flashcard } from '../lib/cards';
import { deckReducer, pileCounts, startDeck, type Pile } from '../lib/deck';
import { FlashcardView } from './flashcard';

interface Props {
  deck: Deck;
  /** Quiz cards: "still learning" puts the question in Review (called once per card). */
  onStillLearning?: (card: Flashcard) => void;
}

/** One pass (or more) through a deck: the card, moving, the piles, shuffle and restart. */
export function FlashcardSession({ deck, onStillLearning }: Props) {
  const { t } = useTranslation('flashcards');
  const ids = useMemo(() => deck.cards.map((c) => c.id), [deck.cards]);
  const byId = useMemo(() => new Map(deck.cards.map((c) => [c.id, c])), [deck.cards]);
  const [state, dispatch] = useReducer(deckReducer, ids, startDeck);
  // Quiz cards put in Review this visit: each question once.
  const [sentToReview, setSentToReview] = useState<ReadonlySet<string>>(() => new Set());
  const cardRef = useRef<HTMLDivElement>(null);

  const card = byId.get(state.order[state.index] ?? '');
  const counts = pileCounts(state);
  const total = state.order.length;
  const position = { current: Math.min(state.index + 1, total), total };

  const flip = useCallback(() => dispatch({ type: 'flip' }), []);
  const prev = useCallback(() => dispatch({ type: 'prev' }), []);
  const next = useCallback(() => dispatch({ type: 'next' }), []);
  useDeckKeys({ prev, next, flip });

  // The face the learner lands on is read out: after a flip, a move or a mark.
  const announce =
    state.done || !card
      ? ''
      : t('card.announce', {
          face: t(state.flipped ? 'face.back' : 'face.front'),
          text: state.flipped ? card.back : card.front,
        });

  // The round's end takes the focus to its summary, so the keyboard goes on from there.
  const summaryRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.done) summaryRef.current?.focus();
  }, [state.done]);

  const mark = (pile: Pile) => {
    if (!card) return;
    if (pile === 'learning' && card.questionId && onStillLearning) {
      if (!sentToReview.has(card.id)) {
        setSentToReview(new Set(sentToReview).add(card.id));
        onStillLearning(card);
      }
    }
    dispatch({ type: 'mark', pile });
    // Focus stays on the card, ready for the next one.
    cardRef.current?.querySelector('button')?.focus();
  };

  const restart = (only: 'learning' | 'all') => {
    dispatch({ type: 'restart', only });
    requestAnimationFrame(() => cardRef.current?.querySelector('button')?.focus());
  };

  // Cards not marked "know it" are studied again; a card passed by without a mark is one of
  // them, and the summary says so apart from the "still learning" pile it does not count in.
  const learningLeft = state.order.filter((id) => state.piles[id] !== 'know').length;
  const unmarked = learningLeft - counts.learning;

  return (
    <section className="flash-session" aria-label={t('session.label')}>
      <div className="flash-session__bar">
        <p className="flash-session__counter" aria-hidden={state.done || undefined}>
          {state.done ? t('session.roundDone') : t('session.counter', position)}
          {state.round > 1 && (
            <span className="flash-session__round">
              {' '}
              · {t('session.round', { round: state.round })}
            </span>
          )}
        </p>
        <p className="flash-piles">
          <span className="flash-piles__pile flash-piles__pile--learning">
            {t('piles.learning')} <strong>{counts.learning}</strong>
          </span>
          <span className="flash-piles__pile flash-piles__pile--know">
            {t('piles.know')} <strong>{counts.know}</strong>
          </span>
        </p>
      </div>
      <div
        className="flash-session__track"
        role="progressbar"
        aria-label={t('session.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={state.done ? total : state.index}
      >
        <div
          className="flash-session__fill"
          style={{ width: `${total ? ((state.done ? total : state.index) / total) * 100 : 0}%` }}
        />
      </div>

      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      {!state.done && card && (
        <p id="flashcard-hint" className="flash-session__hint">
          {t('card.hint')}
        </p>
      )}

      {state.done || !card ? (
        <div className="card flash-summary" role="status">
          <h2 className="flash-summary__title" ref={summaryRef} tabIndex={-1}>
            {learningLeft === 0 ? t('summary.allKnown') : t('summary.title')}
          </h2>
          <p>
            {unmarked > 0
              ? t('summary.bodyUnmarked', {
                  know: counts.know,
                  learning: counts.learning,
                  count: unmarked,
                })
              : t('summary.body', { know: counts.know, learning: counts.learning })}
          </p>
          {onStillLearning && sentToReview.size > 0 && (
            <p className="flash-summary__review">
              {t('summary.reviewNote', { count: sentToReview.size })}{' '}
              <ButtonLink to={paths.review} variant="link" size="sm">
                {t('summary.openReview')}
              </ButtonLink>
            </p>
          )}
          <div className="flash-summary__actions">
            {learningLeft > 0 && (
              <Button onClick={() => restart('learning')}>
                {unmarked > 0
                  ? t('summary.studyNotKnown', { count: learningLeft })
                  : t('summary.studyLearning', { count: learningLeft })}
              </Button>
            )}
            <Button
              variant={learningLeft > 0 ? 'secondary' : 'primary'}
              onClick={() => restart('all')}
            >
              {t('actions.restartAll')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div ref={cardRef} className="flash-session__card">
            <FlashcardView
              card={card}
              flipped={state.flipped}
              lang={deck.lang}
              position={position}
              onFlip={flip}
              onSwipe={(direction) => dispatch({ type: direction })}
            />
          </div>
          <div className="flash-session__marks">
            <Button
              variant="secondary"
              className="flash-mark flash-mark--learning"
              onClick={() => mark('learning')}
            >
              {t('actions.learning')}
            </Button>
            <Button
              variant="secondary"
              className="flash-mark flash-mark--know"
              onClick={() => mark('know')}
            >
              {t('actions.know')}
            </Button>
          </div>
        </>
      )}

      {state.done || !card ? (
        // The summary has its own ways on; "previous" still goes back to the last card.
        <div className="flash-session__nav">
          <Button variant="secondary" onClick={prev}>
            <span aria-hidden="true">←</span> {t('actions.prev')}
          </Button>
        </div>
      ) : (
        <>
          <div className="flash-session__nav">
            <Button variant="secondary" onClick={prev} disabled={state.index === 0}>
              <span aria-hidden="true">←</span> {t('actions.prev')}
            </Button>
            <Button variant="secondary" onClick={next}>
              {t('actions.next')} <span aria-hidden="true">→</span>
            </Button>
          </div>
          <div className="flash-session__tools">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => dispatch({ type: 'shuffle', random: Math.random })}
              disabled={total < 2}
            >
              {t('actions.shuffle')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => restart('all')}>
              {t('actions.restart')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
