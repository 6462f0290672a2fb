import { describe, expect, it } from 'vitest';
import { pageText } from '../../api/extract/pdf/page-text.js';
import { layoutPages } from '../../api/extract/pdf/text-layer.js';
import { recognizeExam } from '../../api/exam/recognize.js';
import type { Block } from '../../api/extract/types.js';

/*
 * Items whose options begin on the next page, or whose option list the page break splits,
 * with the paper's running header and footer (代號, 頁次) between them (issue 17): read whole,
 * cited on the stem's page, and no page furniture in an option. Pages are built from
 * pdf.js-style text items, as pdf.js hands them to the extraction.
 */

type Content = Parameters<typeof pageText>[1];
type Viewport = Parameters<typeof pageText>[2];

// The option letters (A)–(D) of the national papers extract as these private-use glyphs.
const [A, B, C, D] = ['\ue18c', '\ue18d', '\ue18e', '\ue18f'];
const HEIGHT = 800;
const SIZE = 12;

/** A printed line: runs [x, text] on one baseline `y` (points from the top). */
type Line = { y: number; runs: Array<[number, string]>; size?: number };

function page(n: number, lines: Line[]) {
  const items = lines.flatMap(({ y, runs, size = SIZE }) =>
    runs.map(([x, str]) => ({
      str,
      dir: 'ltr',
      transform: [size, 0, 0, size, x, HEIGHT - y],
      width: str.length * size,
      height: size,
      fontName: 'f',
      hasEOL: false,
    })),
  );
  const content = { items, styles: {} } as unknown as Content;
  const viewport = {
    transform: [1, 0, 0, -1, 0, HEIGHT],
    scale: 1,
    width: 600,
    height: HEIGHT,
  } as unknown as Viewport;
  return pageText(n, content, viewport);
}

/** The running header and footer every page of a national paper prints. */
const furniture = (n: number): Line[] => [
  { y: 40, runs: [[50, '代號：50150']], size: 10 },
  { y: 40, runs: [[450, `頁次：3－${n}`]], size: 10 },
  { y: 770, runs: [[280, `第 ${n} 頁`]], size: 10 },
];

/** A question line at the margin, then each option line indented, a glyph letter before it. */
const question = (y: number, text: string): Line => ({ y, runs: [[50, text]] });
const option = (y: number, mark: string, text: string): Line => ({
  y,
  runs: [
    [70, mark],
    [86, text],
  ],
});

function blocksOf(pages: ReturnType<typeof page>[]): Block[] {
  return layoutPages(pages).flatMap(({ page: p, paragraphs }) =>
    paragraphs.map((text) => ({ fileId: 'paper', text, location: { kind: 'page', page: p } })),
  );
}

const KEY: Block = {
  fileId: 'key',
  text: '題號 第1題 第2題 第3題 第4題 答案 A C B D',
  location: { kind: 'page', page: 1 },
};

describe('an item whose options begin on the next page', () => {
  // Page 1: item 1 whole, item 2's stem at the bottom; page 2: item 2's options, then item 3
  // with two options, whose (C) and (D) are on page 3, followed by item 4.
  const pages = [
    page(1, [
      ...furniture(1),
      question(100, '1 下列何者為燃燒的要素？'),
      option(118, A, '可燃物'),
      option(136, B, '氮氣'),
      option(154, C, '二氧化碳'),
      option(172, D, '水蒸氣'),
      question(700, '2 依消防法規定，下列何者應設置火警自動警報設備？'),
    ]),
    page(2, [
      ...furniture(2),
      option(100, A, '一般住宅'),
      option(118, B, '倉庫'),
      option(136, C, '地下建築物'),
      option(154, D, '農舍'),
      question(180, '3 滅火器的檢查，下列敘述何者正確？'),
      option(680, A, '每年檢查一次'),
      option(698, B, '每月檢查一次'),
    ]),
    page(3, [
      ...furniture(3),
      option(100, C, '每週檢查一次'),
      option(118, D, '不需檢查'),
      question(144, '4 下列何者不是避難器具？'),
      option(162, A, '緩降機'),
      option(180, B, '救助袋'),
      option(198, C, '避難梯'),
      option(216, D, '撒水頭'),
    ]),
  ];

  it('reads the stem and options as one item, cited on the stem’s page', () => {
    const rec = recognizeExam({ blocks: [...blocksOf(pages), KEY] });
    expect(rec.skipped).toEqual([]);
    expect(rec.items.map((i) => [i.number, i.citation.location, i.key.join('')])).toEqual([
      [1, { kind: 'page', page: 1 }, 'A'],
      [2, { kind: 'page', page: 1 }, 'C'],
      [3, { kind: 'page', page: 2 }, 'B'],
      [4, { kind: 'page', page: 3 }, 'D'],
    ]);
    const two = rec.items[1]!;
    expect(two.stem).toBe('依消防法規定，下列何者應設置火警自動警報設備？');
    expect(two.options.map((o) => o.text)).toEqual(['一般住宅', '倉庫', '地下建築物', '農舍']);
    const three = rec.items[2]!;
    expect(three.options.map((o) => o.text)).toEqual([
      '每年檢查一次',
      '每月檢查一次',
      '每週檢查一次',
      '不需檢查',
    ]);
  });

  it('never puts the page header or footer into a stem or an option', () => {
    const rec = recognizeExam({ blocks: [...blocksOf(pages), KEY] });
    const texts = rec.items.flatMap((i) => [i.stem, ...i.options.map((o) => o.text)]);
    for (const text of texts) expect(text).not.toMatch(/代號|頁次|第 \d 頁/u);
  });
});

describe('page furniture the extraction kept (a header on one page only, a text copy)', () => {
  it('is passed over between an item’s stem and its labelled options', () => {
    const blocks: Block[] = [
      '1. Which gas is most of the air we breathe?',
      '(A) Oxygen (B) Nitrogen',
      'Page 1 of 2',
      '代號：50150 頁次：2－1',
      '(C) Argon (D) Carbon dioxide',
      '2. Water boils at sea level at (A) 90 °C (B) 100 °C (C) 110 °C (D) 120 °C',
      'Answers: 1. B 2. B',
    ].map((text, i) => ({
      fileId: 'en',
      text,
      location: { kind: 'page', page: i < 3 ? 1 : 2 },
    }));
    const rec = recognizeExam({ blocks });
    expect(rec.items[0]).toMatchObject({
      stem: 'Which gas is most of the air we breathe?',
      options: [
        { letter: 'A', text: 'Oxygen' },
        { letter: 'B', text: 'Nitrogen' },
        { letter: 'C', text: 'Argon' },
        { letter: 'D', text: 'Carbon dioxide' },
      ],
      key: ['B'],
      citation: { location: { kind: 'page', page: 1 } },
    });
  });
});
