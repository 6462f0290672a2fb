import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../src/i18n/locales/zh-TW/quiz.json';
import en from '../../src/i18n/locales/en/quiz.json';
import { examSourceOf, formatExamSource } from '../../src/features/quiz/lib/exam-source.js';

// "第 N 題" of the paper on a question taken verbatim from an exam (issue 17), in both languages.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'zh-TW',
    resources: { 'zh-TW': { quiz: zh }, en: { quiz: en } },
    ns: ['quiz'],
    defaultNS: 'quiz',
    interpolation: { escapeValue: false },
  });
});
const tIn = (lng: string) => (key: string, o?: Record<string, unknown>) =>
  i18n.getFixedT(lng, 'quiz')(key, o) as string;

describe('exam source of a question', () => {
  it('reads the paper and number the API sends, leniently', () => {
    expect(examSourceOf({ exam: { paper: '114年 火災學概要', number: 12 } })).toEqual({
      paper: '114年 火災學概要',
      number: 12,
    });
    expect(examSourceOf({ exam: { number: 3 } })).toEqual({ paper: '', number: 3 });
    expect(examSourceOf({ question: 'generated' })).toBeNull();
    expect(examSourceOf({ exam: { paper: 'x', number: '3' } })).toBeNull();
    expect(examSourceOf({ exam: { paper: 'x', number: 0 } })).toBeNull();
    expect(examSourceOf(null)).toBeNull();
  });

  it('says 第 N 題 in zh-TW and "question N of the paper" in English', () => {
    const source = { paper: '114年 火災學概要', number: 12 };
    expect(formatExamSource(source, tIn('zh-TW'))).toBe('114年 火災學概要 第 12 題');
    expect(formatExamSource(source, tIn('en'))).toBe('114年 火災學概要, question 12 of the paper');
    expect(formatExamSource({ paper: '', number: 4 }, tIn('zh-TW'))).toBe('原卷第 4 題');
    expect(formatExamSource({ paper: '', number: 4 }, tIn('en'))).toBe('Question 4 of the paper');
    expect(formatExamSource(null, tIn('en'))).toBe('');
  });
});
