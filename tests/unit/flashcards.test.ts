import { describe, expect, it } from 'vitest';
import {
  filledSentence,
  langTag,
  cardFront,
  quizCards,
  termCards,
} from '../../src/features/flashcards/lib/cards';
import {
  deckReducer,
  pileCounts,
  shuffled,
  startDeck,
  type DeckAction,
  type DeckState,
} from '../../src/features/flashcards/lib/deck';

/*
 * Flashcards built from what the device keeps (a quiz's report, a material's term list) and
 * the session a learner steps through: flip, move, piles, shuffle, restart with the "still
 * learning" ones (docs/decisions/0029-flashcards.md).
 */

const cloze = {
  questionId: 'q-fill',
  type: 'dropdown_fill_in_blank',
  question: '臺灣的 _____ 於 2022 年成立，負責 _____ 政策。',
  blanks: [
    {
      id: 'b1',
      options: [
        { id: 'o1', text: '數位發展部' },
        { id: 'o2', text: '文化部' },
      ],
    },
    {
      id: 'b2',
      options: [
        { id: 'o3', text: '農業' },
        { id: 'o4', text: '數位' },
      ],
    },
  ],
  correctAnswer: '數位發展部、數位',
  correctSelection: {
    blanks: [
      { blankId: 'b1', optionId: 'o1' },
      { blankId: 'b2', optionId: 'o4' },
    ],
  },
};
const choice = {
  questionId: 'q-mc',
  type: 'multiple_choice',
  question: 'Which test evaluates competing claims using data?',
  options: [
    { id: 'a', text: 'A census' },
    { id: 'b', text: 'A hypothesis test' },
  ],
  correctAnswer: 'A hypothesis test',
  correctSelection: { optionId: 'b' },
};
const statement = {
  questionId: 'q-tf',
  type: 'true_false',
  question: 'A census collects data from a sample.',
  options: [
    { id: 'true', text: 'True' },
    { id: 'false', text: 'False' },
  ],
  correctAnswer: 'False',
  correctSelection: { value: false },
  citation: { fileId: 'f', quote: 'A census collects data for an entire population.' },
};
const short = {
  questionId: 'q-short',
  type: 'short_answer',
  question: 'What is a single number summarizing data from a sample called?',
  correctAnswer: 'summary statistic',
  correctSelection: { text: 'summary statistic' },
};

describe('quiz cards', () => {
  it('turns each question type into its question ↔ answer card', () => {
    const cards = quizCards({ answersDetail: [cloze, choice, statement, short] });
    expect(cards).toEqual([
      {
        id: 'q-fill',
        questionId: 'q-fill',
        front: '臺灣的 _____ 於 2022 年成立，負責 _____ 政策。',
        back: '臺灣的 數位發展部 於 2022 年成立，負責 數位 政策。',
      },
      {
        id: 'q-mc',
        questionId: 'q-mc',
        front: 'Which test evaluates competing claims using data?',
        back: 'A hypothesis test',
      },
      {
        id: 'q-tf',
        questionId: 'q-tf',
        front: 'A census collects data from a sample.',
        back: 'False',
        note: 'A census collects data for an entire population.',
      },
      {
        id: 'q-short',
        questionId: 'q-short',
        front: 'What is a single number summarizing data from a sample called?',
        back: 'summary statistic',
      },
    ]);
  });

  it('words True/False as the quiz does and goes without a source the report withholds', () => {
    const zh = {
      ...statement,
      options: [
        { id: 'true', text: '正確' },
        { id: 'false', text: '錯誤' },
      ],
      correctAnswer: '錯誤',
      citation: undefined,
    };
    const [card] = quizCards({ answersDetail: [zh] });
    expect(card).toEqual({
      id: 'q-tf',
      questionId: 'q-tf',
      front: statement.question,
      back: '錯誤',
    });
  });

  it('falls back to the report’s key when a blank cannot be filled, and skips keyless questions', () => {
    const broken = { ...cloze, correctSelection: { blanks: [{ blankId: 'b1', optionId: 'zz' }] } };
    expect(filledSentence(broken)).toBeNull();
    const cards = quizCards({
      answersDetail: [
        broken,
        { ...choice, questionId: 'q-keyless', correctAnswer: '' },
        { ...short, question: '' },
        short,
        short,
      ],
    });
    expect(cards.map((c) => [c.id, c.back])).toEqual([
      ['q-fill', '數位發展部、數位'],
      ['q-short', 'summary statistic'],
    ]);
    expect(quizCards(null)).toEqual([]);
    expect(quizCards({ answersDetail: 'nope' })).toEqual([]);
  });

  it('adds keys for blanks the stem has no marker for', () => {
    const oneMarker = { ...cloze, question: '臺灣的 _____ 於 2022 年成立。' };
    expect(filledSentence(oneMarker)).toBe('臺灣的 數位發展部 於 2022 年成立。 數位');
  });
});

describe('material cards', () => {
  it('reads terms and definitions, each once, and says the language of the cards', () => {
    const cards = termCards({
      cards: [
        { id: 'census', term: 'census', definition: 'Collecting data for an entire population' },
        { id: 'census', term: 'census', definition: 'again' },
        { id: 'x', term: '', definition: 'no term' },
        { term: 'strata', definition: '  Groups  of similar cases ' },
      ],
    });
    expect(cards).toEqual([
      { id: 'census', front: 'census', back: 'Collecting data for an entire population' },
      { id: 'strata', front: 'strata', back: 'Groups of similar cases' },
    ]);
    expect(termCards({})).toEqual([]);
    expect(langTag('zh-TW')).toBe('zh-Hant-TW');
    expect(langTag('en-US')).toBe('en');
    expect(langTag('ja')).toBe('');
  });
});

describe('a flashcard session', () => {
  const run = (state: DeckState, ...actions: DeckAction[]) => actions.reduce(deckReducer, state);
  const ids = ['a', 'b', 'c', 'd'];

  it('flips, moves both ways and ends after the last card', () => {
    let s = run(startDeck(ids), { type: 'flip' });
    expect(s.flipped).toBe(true);
    s = run(s, { type: 'next' });
    expect(s).toMatchObject({ index: 1, flipped: false });
    s = run(s, { type: 'prev' }, { type: 'prev' });
    expect(s.index).toBe(0);
    s = run(s, { type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' });
    expect(s.done).toBe(true);
    expect(run(s, { type: 'next' })).toBe(s);
    expect(run(s, { type: 'prev' })).toMatchObject({ done: false, index: 3 });
  });

  it('counts the piles and restarts with the "still learning" cards only', () => {
    let s = run(
      startDeck(ids),
      { type: 'mark', pile: 'know' },
      { type: 'mark', pile: 'learning' },
      { type: 'next' },
      { type: 'mark', pile: 'know' },
    );
    expect(s.done).toBe(true);
    expect(pileCounts(s)).toEqual({ know: 2, learning: 1 });
    // c was passed without a mark: not known, so it comes back with b.
    s = run(s, { type: 'restart', only: 'learning' });
    expect(s).toMatchObject({ order: ['b', 'c'], index: 0, round: 2, done: false });
    expect(pileCounts(s)).toEqual({ know: 0, learning: 0 });
    s = run(s, { type: 'mark', pile: 'know' }, { type: 'mark', pile: 'know' });
    expect(run(s, { type: 'restart', only: 'learning' })).toMatchObject({ order: [], done: true });
    expect(run(s, { type: 'restart', only: 'all' })).toMatchObject({ order: ids, round: 1 });
  });

  it('shuffles the cards not yet seen and keeps every card once', () => {
    const s = run(startDeck(ids), { type: 'next' }, { type: 'shuffle', random: () => 0 });
    expect(s.order[0]).toBe('a');
    expect([...s.order].sort()).toEqual(ids);
    expect(s.order).not.toEqual(ids);
    expect(s.index).toBe(1);
    expect(shuffled([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
    expect(startDeck([]).done).toBe(true);
  });
});

describe('cardFront', () => {
  it('shows the quoted sentence alone when the stem is a quiz prompt around a blank or a statement', () => {
    expect(
      cardFront(
        'multiple_choice',
        '依據教材，下列何者最適合填入空格？「_____的司法權屬於最高法院。」',
      ),
    ).toBe('_____的司法權屬於最高法院。');
    expect(
      cardFront(
        'dropdown_fill_in_blank',
        'Choose the correct option for each blank, according to the material: “The _____ is a sample.”',
      ),
    ).toBe('The _____ is a sample.');
    expect(
      cardFront('true_false', 'True or false, according to the material: “Stents help.”'),
    ).toBe('Stents help.');
  });

  it('keeps a stem whose quote is not the thing asked, and plain questions', () => {
    const described = 'Which term is described as “a group of people studied”?';
    expect(cardFront('multiple_choice', described)).toBe(described);
    expect(cardFront('short_answer', 'What is a census?')).toBe('What is a census?');
  });
});

describe('cardFront with quotes inside the sentence', () => {
  it('keeps inner quotes and drops only the prompt', () => {
    expect(
      cardFront('true_false', '依據教材，判斷下列敘述是否正確：「審核能從「黑箱」走向透明。」'),
    ).toBe('審核能從「黑箱」走向透明。');
    expect(
      cardFront(
        'multiple_choice',
        '依據教材，下列何者最適合填入空格？「歷經_____月研發，從「黑箱」走向透明。」',
      ),
    ).toBe('歷經_____月研發，從「黑箱」走向透明。');
  });
});
