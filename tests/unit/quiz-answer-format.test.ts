import { describe, expect, it } from 'vitest';
import {
  BLANK_MARKER,
  draftsFromSaved,
  formatAnswer,
  formatAnswers,
  normalizeFill,
  splitStem,
  type LooseQuestion,
} from '../../src/features/quiz/lib/answer-format.js';

const mc: LooseQuestion = {
  id: 'q1',
  questionId: 'q1',
  type: 'multiple_choice',
  question: '細胞的能量工廠是哪一個胞器？',
  options: [
    { id: 'a', text: '核糖體' },
    { id: 'b', text: '粒線體' },
    { id: 'c', text: '高基氏體' },
    { id: 'd', text: '溶體' },
  ],
};
const tf: LooseQuestion = {
  id: 'q2',
  questionId: 'q2',
  type: 'true_false',
  question: 'Mitochondria make ATP.',
  options: [
    { id: 'true', text: 'True' },
    { id: 'false', text: 'False' },
  ],
};
const fillTwo: LooseQuestion = {
  id: 'q3',
  questionId: 'q3',
  type: 'dropdown_fill_in_blank',
  question: `The ${BLANK_MARKER} is the powerhouse; the ${BLANK_MARKER} holds DNA.`,
  blanks: [
    { id: 'b1', blank_id: 'b1', options: [{ id: 'o1', text: 'mitochondrion' }] },
    { id: 'b2', blank_id: 'b2', options: [{ id: 'o2', text: 'nucleus' }] },
  ],
};
const short: LooseQuestion = { id: 'q4', type: 'short_answer', question: 'Name the process.' };

describe('multiple choice: the chosen option id, else its raw text', () => {
  it('sends the option id', () => {
    expect(formatAnswer(mc, { choice: 'b' })).toEqual({ questionId: 'q1', optionId: 'b' });
  });

  it('sends the raw text when the option has no id', () => {
    const noIds: LooseQuestion = { ...mc, options: [{ text: '粒線體' }, { text: '溶體' }] };
    expect(formatAnswer(noIds, { choice: '粒線體' })).toEqual({
      questionId: 'q1',
      optionId: '粒線體',
    });
  });

  it('sends nothing without a choice', () => {
    expect(formatAnswer(mc, {})).toBeNull();
    expect(formatAnswer(mc, { choice: '  ' })).toBeNull();
    expect(formatAnswer(mc, undefined)).toBeNull();
  });
});

describe('true / false: sent as text in `answer`', () => {
  it.each([
    ['true', 'true'],
    ['false', 'false'],
  ])('%s → answer "%s"', (choice, text) => {
    const answer = formatAnswer(tf, { choice });
    expect(answer).toEqual({ questionId: 'q2', answer: text });
    expect(typeof answer?.answer).toBe('string');
  });
});

describe('fill in the blank', () => {
  it('appends the five-underscore marker when the stem lacks it', () => {
    const q: LooseQuestion = {
      id: 'q5',
      type: 'dropdown_fill_in_blank',
      question: 'The powerhouse of the cell is',
      blanks: [{ id: 'b1', options: [{ id: 'o1', text: 'mitochondrion' }] }],
    };
    const { stem } = normalizeFill(q);
    expect(stem).toBe('The powerhouse of the cell is _____');
    expect(splitStem(stem)).toEqual(['The powerhouse of the cell is ', '']);
  });

  it('leaves a stem that has its markers alone', () => {
    expect(normalizeFill(fillTwo).stem).toBe(fillTwo.question);
    expect(splitStem(normalizeFill(fillTwo).stem)).toHaveLength(3);
  });

  it('converts numeric blank ids to strings', () => {
    const q: LooseQuestion = {
      id: 'q6',
      type: 'dropdown_fill_in_blank',
      question: `A ${BLANK_MARKER} B ${BLANK_MARKER}`,
      blanks: [
        { id: 1, options: [{ id: 'x', text: 'x' }] },
        { blank_id: 2, options: [{ id: 'y', text: 'y' }] },
      ],
    };
    expect(normalizeFill(q).blanks.map((b) => b.id)).toEqual(['1', '2']);
    expect(formatAnswer(q, { blanks: { '1': 'x', '2': 'y' } })).toEqual({
      questionId: 'q6',
      blankAnswers: [
        { blankId: '1', selectedOptionId: 'x' },
        { blankId: '2', selectedOptionId: 'y' },
      ],
    });
  });

  it('turns blanks that are not a list into an empty list (and so no answer)', () => {
    const q: LooseQuestion = {
      id: 'q7',
      type: 'dropdown_fill_in_blank',
      question: `X ${BLANK_MARKER}`,
      blanks: { b1: { options: [] } },
    };
    expect(normalizeFill(q).blanks).toEqual([]);
    expect(formatAnswer(q, { blanks: { b1: 'o1' } })).toBeNull();
  });

  it('gives a single blank without an id a generated one, used by the answer', () => {
    const q: LooseQuestion = {
      id: 'q8',
      type: 'dropdown_fill_in_blank',
      question: `X ${BLANK_MARKER}`,
      blanks: [{ options: [{ id: 'o1', text: 'one' }] }],
    };
    const [blank] = normalizeFill(q).blanks;
    expect(blank?.id).toBeTruthy();
    expect(formatAnswer(q, { blanks: { [blank!.id]: 'o1' } })).toEqual({
      questionId: 'q8',
      blankAnswers: [{ blankId: blank!.id, selectedOptionId: 'o1' }],
    });
  });

  it('saves a multi-blank answer only when every blank is filled', () => {
    expect(formatAnswer(fillTwo, { blanks: { b1: 'o1' } })).toBeNull();
    expect(formatAnswer(fillTwo, { blanks: { b1: 'o1', b2: '' } })).toBeNull();
    expect(formatAnswer(fillTwo, { blanks: { b1: 'o1', b2: 'o2' } })).toEqual({
      questionId: 'q3',
      blankAnswers: [
        { blankId: 'b1', selectedOptionId: 'o1' },
        { blankId: 'b2', selectedOptionId: 'o2' },
      ],
    });
  });
});

describe('short answer: trimmed text', () => {
  it('sends textAnswer, and nothing for blank text', () => {
    expect(formatAnswer(short, { text: '  cellular respiration ' })).toEqual({
      questionId: 'q4',
      textAnswer: 'cellular respiration',
    });
    expect(formatAnswer(short, { text: '   ' })).toBeNull();
  });
});

describe('a whole attempt', () => {
  const questions = [mc, tf, fillTwo, short];

  it('sends the answered questions in quiz order and skips the rest', () => {
    const answers = formatAnswers(questions, {
      q4: { text: 'respiration' },
      q1: { choice: 'b' },
      q3: { blanks: { b1: 'o1' } },
    });
    expect(answers.map((a) => a.questionId)).toEqual(['q1', 'q4']);
  });

  it('resumes from saved answers (the inverse of formatting)', () => {
    const drafts = {
      q1: { choice: 'b' },
      q2: { choice: 'false' },
      q3: { blanks: { b1: 'o1', b2: 'o2' } },
      q4: { text: 'x' },
    };
    const saved = formatAnswers(questions, drafts);
    expect(draftsFromSaved(questions, saved)).toEqual(drafts);
  });
});
