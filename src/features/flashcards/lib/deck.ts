/**
 * A flashcard session's state (Quizlet / Anki style): the cards in study order, the one shown
 * and its face, and the "know" / "still learning" piles. Pure: a reducer and helpers.
 */

export type Pile = 'know' | 'learning';

export interface DeckState {
  /** Every card of the deck, in the deck's own order. */
  ids: string[];
  /** Card ids in this round's order. */
  order: string[];
  index: number;
  flipped: boolean;
  /** Where each card of this round was put. */
  piles: Record<string, Pile>;
  /** 1 for the first pass; a restart with the "still learning" cards starts the next. */
  round: number;
  /** Every card of this round has been marked or passed: the summary is shown. */
  done: boolean;
}

export type DeckAction =
  | { type: 'flip' }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'mark'; pile: Pile }
  | { type: 'shuffle'; random: () => number }
  | { type: 'restart'; only: 'learning' | 'all' }
  | { type: 'reset'; ids: string[] };

export function startDeck(ids: readonly string[]): DeckState {
  return {
    ids: [...ids],
    order: [...ids],
    index: 0,
    flipped: false,
    piles: {},
    round: 1,
    done: ids.length === 0,
  };
}

/** A Fisher–Yates shuffle with the given source of randomness. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function deckReducer(state: DeckState, action: DeckAction): DeckState {
  switch (action.type) {
    case 'flip':
      return state.done ? state : { ...state, flipped: !state.flipped };
    case 'next':
      if (state.done) return state;
      return state.index + 1 >= state.order.length
        ? { ...state, done: true, flipped: false }
        : { ...state, index: state.index + 1, flipped: false };
    case 'prev':
      if (state.done) return { ...state, done: false, flipped: false };
      return { ...state, index: Math.max(0, state.index - 1), flipped: false };
    case 'mark': {
      const id = state.order[state.index];
      if (state.done || id === undefined) return state;
      const piles = { ...state.piles, [id]: action.pile };
      return deckReducer({ ...state, piles }, { type: 'next' });
    }
    case 'shuffle': {
      // The cards not yet seen this round are shuffled; the ones behind stay where they were.
      const head = state.order.slice(0, state.done ? 0 : state.index);
      const tail = shuffled(state.order.slice(head.length), action.random);
      return {
        ...state,
        order: [...head, ...tail],
        flipped: false,
        done: false,
        index: head.length,
      };
    }
    case 'restart': {
      // "Still learning" ones: every card of this round not put on the "know" pile.
      const order =
        action.only === 'learning'
          ? state.order.filter((id) => state.piles[id] !== 'know')
          : [...state.ids];
      return {
        ...state,
        order,
        index: 0,
        flipped: false,
        piles: {},
        round: action.only === 'learning' ? state.round + 1 : 1,
        done: order.length === 0,
      };
    }
    case 'reset':
      return startDeck(action.ids);
  }
}

/** How many cards of this round lie in each pile. */
export function pileCounts(state: DeckState): Record<Pile, number> {
  const counts: Record<Pile, number> = { know: 0, learning: 0 };
  for (const id of state.order) {
    const pile = state.piles[id];
    if (pile) counts[pile] += 1;
  }
  return counts;
}
