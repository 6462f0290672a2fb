import { describe, expect, it } from 'vitest';
import { readPaper, type ReadWork } from '../../api/exam/items.js';
import { recognizeExam } from '../../api/exam/recognize.js';
import type { Block } from '../../api/extract/types.js';

/*
 * The exam reader is linear in the text it reads (issue 17): a long prose document — even one
 * whose sections are numbered like items and whose sentences hold (a)…(d) — is read once and
 * recognised as "not a paper"; a question paper beside it is still read whole. The work is
 * counted (characters read plus characters handed to the option splitter), not timed.
 */

const page = (n: number) => ({ kind: 'page' as const, page: n });

/** About `chars` characters of prose in paragraphs of ~150 characters, as one file's blocks. */
function prose(fileId: string, chars: number, headings: string[] = []): Block[] {
  const blocks: Block[] = [];
  let total = 0;
  let i = 0;
  const every = Math.max(1, Math.floor(chars / 150 / Math.max(1, headings.length)));
  while (total < chars) {
    if (i % every === 0 && headings[i / every] !== undefined) {
      blocks.push({ fileId, text: headings[i / every]!, location: page(1 + Math.floor(i / 40)) });
    }
    const text =
      `第${i}段：憲法保障人民的基本權利，包括 (a) 言論自由與 (b) 集會自由（見附表 (d)）。` +
      'The court held that the statute applied to every case heard after the reform of the code.';
    blocks.push({ fileId, text, location: page(1 + Math.floor(i / 40)) });
    total += text.length;
    i++;
  }
  return blocks;
}

const length = (blocks: Block[]) => blocks.reduce((n, b) => n + b.text.trim().length, 0);

/** Our small national-style paper and its 標準答案 and 更正 grids. */
const PAPER: Block[] = [
  '科目：火災學概要',
  '1 燃燒的四要素不包括下列何者？\n熱能 連鎖反應 氧氣 可燃物',
  '2 硫磺固體之燃燒屬於下列何種燃燒型態？\n爆炸燃燒 分解燃燒 自己燃燒 蒸發燃燒',
  '3 下列何者為惰性氣體？\n氧 氮 氦 氫',
  '4 水的化學式為何？\nH2O CO2 O2 H2',
].map((text) => ({ fileId: 'q.pdf', text, location: page(1) }));
const KEY: Block[] = [
  '科目名稱：火災學概要 單選題數：4題',
  '題號 第1題 第2題 第3題 第4題 答案 C D C A',
].map((text) => ({ fileId: 's.pdf', text, location: page(1) }));
const CORRECTION: Block[] = [
  '測驗題標準答案更正 科目名稱：火災學概要 單選題數：4題',
  '題號 第1題 第2題 第3題 第4題 答案 C # C A',
  '備註：第2題一律給分。',
].map((text) => ({ fileId: 'm.pdf', text, location: page(1) }));

describe('the exam reader on long prose', () => {
  it('recognises 2 MB of prose as no paper, reading each character about once', () => {
    const notes = prose('notes.txt', 2_000_000);
    const work: ReadWork = { chars: 0 };
    const rec = recognizeExam({ blocks: notes }, { work });
    expect(rec.items).toEqual([]);
    expect(rec.keyFound).toBe(false);
    expect(work.chars).toBeGreaterThanOrEqual(length(notes));
    expect(work.chars).toBeLessThanOrEqual(2 * length(notes));
  });

  it('bounds a numbered section that never gives options, and gives up on numbered prose', () => {
    // One "1." heading: its section is read as an item only up to MAX_ITEM_CHARS.
    const one = prose('notes.txt', 2_000_000, ['1. 緒論']);
    const work: ReadWork = { chars: 0 };
    const reading = readPaper(one, work);
    expect(reading).toMatchObject({ items: [], skipped: [], abandoned: 1 });
    expect(work.chars).toBeLessThanOrEqual(2 * length(one));

    // Three numbered sections and no item: prose, and the rest is not read at all.
    const outline = prose('notes.txt', 2_000_000, ['1. 緒論', '2. 方法', '3. 結果', '4. 討論']);
    const early: ReadWork = { chars: 0 };
    const stopped = readPaper(outline, early);
    expect(stopped).toMatchObject({ items: [], skipped: [], notPaper: true });
    expect(early.chars).toBeLessThan(length(outline));
    expect(recognizeExam({ blocks: outline }).items).toEqual([]);
  });

  it('still reads a paper and its keys beside 2 MB of numbered notes, naming the key files', () => {
    const notes = prose('notes.txt', 2_000_000, ['1. 緒論', '2. 方法', '3. 結果']);
    const work: ReadWork = { chars: 0 };
    const rec = recognizeExam({ blocks: [...notes, ...CORRECTION, ...PAPER, ...KEY] }, { work });
    expect(rec.items.map((i) => [i.number, i.key.join('')])).toEqual([
      [1, 'C'],
      [2, 'ABCD'],
      [3, 'C'],
      [4, 'A'],
    ]);
    expect(rec.corrections).toBe(1);
    expect(rec.keyFileIds.sort()).toEqual(['m.pdf', 's.pdf']);
    expect(work.chars).toBeLessThanOrEqual(2 * length(notes) + 10_000);
  });
});

describe('the key files a recognition used', () => {
  it('names a CSV or TXT answer list only when it keyed an item, and a paper keying itself', () => {
    const paper: Block[] = [
      '1. Which gas is inert? (A) Oxygen (B) Nitrogen (C) Helium (D) Hydrogen',
      '2. What is the formula of water? (A) H2O (B) CO2 (C) O2 (D) H2',
    ].map((text, i) => ({ fileId: 'paper.txt', text, location: { kind: 'paragraph', index: i } }));
    const list: Block = {
      fileId: 'answers.csv',
      text: 'Question: 1; Answer: C\nQuestion: 2; Answer: A',
      location: { kind: 'paragraph', index: 0 },
    };
    const stray: Block = {
      fileId: 'notes.txt',
      text: 'See table 7 b and figure 9 e for the figures.',
      location: { kind: 'paragraph', index: 0 },
    };
    const rec = recognizeExam({ blocks: [...paper, list, stray] });
    expect(rec.items.map((i) => i.key.join(''))).toEqual(['C', 'A']);
    expect(rec.keyFileIds).toEqual(['answers.csv']);

    const inline = recognizeExam({
      blocks: [
        '1. 下列何者為惰性氣體？ (A)氧 (B)氮 (C)氦 (D)氫 答案：C',
        '2. 水的化學式為何？ (A)H2O (B)CO2 (C)O2 (D)H2 答案：A',
      ].map((text, i) => ({ fileId: 'w.docx', text, location: { kind: 'paragraph', index: i } })),
    });
    expect(inline.keyFileIds).toEqual(['w.docx']);
    expect(recognizeExam({ blocks: paper }).keyFileIds).toEqual([]);
  });
});
