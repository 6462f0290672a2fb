import { describe, expect, it } from 'vitest';
import type { GeneratedQuestion } from '../../api/quizgen/types.js';
import { sanitizeAnswers } from '../../api/scoring/answers.js';
import { scoreAttempt } from '../../api/scoring/score.js';
import { detailOf, fill, mc, short, tf } from './scoring-fixtures.js';

describe('multiple choice', () => {
  it('shows option texts for a right and a wrong answer', () => {
    expect(detailOf(mc, { optionId: 'b' })).toMatchObject({
      isCorrect: true,
      answered: true,
      userAnswer: '葉綠體',
      correctAnswer: '葉綠體',
      userSelection: { optionId: 'b' },
      correctSelection: { optionId: 'b' },
    });
    expect(detailOf(mc, { optionId: 'a' })).toMatchObject({
      isCorrect: false,
      answered: true,
      userAnswer: '粒線體',
      correctAnswer: '葉綠體',
      userSelection: { optionId: 'a' },
    });
  });

  it('takes the raw option text when the client had no id', () => {
    expect(detailOf(mc, { optionId: '葉綠體' })).toMatchObject({
      isCorrect: true,
      userSelection: { optionId: 'b' },
    });
    expect(detailOf(mc, { optionId: '細胞核' })).toMatchObject({
      isCorrect: false,
      userAnswer: '細胞核',
      userSelection: { optionId: 'c' },
    });
  });

  it('marks a value that names no option wrong and shows what was sent', () => {
    expect(detailOf(mc, { optionId: 'e' })).toMatchObject({
      isCorrect: false,
      answered: true,
      userAnswer: 'e',
      userSelection: { text: 'e' },
    });
  });

  it('is unanswered without a value', () => {
    expect(detailOf(mc, { optionId: '' })).toMatchObject({ isCorrect: false, answered: false });
    expect(detailOf(mc, null)).toMatchObject({ isCorrect: false, answered: false });
  });
});

describe('true/false', () => {
  it.each([
    'true',
    'TRUE',
    'T',
    'yes',
    'y',
    '1',
    '是',
    '對',
    '正確',
    '真',
    '○',
    'O',
    '✓',
    'ｔｒｕｅ',
  ])('accepts %j for a true statement', (spelling) => {
    expect(detailOf(tf, { answer: spelling })).toMatchObject({
      isCorrect: true,
      answered: true,
      userAnswer: '正確',
      correctAnswer: '正確',
      userSelection: { value: true },
      correctSelection: { value: true },
    });
  });

  it.each(['false', 'F', 'no', 'n', '0', '否', '錯', '錯誤', '假', '×', 'X', '✗'])(
    'marks %j wrong for a true statement',
    (spelling) => {
      expect(detailOf(tf, { answer: spelling })).toMatchObject({
        isCorrect: false,
        answered: true,
        userAnswer: '錯誤',
        userSelection: { value: false },
      });
    },
  );

  it('reads the answer from textAnswer or optionId too', () => {
    expect(detailOf(tf, { textAnswer: '正確' }).isCorrect).toBe(true);
    expect(detailOf(tf, { optionId: 'true' }).isCorrect).toBe(true);
    expect(detailOf(tf, { optionId: 'false' }).isCorrect).toBe(false);
  });

  it('shows the English option labels of an English question', () => {
    const en: GeneratedQuestion = {
      ...tf,
      options: [
        { id: 'true', text: 'True' },
        { id: 'false', text: 'False' },
      ],
      correctOptionId: 'false',
    };
    expect(detailOf(en, { answer: 'False' }, 'en-US')).toMatchObject({
      isCorrect: true,
      userAnswer: 'False',
      correctAnswer: 'False',
    });
    expect(detailOf(en, { answer: '是' }, 'en-US')).toMatchObject({
      isCorrect: false,
      userAnswer: 'True',
    });
  });

  it('reads the question’s own option labels, whatever their language', () => {
    const fr: GeneratedQuestion = {
      ...tf,
      options: [
        { id: 'true', text: 'Vrai' },
        { id: 'false', text: 'Faux' },
      ],
    };
    expect(detailOf(fr, { answer: 'Faux' })).toMatchObject({
      isCorrect: false,
      answered: true,
      userAnswer: 'Faux',
      userSelection: { value: false },
    });
    expect(detailOf(fr, { answer: 'Vrai' }).isCorrect).toBe(true);
  });

  it('marks an unreadable answer wrong and shows what was sent', () => {
    expect(detailOf(tf, { answer: 'maybe' })).toMatchObject({
      isCorrect: false,
      answered: true,
      userAnswer: 'maybe',
      userSelection: { text: 'maybe' },
    });
  });
});

describe('fill in the blanks', () => {
  const both = (b1: string, b2: string) => ({
    blankAnswers: [
      { blankId: 'b1', selectedOptionId: b1 },
      { blankId: 'b2', selectedOptionId: b2 },
    ],
  });

  it('is right only when every blank is right, and joins blanks per language', () => {
    expect(detailOf(fill, both('a', 'b'))).toMatchObject({
      isCorrect: true,
      answered: true,
      userAnswer: '細胞壁、葉綠體',
      correctAnswer: '細胞壁、葉綠體',
      userSelection: {
        blanks: [
          { blankId: 'b1', optionId: 'a' },
          { blankId: 'b2', optionId: 'b' },
        ],
      },
      correctSelection: {
        blanks: [
          { blankId: 'b1', optionId: 'a' },
          { blankId: 'b2', optionId: 'b' },
        ],
      },
    });
    expect(detailOf(fill, both('a', 'b'), 'en-US').userAnswer).toBe('細胞壁, 葉綠體');
    expect(detailOf(fill, both('a', 'a'))).toMatchObject({
      isCorrect: false,
      answered: true,
      userAnswer: '細胞壁、鞭毛',
    });
  });

  it('takes an option text in place of its id', () => {
    expect(detailOf(fill, both('細胞壁', '葉綠體'))).toMatchObject({
      isCorrect: true,
      userAnswer: '細胞壁、葉綠體',
      userSelection: {
        blanks: [
          { blankId: 'b1', optionId: 'a' },
          { blankId: 'b2', optionId: 'b' },
        ],
      },
    });
  });

  it('treats a partly filled question as wrong and unanswered', () => {
    const partly = detailOf(fill, {
      blankAnswers: [{ blankId: 'b1', selectedOptionId: 'a' }, { blankId: 'b2' }],
    });
    expect(partly).toMatchObject({ isCorrect: false, answered: false, userAnswer: '' });
    expect(partly.userSelection).toBeNull();
    expect(detailOf(fill, { blankAnswers: [] })).toMatchObject({ answered: false });
  });

  it('matches blanks sent with numeric ids', () => {
    const numbered: GeneratedQuestion = {
      ...fill,
      blanks: fill.blanks!.map((b, i) => ({ ...b, id: String(i + 1) })),
    };
    const { answers } = sanitizeAnswers([
      {
        questionId: 'q3',
        blankAnswers: [
          { blankId: 1, selectedOptionId: 'a' },
          { blankId: 2, selectedOptionId: 'b' },
        ],
      },
    ]);
    expect(scoreAttempt([numbered], answers, 'zh-TW').answersDetail[0]).toMatchObject({
      isCorrect: true,
      answered: true,
    });
  });

  it('sends the blanks’ options without their keys', () => {
    const { blanks } = detailOf(fill, null);
    expect(blanks).toEqual([
      { id: 'b1', options: fill.blanks![0]!.options },
      { id: 'b2', options: fill.blanks![1]!.options },
    ]);
    expect(JSON.stringify(blanks)).not.toContain('correctOptionId');
  });
});

describe('short answer', () => {
  it.each(['細胞膜', '细胞膜', ' 細胞膜。', '「細胞膜」', '質膜', '质膜'])('accepts %j', (text) => {
    expect(detailOf(short, { textAnswer: text })).toMatchObject({
      isCorrect: true,
      answered: true,
      userAnswer: text.trim(),
      correctAnswer: '細胞膜',
      userSelection: { text: text.trim() },
      correctSelection: { text: '細胞膜' },
    });
  });

  it('marks another term wrong', () => {
    expect(detailOf(short, { textAnswer: '細胞壁' })).toMatchObject({
      isCorrect: false,
      answered: true,
      userAnswer: '細胞壁',
    });
  });

  it('treats an empty answer as unanswered, never as a match', () => {
    const blankKey: GeneratedQuestion = { ...short, acceptedAnswers: [''] };
    expect(detailOf(blankKey, { textAnswer: '' })).toMatchObject({
      isCorrect: false,
      answered: false,
    });
    expect(detailOf(short, { textAnswer: '   ' })).toMatchObject({ answered: false });
  });

  it('compares English answers by width, case, spacing and punctuation', () => {
    const en: GeneratedQuestion = { ...short, acceptedAnswers: ['cell-membrane'] };
    expect(detailOf(en, { textAnswer: ' ＣＥＬＬ membrane ' }, 'en-US').isCorrect).toBe(true);
    expect(detailOf(en, { textAnswer: 'cell wall' }, 'en-US').isCorrect).toBe(false);
  });
});
