import { describe, expect, it } from 'vitest';
import {
  examQuestion,
  isExamMaterial,
  pickExamQuestions,
  proseDocument,
  usableItems,
} from '../../api/exam/exam-quiz.js';
import type { ExamItem, ExamRecognition } from '../../api/exam/types.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import type { QuizSettings } from '../../api/quizgen/types.js';
import { scoreAttempt } from '../../api/scoring/index.js';
import { quizExport } from '../../api/export/quiz-questions.js';
import { renderQuizGift } from '../../api/export/quiz-gift.js';
import { renderQuizAnki } from '../../api/export/quiz-anki.js';
import { prepareSettings } from '../../api/exam/exam-generation.js';

/*
 * The exam quiz builder and the scoring of corrected keys (issue 17): items verbatim, keys
 * from the answer key only, several accepted letters, 「一律給分」.
 */

const PAPER = '114年 火災學概要';

function item(number: number, key: string[], extra: Partial<ExamItem> = {}): ExamItem {
  return {
    paper: PAPER,
    number,
    kind: 'single',
    stem: `第 ${number} 題的題幹：下列何者正確？`,
    options: ['A', 'B', 'C', 'D'].map((letter) => ({ letter, text: `選項${letter}${number}` })),
    key,
    anyAnswer: false,
    citation: {
      fileId: 'paper',
      location: { kind: 'page', page: Math.ceil(number / 10) },
      quote: `第 ${number} 題的題幹`,
    },
    ...extra,
  };
}

function recognition(items: ExamItem[], extra: Partial<ExamRecognition> = {}): ExamRecognition {
  return {
    items,
    essays: [],
    keyFound: true,
    corrections: 0,
    skipped: [],
    keyFileIds: [],
    ...extra,
  };
}

const settings = (extra: Partial<QuizSettings> = {}): QuizSettings => ({
  questionCount: 5,
  questionTypes: ['multiple_choice'],
  difficulty: 'basic',
  language: 'zh-TW',
  seed: 7,
  ...extra,
});

const forty = Array.from({ length: 40 }, (_, i) => item(i + 1, [['A', 'B', 'C', 'D'][i % 4]!]));

describe('an exam item as a quiz question', () => {
  it('keeps the stem, the options in printed order and the key of the answer key', () => {
    const q = examQuestion(item(3, ['C']), 'q1', 'zh-TW');
    expect(q).toMatchObject({
      id: 'q1',
      type: 'multiple_choice',
      question: '第 3 題的題幹：下列何者正確？',
      options: [
        { id: 'a', text: '選項A3' },
        { id: 'b', text: '選項B3' },
        { id: 'c', text: '選項C3' },
        { id: 'd', text: '選項D3' },
      ],
      correctOptionId: 'c',
      exam: { paper: PAPER, number: 3 },
      // No invented rationale: where the item stands.
      explanation: '114年 火災學概要 第 3 題（第 1 頁）',
    });
    expect(q.acceptedOptionIds).toBeUndefined();
    expect(q.anyAnswer).toBeUndefined();
  });

  it('takes the correction note as the explanation, and every accepted letter', () => {
    const q = examQuestion(
      item(21, ['C', 'D'], { correctionNote: '第21題答C或D者均給分' }),
      'q2',
      'zh-TW',
    );
    expect(q).toMatchObject({
      correctOptionId: 'c',
      acceptedOptionIds: ['c', 'd'],
      explanation: '第21題答C或D者均給分',
    });
  });

  it('asks multiple-select items, and leaves out items without a key, never guessing one', () => {
    const rec = recognition([
      item(1, ['A']),
      item(2, []),
      item(3, ['A', 'C'], { kind: 'multi' }),
      item(4, ['E']),
      item(5, [], { anyAnswer: true }),
      item(6, ['A', 'E'], { kind: 'multi' }),
    ]);
    expect(usableItems(rec).map((i) => i.number)).toEqual([1, 3, 5]);
    const pick = pickExamQuestions(rec, settings({ exam: { order: 'paper', all: true } }));
    expect(pick.questions.map((q) => q.exam?.number)).toEqual([1, 3, 5]);
    expect(pick.notices).toContainEqual({ code: 'EXAM_ITEMS_LEFT_OUT', params: { count: 3 } });
  });
});

describe('a multiple-select item (複選題) as a quiz question', () => {
  const multi = item(7, ['A', 'B', 'D'], { kind: 'multi' });

  it('is a multiple_choice question with multiSelect and its key as one set of options', () => {
    expect(examQuestion(multi, 'q1', 'zh-TW')).toMatchObject({
      type: 'multiple_choice',
      multiSelect: true,
      question: multi.stem,
      options: multi.options.map((o) => ({ id: o.letter.toLowerCase(), text: o.text })),
      correctOptionId: 'a',
      acceptedOptionSets: [['a', 'b', 'd']],
    });
    expect(examQuestion(multi, 'q1', 'zh-TW').acceptedOptionIds).toBeUndefined();
  });

  it('scores all or nothing: the exact set is right, a subset or a superset is wrong', () => {
    const q = examQuestion(multi, 'q1', 'zh-TW');
    const score = (optionIds: string[]) =>
      scoreAttempt([q], [{ questionId: 'q1', optionIds }], 'zh-TW').answersDetail[0]!;
    expect(score(['d', 'a', 'b']).isCorrect).toBe(true);
    expect(score(['a', 'b']).isCorrect).toBe(false);
    expect(score(['a', 'b', 'c', 'd']).isCorrect).toBe(false);
    const right = score(['b', 'a', 'd']);
    expect(right).toMatchObject({
      multiSelect: true,
      userAnswer: '選項A7、選項B7、選項D7',
      correctAnswer: '選項A7、選項B7、選項D7',
      userSelection: { optionIds: ['a', 'b', 'd'] },
      correctSelection: { optionId: 'a', optionIds: ['a', 'b', 'd'] },
    });
    // A client that knows only optionId may send the ids joined by commas.
    const joined = scoreAttempt([q], [{ questionId: 'q1', optionId: 'a,b,d' }], 'en-US');
    expect(joined.answersDetail[0]).toMatchObject({
      isCorrect: true,
      userAnswer: '選項A7, 選項B7, 選項D7',
    });
    const none = scoreAttempt([q], [{ questionId: 'q1', optionIds: [] }], 'zh-TW');
    expect(none.answersDetail[0]).toMatchObject({ answered: false, isCorrect: false });
  });

  it('accepts any one of the sets a correction accepts, and every answer for 一律給分', () => {
    const corrected = item(8, ['A', 'B', 'D'], {
      kind: 'multi',
      keySets: [
        ['A', 'B', 'D'],
        ['A', 'B'],
      ],
      correctionNote: '第8題答ABD或AB者均給分',
    });
    const q = examQuestion(corrected, 'q1', 'zh-TW');
    expect(q.acceptedOptionSets).toEqual([
      ['a', 'b', 'd'],
      ['a', 'b'],
    ]);
    const detail = (optionIds: string[]) =>
      scoreAttempt([q], [{ questionId: 'q1', optionIds }], 'zh-TW').answersDetail[0]!;
    expect(detail(['a', 'b']).isCorrect).toBe(true);
    expect(detail(['a', 'b', 'd']).isCorrect).toBe(true);
    expect(detail(['a', 'd']).isCorrect).toBe(false);
    expect(detail(['a']).correctAnswer).toBe('選項A8、選項B8、選項D8 或 選項A8、選項B8');
    expect(detail(['a']).correctSelection.optionSets).toEqual([
      ['a', 'b', 'd'],
      ['a', 'b'],
    ]);
    const any = examQuestion(item(9, [], { kind: 'multi', anyAnswer: true }), 'q1', 'zh-TW');
    expect(
      scoreAttempt([any], [{ questionId: 'q1', optionIds: ['c'] }], 'zh-TW').answersDetail[0],
    ).toMatchObject({ isCorrect: true, correctSelection: { anyAnswer: true } });
  });

  it('exports as Moodle multiple-answer (GIFT) with the key letters in Anki', () => {
    const q = examQuestion(multi, 'q1', 'en-US');
    const gift = renderQuizGift(quizExport({ title: 'T', language: 'en-US' }, [q], true));
    expect(gift).toContain('{~%33.33333%選項A7 ~%33.33333%選項B7 ~%-100%選項C7 ~%33.33333%選項D7');
    const anki = renderQuizAnki(quizExport({ title: 'T', language: 'en-US' }, [q], false));
    expect(anki).toContain('Correct answer: ABD: 選項A7, 選項B7, 選項D7');
  });
});

describe('choosing the items of a quiz', () => {
  it('takes the first items in paper order, or a seeded random draw', () => {
    const rec = recognition(forty);
    const paper = pickExamQuestions(rec, settings({ exam: { order: 'paper' } }));
    expect(paper.questions.map((q) => q.exam?.number)).toEqual([1, 2, 3, 4, 5]);
    expect(paper.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);

    const a = pickExamQuestions(rec, settings({ seed: 1, exam: { order: 'random' } }));
    const b = pickExamQuestions(rec, settings({ seed: 1, exam: { order: 'random' } }));
    const c = pickExamQuestions(rec, settings({ seed: 2, exam: { order: 'random' } }));
    expect(a.questions.map((q) => q.exam?.number)).toEqual(b.questions.map((q) => q.exam?.number));
    expect(a.questions.map((q) => q.exam?.number)).not.toEqual(
      c.questions.map((q) => q.exam?.number),
    );
    expect(new Set(a.questions.map((q) => q.exam?.number)).size).toBe(5);
  });

  it('gives every item for "all" and says how many are missing when more are asked', () => {
    const rec = recognition(forty);
    expect(
      pickExamQuestions(rec, settings({ exam: { order: 'paper', all: true } })).questions,
    ).toHaveLength(40);
    const short = pickExamQuestions(
      recognition(forty.slice(0, 8)),
      settings({ questionCount: 10 }),
    );
    expect(short.questions).toHaveLength(8);
    expect(short.missing).toBe(2);
  });

  it('is an English paper when its stems are English', () => {
    const en = forty.slice(0, 5).map((i) => ({ ...i, stem: 'Which gas is heavier than air?' }));
    expect(pickExamQuestions(recognition(en), settings()).language).toBe('en-US');
  });

  it('treats a keyless numbered list of fewer than five items as prose', () => {
    expect(isExamMaterial(recognition(forty.slice(0, 3), { keyFound: false }))).toBe(false);
    expect(isExamMaterial(recognition(forty.slice(0, 5), { keyFound: false }))).toBe(true);
    expect(isExamMaterial(null)).toBe(false);
  });

  it('keeps the prose files of a mixed material apart from the paper and its key', () => {
    const doc: ExtractedDocument = {
      language: 'zh-TW',
      warnings: [],
      blocks: [
        { fileId: 'paper', text: '1. 題幹', location: { kind: 'page', page: 1 } },
        { fileId: 'key', text: '114年 標準答案 題號 答案', location: { kind: 'page', page: 1 } },
        {
          fileId: 'notes',
          text: '燃燒四要素是可燃物、助燃物、熱能與連鎖反應。',
          location: { kind: 'page', page: 1 },
        },
      ],
    };
    // The reader names the key files it used (ExamRecognition.keyFileIds).
    const rec = recognition(forty, { keyFileIds: ['key'] });
    expect(proseDocument(rec, doc).blocks.map((b) => b.fileId)).toEqual(['notes']);
  });
});

describe('scoring corrected keys', () => {
  const questions = [
    examQuestion(item(1, ['B']), 'q1', 'zh-TW'),
    examQuestion(item(2, ['C', 'D'], { correctionNote: '答C或D者均給分' }), 'q2', 'zh-TW'),
    examQuestion(item(3, [], { anyAnswer: true, correctionNote: '一律給分' }), 'q3', 'zh-TW'),
  ];

  it('scores the key, either accepted letter, and any answer of 「一律給分」', () => {
    const right = scoreAttempt(
      questions,
      [
        { questionId: 'q1', optionId: 'b' },
        { questionId: 'q2', optionId: 'd' },
        { questionId: 'q3', optionId: 'a' },
      ],
      'zh-TW',
    );
    expect(right.answersDetail.map((d) => d.isCorrect)).toEqual([true, true, true]);
    expect(right.score).toBe(100);
    expect(right.answersDetail[1]).toMatchObject({
      correctAnswer: '選項C2 或 選項D2',
      correctSelection: { optionId: 'c', optionIds: ['c', 'd'] },
      exam: { paper: PAPER, number: 2 },
    });
    expect(right.answersDetail[2]!.correctSelection).toMatchObject({ anyAnswer: true });

    const wrong = scoreAttempt(
      questions,
      [
        { questionId: 'q1', optionId: 'a' },
        { questionId: 'q2', optionId: 'b' },
      ],
      'en-US',
    );
    // Unanswered is wrong, 「一律給分」 included: it scores any answer, not none.
    expect(wrong.answersDetail.map((d) => d.isCorrect)).toEqual([false, false, false]);
    expect(wrong.answersDetail[2]!.correctAnswer).toBe('Every answer scores (corrected key)');
  });

  it('exports several accepted options as each worth full marks', () => {
    const gift = renderQuizGift(quizExport({ title: 'T', language: 'zh-TW' }, questions, false));
    expect(gift).toContain('~%100%選項C2 ~%100%選項D2');
    expect(gift).toContain('=選項B1');
  });
});

describe('unscored practice of a paper without key', () => {
  const keyless = recognition(
    Array.from({ length: 6 }, (_, i) => item(i + 1, [])),
    { keyFound: false },
  );
  const practice = settings({ exam: { order: 'paper', unscored: true } });

  it('is refused unless chosen, and kept only when the paper has no key', () => {
    const material = { rec: keyless, otherText: false };
    expect(() => prepareSettings(material, { ...practice, exam: { order: 'paper' } })).toThrow(
      expect.objectContaining({ code: 'EXAM_KEY_MISSING' }),
    );
    expect(prepareSettings(material, practice).exam).toMatchObject({ unscored: true });
    // "all" is every item practice can ask.
    const all = prepareSettings(material, {
      ...practice,
      exam: { order: 'paper', all: true, unscored: true },
    });
    expect(all.questionCount).toBe(6);
    // With a key the quiz is scored: the choice is not kept.
    const keyed = recognition(forty);
    expect(prepareSettings({ rec: keyed, otherText: false }, practice).exam).not.toHaveProperty(
      'unscored',
    );
  });

  it('asks the items verbatim with no key, and scores none of them', () => {
    const pick = pickExamQuestions(keyless, practice);
    expect(pick.questions.map((q) => q.exam!.number)).toEqual([1, 2, 3, 4, 5]);
    expect(pick.notices).toContainEqual({ code: 'EXAM_UNSCORED' });
    for (const q of pick.questions) {
      expect(q).toMatchObject({ unscored: true, type: 'multiple_choice' });
      expect(q.correctOptionId).toBeUndefined();
      expect(q.acceptedOptionIds).toBeUndefined();
    }
    const result = scoreAttempt(pick.questions, [{ questionId: 'q1', optionId: 'b' }], 'zh-TW');
    expect(result).toMatchObject({ unscored: true, correctAnswers: 0, typeAnalysis: {} });
    expect(result.answersDetail[0]).toMatchObject({
      unscored: true,
      isCorrect: false,
      answered: true,
      userAnswer: '選項B1',
      correctAnswer: '',
    });
    // A scored quiz is unchanged: no `unscored` anywhere.
    const scored = scoreAttempt(
      pickExamQuestions(recognition(forty), settings()).questions,
      [],
      'zh-TW',
    );
    expect(scored.unscored).toBeUndefined();
  });
});
