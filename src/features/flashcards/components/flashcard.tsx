import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Flashcard } from '../lib/cards';

/** How far (px) a finger must travel sideways for a swipe to move to another card. */
const SWIPE_PX = 48;

interface Props {
  card: Flashcard;
  flipped: boolean;
  lang: string;
  position: { current: number; total: number };
  onFlip: () => void;
  onSwipe: (direction: 'prev' | 'next') => void;
}

/**
 * The card: one button showing one face. Its name says which face and the text ("Front: …"),
 * so a screen reader hears the face it lands on; tap, Space or Enter flips; a sideways swipe
 * moves. The faces carry the material's language.
 */
export function FlashcardView({ card, flipped, lang, position, onFlip, onSwipe }: Props) {
  const { t } = useTranslation('flashcards');
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const face = flipped ? 'back' : 'front';

  const down = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
    swiped.current = false;
  };
  const up = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = e.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) {
      swiped.current = true;
      onSwipe(dx < 0 ? 'next' : 'prev');
    }
  };

  return (
    <button
      type="button"
      className={clsx('flashcard', flipped && 'flashcard--back')}
      onClick={() => {
        // The click that ends a swipe is not a tap.
        if (swiped.current) {
          swiped.current = false;
          return;
        }
        onFlip();
      }}
      onPointerDown={down}
      onPointerUp={up}
      onPointerCancel={() => (start.current = null)}
      aria-describedby="flashcard-hint"
    >
      <span className="flashcard__side" aria-hidden="true">
        {t(`face.${face}`)}
      </span>
      <span className="visually-hidden">
        {t('card.label', { face: t(`face.${face}`), ...position })}
      </span>
      <span key={face} className="flashcard__face" lang={lang || undefined}>
        <span className="flashcard__text">{flipped ? card.back : card.front}</span>
        {flipped && card.note && <span className="flashcard__note">{card.note}</span>}
      </span>
      <span className="flashcard__flip" aria-hidden="true">
        {t('card.tapToFlip')}
      </span>
    </button>
  );
}
