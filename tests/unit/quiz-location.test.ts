import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type i18n } from 'i18next';
import zh from '../../src/i18n/locales/zh-TW/quiz.json';
import en from '../../src/i18n/locales/en/quiz.json';
import {
  formatLocation,
  type CitationLocation,
  type Translate,
} from '../../src/features/quiz/lib/location.js';

let i18: i18n;
const tIn =
  (lng: 'zh-TW' | 'en'): Translate =>
  (key, values) =>
    i18.getFixedT(lng, 'quiz')(key, values);

beforeAll(async () => {
  i18 = i18next.createInstance();
  await i18.init({
    resources: { 'zh-TW': { quiz: zh }, en: { quiz: en } },
    lng: 'zh-TW',
    fallbackLng: false,
    ns: ['quiz'],
    defaultNS: 'quiz',
    interpolation: { escapeValue: false },
  });
});

describe('where a cited quote stands in the material', () => {
  const cases: Array<[CitationLocation, string, string]> = [
    [{ kind: 'page', page: 3 }, '第 3 頁', 'Page 3'],
    [{ kind: 'slide', slide: 2 }, '投影片 2', 'Slide 2'],
    [{ kind: 'notes', slide: 2 }, '投影片 2 備忘稿', 'Slide 2 notes'],
    [
      { kind: 'sheet', sheet: 'X', rowStart: 2, rowEnd: 5 },
      '工作表 X 第 2–5 列',
      'Sheet X rows 2–5',
    ],
    [
      { kind: 'sheet', sheet: '成績', rowStart: 7, rowEnd: 7 },
      '工作表 成績 第 7 列',
      'Sheet 成績 row 7',
    ],
    [{ kind: 'paragraph', index: 4 }, '第 4 段', 'Paragraph 4'],
  ];

  it.each(cases)('%o → %s / %s', (location, zhText, enText) => {
    expect(formatLocation(location, tIn('zh-TW'))).toBe(zhText);
    expect(formatLocation(location, tIn('en'))).toBe(enText);
  });

  it('says nothing for a missing or unknown location', () => {
    expect(formatLocation(undefined, tIn('en'))).toBe('');
    expect(formatLocation({ kind: 'cell' } as unknown as CitationLocation, tIn('en'))).toBe('');
  });
});
