import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLimits, extractDocument } from '../../api/extract/index.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { QUESTION_TYPES, type GeneratedQuestion } from '../../api/quizgen/types.js';
import { withholdPremium } from '../../api/scoring/gate.js';
import { scoreAttempt } from '../../api/scoring/score.js';
import type { SubmittedAnswer } from '../../api/scoring/types.js';
import { allRight, mc, quiz, short, tf } from './scoring-fixtures.js';

/** A quiz of n multiple-choice questions, all keyed 'a'. */
const mcQuiz = (n: number): GeneratedQuestion[] =>
  Array.from({ length: n }, (_, i) => ({ ...mc, id: `m${i + 1}`, correctOptionId: 'a' }));

describe('score', () => {
  it('is 100 when every answer is right', () => {
    const result = scoreAttempt(quiz, allRight, 'zh-TW');
    expect(result).toMatchObject({
      score: 100,
      correctAnswers: 4,
      totalQuestions: 4,
      answeredCount: 4,
    });
    expect(result.answersDetail.every((d) => d.isCorrect && d.answered)).toBe(true);
  });

  it('is 0 when nothing is answered, and every question still counts', () => {
    const result = scoreAttempt(quiz, [], 'zh-TW');
    expect(result).toMatchObject({
      score: 0,
      correctAnswers: 0,
      totalQuestions: 4,
      answeredCount: 0,
    });
    for (const d of result.answersDetail) {
      expect(d).toMatchObject({ isCorrect: false, answered: false, userAnswer: '' });
      expect(d.userSelection).toBeNull();
      expect(d.correctAnswer).not.toBe('');
    }
  });

  it.each([
    [3, 2, 67],
    [3, 1, 33],
    [6, 5, 83],
    [7, 1, 14],
    [8, 1, 13],
    [2, 1, 50],
  ])('rounds %i questions with %i right to %i', (total, right, score) => {
    const questions = mcQuiz(total);
    const answers = questions.map((q, i) => ({
      questionId: q.id,
      optionId: i < right ? 'a' : 'c',
    }));
    const result = scoreAttempt(questions, answers, 'en-US');
    expect(result.score).toBe(score);
    expect(result.correctAnswers).toBe(right);
  });

  it('is 0 for a quiz without questions', () => {
    expect(scoreAttempt([], [{ questionId: 'q1', optionId: 'a' }], 'zh-TW')).toEqual({
      score: 0,
      correctAnswers: 0,
      totalQuestions: 0,
      answeredCount: 0,
      typeAnalysis: {},
      answersDetail: [],
    });
  });

  it('counts total and correct per type present in the quiz', () => {
    const questions = [mc, { ...mc, id: 'q5' }, { ...mc, id: 'q6' }, tf, short];
    const answers = [
      { questionId: 'q1', optionId: 'b' },
      { questionId: 'q5', optionId: 'a' },
      { questionId: 'q6', optionId: 'b' },
      { questionId: 'q2', answer: 'false' },
      { questionId: 'q4', textAnswer: '質膜' },
    ];
    expect(scoreAttempt(questions, answers, 'zh-TW').typeAnalysis).toEqual({
      multiple_choice: { total: 3, correct: 2 },
      true_false: { total: 1, correct: 0 },
      short_answer: { total: 1, correct: 1 },
    });
  });

  it('keeps quiz order, ignores answers to other questions and lets the last answer win', () => {
    const answers = [
      { questionId: 'q4', textAnswer: '細胞膜' },
      { questionId: 'q99', optionId: 'b' },
      { questionId: 'q1', optionId: 'a' },
      { questionId: 'q1', optionId: 'b' },
    ];
    const result = scoreAttempt(quiz, answers, 'zh-TW');
    expect(result.answersDetail.map((d) => d.questionId)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(result.totalQuestions).toBe(4);
    expect(result.answeredCount).toBe(2);
    expect(result.correctAnswers).toBe(2);
    expect(result.score).toBe(50);
  });
});

describe('answer details', () => {
  it('carry the question, its options and the premium fields, copied', () => {
    const [detail] = scoreAttempt([mc], [], 'zh-TW').answersDetail;
    expect(detail).toMatchObject({
      questionId: 'q1',
      type: 'multiple_choice',
      question: mc.question,
      options: mc.options,
      explanation: mc.explanation,
      relatedConcepts: mc.relatedConcepts,
      citation: mc.citation,
    });
    detail!.relatedConcepts!.push('changed');
    detail!.options![0]!.text = 'changed';
    expect(mc.relatedConcepts).toEqual(['光合作用']);
    expect(mc.options![0]!.text).toBe('粒線體');
  });
});

describe('premium content gate', () => {
  const details = scoreAttempt(quiz, allRight, 'zh-TW').answersDetail;

  it('leaves no explanation, related concepts or citation in a free account’s JSON', () => {
    const free = withholdPremium(details, false);
    const json = JSON.stringify(free);
    for (const key of ['explanation', 'relatedConcepts', 'citation'])
      expect(json).not.toContain(`"${key}"`);
    for (const d of free) {
      expect('explanation' in d).toBe(false);
      expect('relatedConcepts' in d).toBe(false);
      expect('citation' in d).toBe(false);
    }
    // The key is not premium: the learner still sees the right answer.
    expect(free.map((d) => d.correctAnswer)).toEqual(details.map((d) => d.correctAnswer));
    expect(free[0]).toMatchObject({ questionId: 'q1', isCorrect: true, userAnswer: '葉綠體' });
  });

  it('does not strip the details it was given', () => {
    withholdPremium(details, false);
    expect(details.every((d) => d.explanation && d.relatedConcepts && d.citation)).toBe(true);
  });

  it('keeps everything for a premium account', () => {
    const kept = withholdPremium(details, true);
    expect(kept).toEqual(details);
    const json = JSON.stringify(kept);
    expect(json).toContain('"explanation":"教材第 3 頁提到光合作用。"');
    expect(json).toContain('"relatedConcepts":["光合作用"]');
    expect(json).toContain('"citation":');
  });
});

describe('a quiz generated from a real document', () => {
  // Two talk transcripts of the study corpus (development documents: each gives a full quiz).
  const corpus = path.resolve(import.meta.dirname, '../../../shared/study-corpus/transcripts');

  it.each([
    ['zh_digital_resilience_talk.md', 'zh-TW'],
    ['en_communal_ai_talk.md', 'en-US'],
  ] as const)('%s scores its own key 100 and no answers 0', async (file, language) => {
    const doc = await extractDocument(
      [{ fileId: 'f1', path: path.join(corpus, file), fileName: file, kind: 'text' }],
      defaultLimits,
    );
    const { questions } = await createBuiltinGenerator().generate(doc, {
      questionCount: 10,
      questionTypes: [...QUESTION_TYPES],
      difficulty: 'basic',
      language,
      seed: 11,
    });
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(questions.map((q) => q.type)).size).toBeGreaterThanOrEqual(2);

    // The way a client sends answers: option text for choices, label text for true/false.
    const key: SubmittedAnswer[] = questions.map((q) => {
      const option = q.options?.find((o) => o.id === q.correctOptionId);
      switch (q.type) {
        case 'multiple_choice':
          return { questionId: q.id, optionId: option!.text };
        case 'true_false':
          return { questionId: q.id, answer: option!.text };
        case 'dropdown_fill_in_blank':
          return {
            questionId: q.id,
            blankAnswers: q.blanks!.map((b) => ({
              blankId: b.id,
              selectedOptionId: b.correctOptionId,
            })),
          };
        case 'short_answer':
          return { questionId: q.id, textAnswer: `${q.acceptedAnswers![0]}。` };
      }
    });
    const right = scoreAttempt(questions, key, language);
    expect(right.score).toBe(100);
    expect(right.answeredCount).toBe(questions.length);

    const none = scoreAttempt(questions, [], language);
    expect(none.score).toBe(0);
    expect(Object.values(none.typeAnalysis).reduce((n, t) => n + t.total, 0)).toBe(
      questions.length,
    );
  });
});
