import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type i18n } from 'i18next';
import zh from '../../src/i18n/locales/zh-TW/materials.json';
import en from '../../src/i18n/locales/en/materials.json';
import {
  groupByFile,
  groupByUnit,
  locationLabel,
  locationMessage,
  takeBlocks,
  warningKey,
  type BlockLocation,
  type MaterialContent,
  type Translate,
} from '../../src/features/materials/lib/content.js';

let i18: i18n;
const tIn =
  (lng: 'zh-TW' | 'en'): Translate =>
  (key, values) =>
    i18.getFixedT(lng, 'materials')(key, values);

beforeAll(async () => {
  i18 = i18next.createInstance();
  await i18.init({
    resources: { 'zh-TW': { materials: zh }, en: { materials: en } },
    lng: 'zh-TW',
    fallbackLng: 'zh-TW',
    ns: ['materials'],
    defaultNS: 'materials',
    interpolation: { escapeValue: false },
  });
});

describe('location labels (where a passage came from)', () => {
  const cases: Array<[BlockLocation, string, string]> = [
    [{ kind: 'page', page: 3 }, '第 3 頁', 'Page 3'],
    [{ kind: 'slide', slide: 2 }, '第 2 張投影片', 'Slide 2'],
    [{ kind: 'slide', slide: 2, title: ' 緒論 ' }, '第 2 張投影片：緒論', 'Slide 2: 緒論'],
    [{ kind: 'notes', slide: 2 }, '第 2 張投影片備忘稿', 'Slide 2 notes'],
    [
      { kind: 'sheet', sheet: '115年', rowStart: 2, rowEnd: 20 },
      '工作表 115年 第 2–20 列',
      'Sheet 115年, rows 2–20',
    ],
    [
      { kind: 'sheet', sheet: 'Q1', rowStart: 7, rowEnd: 7 },
      '工作表 Q1 第 7 列',
      'Sheet Q1, row 7',
    ],
    [{ kind: 'paragraph', index: 5 }, '段落 5', 'Paragraph 5'],
    [
      { kind: 'paragraph', index: 5, headingPath: ['Chapter 1', 'Duties'] },
      '段落 5（Chapter 1 › Duties）',
      'Paragraph 5 (Chapter 1 › Duties)',
    ],
    [{ kind: 'paragraph', index: 1, headingPath: [' ', ''] }, '段落 1', 'Paragraph 1'],
  ];
  it.each(cases)('%j → %s / %s', (location, zhText, enText) => {
    expect(locationLabel(location, tIn('zh-TW'))).toBe(zhText);
    expect(locationLabel(location, tIn('en'))).toBe(enText);
  });

  it('has a label for a kind it does not know rather than a crash', () => {
    const odd = { kind: 'footnote', n: 1 } as unknown as BlockLocation;
    expect(locationMessage(odd).key).toBe('content.location.unknown');
    expect(locationLabel(odd, tIn('en'))).toBe('Unknown location');
  });
});

describe('warnings', () => {
  it('translates known codes and falls back to a generic text for unknown ones', () => {
    const t = (lng: 'zh-TW' | 'en', code: string, params: Record<string, unknown> = {}) =>
      tIn(lng)(warningKey(code), { ...params, code });
    expect(t('zh-TW', 'OCR_USED', { pages: 4, count: 4 })).toBe('以文字辨識讀取了 4 頁');
    expect(t('en', 'OCR_USED', { pages: 4, count: 4 })).toBe(
      'Read 4 pages with text recognition (OCR)',
    );
    expect(t('en', 'OCR_USED', { pages: 1, count: 1 })).toBe(
      'Read 1 page with text recognition (OCR)',
    );
    expect(t('zh-TW', 'TRUNCATED')).toBe('內容太長，只保留了前面的部分');
    expect(warningKey('SOMETHING_NEW')).toBe('content.warnings.generic');
    expect(t('en', 'SOMETHING_NEW')).toContain('SOMETHING_NEW');
  });
});

const content: MaterialContent = {
  language: 'en',
  files: [
    { id: 'a', name: 'a.md', type: 'md' },
    { id: 'b', name: 'b.csv', type: 'csv' },
  ],
  warnings: [{ code: 'TRUNCATED', fileId: 'b' }, { code: 'OCR_USED' }],
  blocks: [
    { fileId: 'b', text: 'b1', location: { kind: 'sheet', sheet: 'S', rowStart: 1, rowEnd: 5 } },
    { fileId: 'a', text: 'a1', location: { kind: 'paragraph', index: 1 } },
    { fileId: 'a', text: 'a2', location: { kind: 'paragraph', index: 2 } },
    { fileId: 'x', text: 'x1', location: { kind: 'page', page: 1 } },
  ],
};

describe('groupByFile', () => {
  it('groups in the files’ order, keeps reading order, and puts unknown files last', () => {
    const sections = groupByFile(content);
    expect(sections.map((s) => s.file.id)).toEqual(['a', 'b', 'x']);
    expect(sections[0]!.blocks.map((b) => b.text)).toEqual(['a1', 'a2']);
    expect(sections[1]!.warnings.map((w) => w.code)).toEqual(['TRUNCATED']);
    expect(sections[2]!.file.name).toBe('x');
  });

  it('shows only the chosen files when some are chosen', () => {
    expect(groupByFile(content, new Set(['b'])).map((s) => s.file.id)).toEqual(['b']);
    expect(groupByFile(content, new Set()).length).toBe(3);
  });
});

describe('takeBlocks (progressive rendering)', () => {
  it('cuts across files at the limit and counts what is left', () => {
    const sections = groupByFile(content);
    const first = takeBlocks(sections, 2);
    expect(first.sections.map((s) => s.blocks.map((b) => b.text))).toEqual([['a1', 'a2']]);
    expect(first.hidden).toBe(2);
    const more = takeBlocks(sections, 3);
    expect(more.sections.map((s) => s.blocks.length)).toEqual([2, 1]);
    expect(more.hidden).toBe(1);
    expect(takeBlocks(sections, 200).hidden).toBe(0);
  });
});

describe('groupByUnit', () => {
  const block = (location: BlockLocation, text = 'x') => ({ fileId: 'f', text, location });

  it('labels each page, slide, sheet or section once, in reading order', () => {
    const units = groupByUnit([
      block({ kind: 'page', page: 1 }, 'a'),
      block({ kind: 'page', page: 1 }, 'b'),
      block({ kind: 'page', page: 2 }, 'c'),
      block({ kind: 'sheet', sheet: 'Q1', rowStart: 2, rowEnd: 20 }),
      block({ kind: 'sheet', sheet: 'Q1', rowStart: 21, rowEnd: 40 }),
      block({ kind: 'paragraph', index: 1, headingPath: ['Ch 1', ' Intro '] }),
      block({ kind: 'paragraph', index: 2, headingPath: ['Ch 1', 'Intro'] }),
      block({ kind: 'paragraph', index: 3 }),
    ]);
    expect(units.map((u) => [u.key, u.blocks.length])).toEqual([
      ['page:1', 2],
      ['page:2', 1],
      ['sheet:Q1', 2],
      ['section:Ch 1 › Intro', 2],
      ['section:', 1],
    ]);
    const labels = units.map((u) => (u.label ? tIn('zh-TW')(u.label.key, u.label.values) : null));
    expect(labels).toEqual(['第 1 頁', '第 2 頁', '工作表 Q1', 'Ch 1 › Intro', null]);
    expect(tIn('en')(units[2]!.label!.key, units[2]!.label!.values)).toBe('Sheet Q1');
  });

  it('starts a new label when a page comes back after another (reading order is kept)', () => {
    const units = groupByUnit([
      block({ kind: 'slide', slide: 1 }),
      block({ kind: 'notes', slide: 1 }),
      block({ kind: 'slide', slide: 1 }),
    ]);
    expect(units.map((u) => u.key)).toEqual(['slide:1', 'notes:1', 'slide:1']);
  });
});
