import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/lib/errors.js';
import type { GeneratedQuestion } from '../../api/quizgen/types.js';
import { ANSWER_LIMITS, answeredCount, sanitizeAnswers } from '../../api/scoring/answers.js';

function missingIdError(raw: unknown[]): AppError {
  try {
    sanitizeAnswers(raw);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('sanitizeAnswers accepted an answer without a question id');
}

describe('sanitizing submitted answers', () => {
  it('keeps the per-type fields, trimmed, and drops empty and unknown ones', () => {
    const { answers, problems } = sanitizeAnswers([
      { questionId: ' q1 ', optionId: ' b ', extra: 'x' },
      { questionId: 'q2', answer: true },
      { questionId: 'q3', textAnswer: '  細胞膜 ', optionId: '' },
    ]);
    expect(answers).toEqual([
      { questionId: 'q1', optionId: 'b' },
      { questionId: 'q2', answer: 'true' },
      { questionId: 'q3', textAnswer: '細胞膜' },
    ]);
    expect(Object.keys(answers[2]!)).toEqual(['questionId', 'textAnswer']);
    expect(problems).toEqual([]);
  });

  it('turns a numeric question id into a string and warns about it', () => {
    const { answers, problems } = sanitizeAnswers([{ questionId: 3, optionId: 'a' }]);
    expect(answers).toEqual([{ questionId: '3', optionId: 'a' }]);
    expect(problems).toEqual([{ position: 1, code: 'QUESTION_ID_NUMERIC', questionId: '3' }]);
  });

  it.each([
    ['absent', { optionId: 'a' }],
    ['empty', { questionId: '', optionId: 'a' }],
    ['blank', { questionId: '   ', optionId: 'a' }],
    ['null', { questionId: null, optionId: 'a' }],
    ['a boolean', { questionId: true, optionId: 'a' }],
    ['an object', { questionId: { id: 'q2' }, optionId: 'a' }],
  ])('refuses a question id that is %s, naming the answer’s position', (_, second) => {
    const err = missingIdError([{ questionId: 'q1', optionId: 'a' }, second]);
    expect(err.code).toBe('ANSWER_QUESTION_ID_MISSING');
    expect(err.status).toBe(400);
    expect(err.params).toEqual({ position: 2 });
    expect(err.messages().en).toContain('2');
    expect(err.messages()['zh-TW']).toContain('2');
  });

  it('refuses an answer that is not an object, naming its position', () => {
    expect(missingIdError([{ questionId: 'q1' }, { questionId: 'q2' }, null]).params).toEqual({
      position: 3,
    });
    expect(missingIdError(['q1']).params).toEqual({ position: 1 });
  });

  it('turns numeric blank ids into strings and keeps a blank without a selection as unanswered', () => {
    const { answers, problems } = sanitizeAnswers([
      {
        questionId: 'q1',
        blankAnswers: [
          { blankId: 1, selectedOptionId: 'a' },
          { blankId: 2 },
          { selectedOptionId: 'c' },
        ],
      },
    ]);
    expect(answers).toEqual([
      {
        questionId: 'q1',
        blankAnswers: [{ blankId: '1', selectedOptionId: 'a' }, { blankId: '2' }],
      },
    ]);
    expect(problems.map((p) => p.code)).toEqual(['BLANK_OPTION_MISSING', 'BLANK_ID_MISSING']);
    expect(problems[0]).toMatchObject({ position: 1, questionId: 'q1', blankId: '2' });
  });

  it('turns blankAnswers that is not a list into an empty list', () => {
    const { answers, problems } = sanitizeAnswers([
      { questionId: 'q1', blankAnswers: { blankId: 'b1', selectedOptionId: 'a' } },
      { questionId: 'q2', blankAnswers: 'a' },
    ]);
    expect(answers).toEqual([
      { questionId: 'q1', blankAnswers: [] },
      { questionId: 'q2', blankAnswers: [] },
    ]);
    expect(problems.map((p) => p.code)).toEqual(['BLANKS_NOT_A_LIST', 'BLANKS_NOT_A_LIST']);
  });

  it('caps long text and says so', () => {
    const long = '細'.repeat(ANSWER_LIMITS.text + 500);
    const { answers, problems } = sanitizeAnswers([{ questionId: 'q1', textAnswer: long }]);
    expect(answers[0]!.textAnswer).toBe('細'.repeat(ANSWER_LIMITS.text));
    expect(problems).toEqual([{ position: 1, code: 'TEXT_TRUNCATED', questionId: 'q1' }]);
  });

  it('lets a later answer for the same question replace the earlier one', () => {
    const { answers, problems } = sanitizeAnswers([
      { questionId: 'q1', optionId: 'a' },
      { questionId: 'q2', optionId: 'c' },
      { questionId: 'q1', optionId: 'b' },
    ]);
    expect(answers).toEqual([
      { questionId: 'q1', optionId: 'b' },
      { questionId: 'q2', optionId: 'c' },
    ]);
    expect(problems).toEqual([{ position: 3, code: 'DUPLICATE_QUESTION_ID', questionId: 'q1' }]);
  });
});

const citation = { fileId: 'f1', quote: '', location: { kind: 'paragraph', index: 1 } } as const;
const common = { explanation: '', relatedConcepts: [], citation };
const questions: GeneratedQuestion[] = [
  {
    ...common,
    id: 'q1',
    type: 'multiple_choice',
    question: '？',
    options: [
      { id: 'a', text: '甲' },
      { id: 'b', text: '乙' },
    ],
    correctOptionId: 'a',
  },
  {
    ...common,
    id: 'q2',
    type: 'dropdown_fill_in_blank',
    question: '_____ 與 _____',
    blanks: [
      { id: 'b1', options: [{ id: 'a', text: '甲' }], correctOptionId: 'a' },
      { id: 'b2', options: [{ id: 'a', text: '乙' }], correctOptionId: 'a' },
    ],
  },
  { ...common, id: 'q3', type: 'short_answer', question: '？', acceptedAnswers: ['甲'] },
  {
    ...common,
    id: 'q4',
    type: 'true_false',
    question: '甲。',
    options: [
      { id: 'true', text: '正確' },
      { id: 'false', text: '錯誤' },
    ],
    correctOptionId: 'true',
  },
];

describe('answered count', () => {
  it('counts only the quiz’s questions that have an answer', () => {
    expect(answeredCount(questions, [])).toBe(0);
    expect(
      answeredCount(questions, [
        { questionId: 'q1', optionId: 'b' },
        { questionId: 'q3', textAnswer: '乙' },
        { questionId: 'q4', answer: 'false' },
        { questionId: 'q99', optionId: 'a' },
      ]),
    ).toBe(3);
  });

  it('counts a multi-blank question only when every blank is filled', () => {
    const partly = [{ questionId: 'q2', blankAnswers: [{ blankId: 'b1', selectedOptionId: 'a' }] }];
    const emptySecond = [
      {
        questionId: 'q2',
        blankAnswers: [
          { blankId: 'b1', selectedOptionId: 'a' },
          { blankId: 'b2', selectedOptionId: '' },
        ],
      },
    ];
    const full = [
      {
        questionId: 'q2',
        blankAnswers: [
          { blankId: 'b2', selectedOptionId: 'a' },
          { blankId: 'b1', selectedOptionId: 'a' },
        ],
      },
    ];
    expect(answeredCount(questions, partly)).toBe(0);
    expect(answeredCount(questions, emptySecond)).toBe(0);
    expect(answeredCount(questions, full)).toBe(1);
  });

  it('does not count empty or whitespace-only text', () => {
    expect(
      answeredCount(questions, [
        { questionId: 'q1', optionId: '' },
        { questionId: 'q3', textAnswer: '   ' },
        { questionId: 'q4' },
      ]),
    ).toBe(0);
  });
});
