import { describe, expect, it } from 'vitest';
import zhSetup from '../../src/i18n/locales/zh-TW/quiz-setup.json';
import enSetup from '../../src/i18n/locales/en/quiz-setup.json';
import zhMaterials from '../../src/i18n/locales/zh-TW/materials.json';
import enMaterials from '../../src/i18n/locales/en/materials.json';
import zhQuiz from '../../src/i18n/locales/zh-TW/quiz.json';
import enQuiz from '../../src/i18n/locales/en/quiz.json';
import { noticeTexts, renderNotice } from '../../src/features/quiz/lib/generation-notices.js';
import {
  defaultSettings,
  examChoiceOf,
  toGenerateBody,
} from '../../src/features/quiz/lib/settings-form.js';
import { chooseCount, examSetup } from '../../src/features/quiz/lib/exam-choice.js';
import { readExamSummary } from '../../src/lib/exam-summary.js';

/*
 * The settings page for exam papers (issue 17): the count message of a paper with its key
 * (「已辨識 40 題選擇題（含標準答案）」), and unscored practice of a paper without key, sent only
 * when the learner ticks it.
 */

/** A tiny translate function over one locale file, like i18next's for `{{name}}`. */
const translator =
  (bundle: Record<string, unknown>) =>
  (key: string, values: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle);
    if (typeof text !== 'string') throw new Error(`missing ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };

const ctx = { materialId: 'm1', generationId: 'g1', materialName: '火災學概要' };
const summary = (over: Record<string, unknown>) =>
  readExamSummary({
    items: 40,
    usable: 40,
    practice: 0,
    keyFound: true,
    otherText: false,
    ...over,
  })!;

describe('exam settings', () => {
  it('says how many items were recognised, with their key, in both languages', () => {
    expect(translator(zhSetup)('exam.recognised', { count: 40 })).toBe(
      '已辨識 40 題選擇題（含標準答案）',
    );
    expect(translator(enSetup)('exam.recognised', { count: 40 })).toBe(
      '40 multiple-choice items recognised (with answer key)',
    );
    expect(translator(zhSetup)('exam.recognisedMixed', { count: 40 })).toMatch(
      /^已辨識 40 題選擇題（含標準答案）；/,
    );
  });

  it('offers a keyed paper its items, and a keyless one only when unscored practice is ticked', () => {
    const keyed = summary({});
    expect(examChoiceOf(keyed, {})).toEqual({ usable: 40, otherText: false });
    // With a key, ticking unscored changes nothing: the quiz is scored.
    expect(examChoiceOf(keyed, { unscored: true })).toEqual({ usable: 40, otherText: false });

    const keyless = summary({ usable: 0, practice: 38, keyFound: false, otherText: true });
    expect(examChoiceOf(keyless, {})).toBeNull();
    expect(examChoiceOf(keyless, { unscored: true })).toEqual({
      usable: 38,
      otherText: false,
      unscored: true,
    });
    expect(examChoiceOf(null, { unscored: true })).toBeNull();
  });

  it('sends unscored: true only for a chosen practice of a paper without key', () => {
    const form = { ...defaultSettings(), unscored: true, all: true, order: 'paper' as const };
    const keyless = summary({ usable: 0, practice: 6, keyFound: false });
    const practice = toGenerateBody(form, ctx, examChoiceOf(keyless, form));
    expect(practice).toMatchObject({
      questionCount: 'all',
      order: 'paper',
      unscored: true,
      questionTypes: ['multiple_choice'],
    });
    const scored = toGenerateBody(form, ctx, examChoiceOf(summary({}), form));
    expect(scored).not.toHaveProperty('unscored');
    const notChosen = toGenerateBody(
      { ...form, unscored: false },
      ctx,
      examChoiceOf(keyless, { unscored: false }),
    );
    expect(notChosen).not.toHaveProperty('unscored');
  });

  it('examSetup: what the form offers and asks of each kind of material', () => {
    const form = defaultSettings();
    expect(examSetup(null, form)).toEqual({
      keyless: null,
      exam: null,
      paperOnly: false,
      needsPractice: false,
      counts: [5, 10, 15, 20],
      count: 10,
      problem: null,
    });
    // A keyed paper alone: the counts it fills and all; no type to choose, so none is missing.
    const alone = examSetup(summary({ usable: 12 }), { ...form, questionTypes: [] });
    expect(alone).toMatchObject({ paperOnly: true, counts: [5, 10, 'all'], count: 10 });
    expect(alone.problem).toBeNull();
    // Beside other text, the usual counts and the learner's types (none: a problem).
    const mixed = examSetup(summary({ otherText: true }), { ...form, questionTypes: [] });
    expect(mixed).toMatchObject({ paperOnly: false, counts: [5, 10, 15, 20, 'all'] });
    expect(mixed.problem).toBe('noTypes');
    // Keyless alone: practice must be ticked; ticked, every item by default.
    const keyless = summary({ usable: 0, practice: 8, keyFound: false });
    expect(examSetup(keyless, form)).toMatchObject({ exam: null, needsPractice: true });
    expect(examSetup(keyless, { ...form, unscored: true })).toMatchObject({
      needsPractice: false,
      paperOnly: true,
      counts: [5, 'all'],
      count: 'all',
    });
    // Keyless beside other text: the quiz can come from the other files, nothing to tick.
    const keylessMixed = summary({ usable: 0, practice: 8, keyFound: false, otherText: true });
    expect(examSetup(keylessMixed, form)).toMatchObject({ needsPractice: false, exam: null });
  });

  it('chooseCount: a number leaves "all", "all" keeps the last number', () => {
    const form = { ...defaultSettings(), all: true };
    expect(chooseCount(form, 5)).toMatchObject({ all: false, questionCount: 5 });
    expect(chooseCount({ ...form, all: false }, 'all')).toMatchObject({
      all: true,
      questionCount: 10,
    });
  });

  it('reads the practice count of the material answer, 0 when absent', () => {
    expect(summary({ practice: 6 }).practice).toBe(6);
    expect(readExamSummary({ items: 6, keyFound: false })!.practice).toBe(0);
  });

  it('translates the unscored notice and the no-key texts in both languages', () => {
    for (const [setup, materials, quiz] of [
      [zhSetup, zhMaterials, zhQuiz],
      [enSetup, enMaterials, enQuiz],
    ] as const) {
      const [notice] = noticeTexts([{ code: 'EXAM_UNSCORED' }]).map((n) =>
        renderNotice(n, translator(setup)),
      );
      expect(notice).toBeTruthy();
      for (const key of ['title', 'practice', 'hintPaper', 'hintMixed', 'reason'])
        expect(translator(setup)(`exam.noKey.${key}`, { count: 6 })).toBeTruthy();
      expect(translator(materials)('exam.practise')).toBeTruthy();
      for (const key of ['results.unscored.title', 'results.unscored.body', 'exam.unscored'])
        expect(translator(quiz)(key)).toBeTruthy();
      expect(translator(quiz)('results.unscored.answered', { answered: 3, total: 6 })).toMatch(
        /3.*6/,
      );
    }
    expect(translator(zhSetup)('exam.noKey.title', { count: 6 })).toBe(
      '這份考古題還沒有標準答案（已辨識 6 題選擇題）',
    );
  });
});
