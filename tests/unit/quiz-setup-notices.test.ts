import { describe, expect, it } from 'vitest';
import zh from '../../src/i18n/locales/zh-TW/quiz-setup.json';
import en from '../../src/i18n/locales/en/quiz-setup.json';
import { noticeTexts, renderNotice } from '../../src/features/quiz/lib/generation-notices.js';
import type { QuizNotice } from '../../src/features/quiz/api/types.js';

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

const render = (notices: QuizNotice[], bundle: Record<string, unknown>) =>
  noticeTexts(notices).map((text) => renderNotice(text, translator(bundle)));

describe('generator notices, translated', () => {
  it('LANGUAGE_MISMATCH names both languages', () => {
    const notices: QuizNotice[] = [
      { code: 'LANGUAGE_MISMATCH', params: { material: 'en', quiz: 'zh-TW' } },
    ];
    expect(render(notices, zh)).toEqual([
      '這份測驗以繁體中文出題，但教材看起來是英文，部分題目是從教材翻譯而來。',
    ]);
    expect(render(notices, en)[0]).toContain('in Traditional Chinese');
  });

  it('LANGUAGE_MISMATCH from the built-in generator says the quiz was not translated', () => {
    const notices: QuizNotice[] = [
      {
        code: 'LANGUAGE_MISMATCH',
        params: { material: 'zh-TW', quiz: 'en-US', written: 'zh-TW', translated: 0 },
      },
    ];
    expect(render(notices, en)).toEqual([
      "You asked for English, but the material appears to be in Traditional Chinese. Mnemo's built-in question writer can't translate, so the questions are in Traditional Chinese, as the material is.",
    ]);
    expect(render(notices, zh)[0]).toContain('無法翻譯');
    for (const text of [...render(notices, en), ...render(notices, zh)])
      expect(text).not.toMatch(/were translated|翻譯而來/);
  });

  it('INSTRUCTIONS_UNMATCHED and FREE_QUIZ_NOT_COUNTED have a message in both languages', () => {
    const notices: QuizNotice[] = [
      { code: 'NOT_ENOUGH_MATERIAL', params: { requested: 10, produced: 6 } },
      { code: 'FREE_QUIZ_NOT_COUNTED' },
      { code: 'INSTRUCTIONS_UNMATCHED' },
    ];
    expect(render(notices, en)).toEqual([
      'The material only had enough content for 6 of the 10 questions.',
      "The quiz is shorter than you asked for, so it wasn't counted against your free quizzes.",
      'Nothing in the material matched your additional instructions, so the questions cover the whole material.',
    ]);
    expect(render(notices, zh)).toHaveLength(3);
  });

  it('NOT_ENOUGH_MATERIAL says how many of how many, and makes the type notices redundant', () => {
    const notices: QuizNotice[] = [
      { code: 'TYPE_UNAVAILABLE', params: { type: 'true_false' } },
      { code: 'NOT_ENOUGH_MATERIAL', params: { requested: 10, produced: 6, reason: 'material' } },
    ];
    expect(render(notices, en)).toEqual([
      'The material only had enough content for 6 of the 10 questions.',
    ]);
  });

  it('TYPE_UNAVAILABLE notices make one message naming the types as the form does', () => {
    const notices: QuizNotice[] = [
      { code: 'TYPE_UNAVAILABLE', params: { type: 'dropdown_fill_in_blank' } },
      { code: 'TYPE_UNAVAILABLE', params: { type: 'true_false' } },
      { code: 'TYPE_UNAVAILABLE', params: { type: 'essay' } },
    ];
    expect(render(notices, zh)).toEqual([
      '教材不足以出那麼多「是非題、填空題」，部分題目改用其他題型。',
    ]);
    expect(render(notices, en)[0]).toContain('True/False, Fill in the Blank questions');
  });

  it('LLM_FALLBACK has a message in both languages; unknown codes are dropped', () => {
    const notices: QuizNotice[] = [{ code: 'LLM_FALLBACK', params: { reason: 'timeout' } }];
    expect(render(notices, zh)[0]).toMatch(/內建/);
    expect(render(notices, en)[0]).toMatch(/built-in/);
    expect(render([{ code: 'SOMETHING_NEW' }], en)).toEqual([]);
  });
});

describe('quiz-setup locale files', () => {
  const keys = (node: unknown, prefix = ''): string[] =>
    typeof node === 'object' && node
      ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];

  it('zh-TW and en have the same keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const key of keys(zh)) expect(translator(zh)(key).trim(), key).not.toBe('');
    for (const key of keys(en)) expect(translator(en)(key).trim(), key).not.toBe('');
  });

  it('has six stage texts and six tips in each language', () => {
    for (const bundle of [zh, en]) {
      expect(Object.keys(bundle.stages)).toHaveLength(6);
      expect(Object.keys(bundle.tips)).toHaveLength(6);
    }
  });
});
