import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnswerList, parseGrid, readNotes } from '../../api/exam/keys.js';
import { recognizeExam } from '../../api/exam/recognize.js';
import { extractDocument } from '../../api/extract/index.js';
import type { Block } from '../../api/extract/types.js';

const page = (n: number) => ({ kind: 'page' as const, page: n });

function pdfBlocks(fileId: string, texts: string[]): Block[] {
  return texts.map((text) => ({ fileId, text, location: page(1) }));
}

/** A national paper as the PDF extraction gives it: glyph letters as a line break and spaces. */
const PAPER = pdfBlocks('q.pdf', [
  '114年公務人員特種考試',
  '等別：普通考試 類科：消防設備士 科目：火災學概要',
  '甲、申論題部分：（50 分）',
  '一、請說明水滅火之原理。（25 分）',
  '二、試述閃燃與爆燃之差異。（25 分）',
  '乙、測驗題部分：（50 分） 代號：1402',
  '1 某物質每克的燃燒熱為 1 仟焦耳，則該物質之熱釋放率為：\n1\u00a0MW 1\u00a0kW 10\u00a0MW 10\u00a0kW',
  '2 燃燒的四要素不包括下列何者？\n熱能 連鎖反應 氧氣 可燃物',
  '3 下列敘述何者錯誤？①警報裝置應確實鳴響 ②遲延裝置應確實動作 ③放射表示燈應確實亮燈\n①② ②③ ①③ ①②③',
  '4 硫磺固體之燃燒屬於下列何種燃燒型態？\n爆炸燃燒 分解燃燒 自己燃燒 蒸發燃燒',
]);

const KEY = pdfBlocks('s.pdf', [
  '測驗式試題標準答案 考試名稱：114年公務人員特種考試',
  '科目名稱：火災學概要（試題代號：1402) 單選題數：4題 單選每題配分：1.25分',
  '題號 第1題 第2題 第3題 第4題 第5題 第6題 第7題 第8題 第9題 第10題 答案 D A C D',
  '備註：',
]);

const CORRECTION = pdfBlocks('m.pdf', [
  '測驗題標準答案更正 科目名稱：火災學概要 單選題數：4題',
  '標準答案：答案標註#者，表該題有更正答案，其更正內容詳見備註。',
  '題號 第1題 第2題 第3題 第4題 第5題 第6題 第7題 第8題 第9題 第10題 答案 D # C #',
  '備註：第2題一律給分，第4題答Ｃ或Ｄ者均給分。',
]);

describe('national paper with glyph-letter options', () => {
  it('reads stems and the four options told apart by position, essays apart', () => {
    const r = recognizeExam({ blocks: [...PAPER, ...KEY] });
    expect(r.items.map((i) => i.number)).toEqual([1, 2, 3, 4]);
    expect(r.items[0]).toMatchObject({
      paper: '114年 火災學概要',
      stem: '某物質每克的燃燒熱為 1 仟焦耳，則該物質之熱釋放率為：',
      options: [
        { letter: 'A', text: '1 MW' },
        { letter: 'B', text: '1 kW' },
        { letter: 'C', text: '10 MW' },
        { letter: 'D', text: '10 kW' },
      ],
      key: ['D'],
      kind: 'single',
      anyAnswer: false,
    });
    // Statements ①–③ in the stem are not the options; the glyph-lettered combinations are.
    expect(r.items[2]!.stem).toContain('①警報裝置應確實鳴響');
    expect(r.items[2]!.options.map((o) => o.text)).toEqual(['①②', '②③', '①③', '①②③']);
    expect(r.essays.map((e) => e.number)).toEqual([1, 2]);
    expect(r.essays[0]!.text).toBe('請說明水滅火之原理。（25 分）');
    expect(r).toMatchObject({ keyFound: true, corrections: 0, skipped: [] });
  });

  it('applies a correction over the key: 一律給分 and 答C或D者均給分', () => {
    const r = recognizeExam({ blocks: [...CORRECTION, ...PAPER, ...KEY] });
    const byNumber = new Map(r.items.map((i) => [i.number, i]));
    expect(byNumber.get(1)!.key).toEqual(['D']);
    expect(byNumber.get(2)).toMatchObject({
      anyAnswer: true,
      key: ['A', 'B', 'C', 'D'],
      correctionNote: '第2題一律給分',
    });
    expect(byNumber.get(4)).toMatchObject({
      anyAnswer: false,
      key: ['C', 'D'],
      correctionNote: '第4題答Ｃ或Ｄ者均給分',
    });
    expect(r.corrections).toBe(2);
  });

  it('leaves out an item whose options are not all found, and one the key does not cover', () => {
    const blocks = pdfBlocks('q.pdf', [
      '1 燃燒的四要素不包括下列何者？\n熱能 連鎖反應 氧氣 可燃物',
      '2 下列何者正確？',
      '3 下列何者錯誤？\n甲 乙 丙 丁',
    ]);
    const key = pdfBlocks('s.pdf', ['題號 第1題 第2題 第3題 答案 A B']);
    const r = recognizeExam({ blocks: [...blocks, ...key] });
    expect(r.items.map((i) => i.number)).toEqual([1]);
    expect(r.skipped).toEqual([
      { paper: 'q', number: 2, reason: 'options not found' },
      { paper: 'q', number: 3, reason: 'key row has blanks' },
    ]);
  });

  it('never guesses a key: a # without a readable note leaves the item out', () => {
    const key = pdfBlocks('m.pdf', [
      '更正 題號 第1題 第2題 第3題 第4題 答案 D # C D',
      '備註：第2題請參閱公告。',
    ]);
    const r = recognizeExam({ blocks: [...PAPER, ...key] });
    expect(r.items.map((i) => i.number)).toEqual([1, 3, 4]);
    expect(r.skipped).toEqual([
      expect.objectContaining({ number: 2, reason: expect.stringContaining('not understood') }),
    ]);
  });
});

describe('key formats', () => {
  it('reads a 標準答案 grid, blanks standing for unused numbers', () => {
    const key = parseGrid(
      '單選題數：12題 題號 第1題 第2題 第3題 第4題 第5題 第6題 第7題 第8題 第9題 第10題 答案 D A B C B D C D C C ' +
        '題號 第11題 第12題 第13題 第14題 答案 A B 題號 第21題 第22題答案 備註：',
    )!;
    expect(key.kind).toBe('grid');
    expect([...key.entries].map(([n, e]) => `${n}${e.letters.join('')}`).join(' ')).toBe(
      '1D 2A 3B 4C 5B 6D 7C 8D 9C 10C 11A 12B',
    );
    expect(key.problems.size).toBe(0);
  });

  it('reads correction notes clause by clause', () => {
    const { entries, problems } = readNotes(
      '第21題答Ｃ或Ｄ或CD者均給分，第37題答Ｂ給分；第5、6題一律給分。第9題更正為A。',
    );
    expect(entries.get(21)).toMatchObject({ letters: ['C', 'D'], anyAnswer: false });
    expect(entries.get(37)).toMatchObject({ letters: ['B'] });
    expect(entries.get(5)).toMatchObject({ anyAnswer: true });
    expect(entries.get(6)).toMatchObject({ anyAnswer: true });
    expect(entries.get(9)).toMatchObject({ letters: ['A'] });
    expect(problems.size).toBe(0);
    const range = readNotes('第1題至第3題一律給分，第4題請參閱說明。');
    expect([...range.entries.keys()]).toEqual([1, 2, 3]);
    expect([...range.problems.keys()]).toEqual([4]);
  });

  it('reads answer lists: "1. C 2. A", "1-C", "1:(b)", spreadsheet rows', () => {
    const letters = (text: string) =>
      [...parseAnswerList(text)!.entries].map(([n, e]) => `${n}${e.letters[0]}`).join(' ');
    expect(letters('Answers: 1. C 2. A 3. D')).toBe('1C 2A 3D');
    expect(letters('1-C\n2-B\n3-A')).toBe('1C 2B 3A');
    expect(letters('1:(b) 2:(d)')).toBe('1B 2D');
    expect(letters('Question: 1; Answer: C\nQuestion: 2; Answer: A')).toBe('1C 2A');
    expect(letters('1.Ｃ 2.Ａ')).toBe('1C 2A');
  });

  it('reads 「答案：C」 printed after each item', () => {
    const blocks: Block[] = [
      '1. 下列何者為惰性氣體？ (A)氧 (B)氮 (C)氦 (D)氫 答案：C',
      '2. 水的化學式為何？ (A)H2O (B)CO2 (C)O2 (D)H2 答案：A',
    ].map((text, i) => ({ fileId: 'w.docx', text, location: { kind: 'paragraph', index: i } }));
    const r = recognizeExam({ blocks });
    expect(r.items.map((i) => [i.stem, i.options[2]!.text, i.key.join('')])).toEqual([
      ['下列何者為惰性氣體？', '氦', 'C'],
      ['水的化學式為何？', 'O2', 'A'],
    ]);
    expect(r.keyFound).toBe(true);
  });
});

describe('English question list', () => {
  const fixtures = path.resolve(import.meta.dirname, '../fixtures/exam');
  const file = (name: string) => ({
    fileId: name,
    path: path.join(fixtures, name),
    fileName: name,
    kind: name.endsWith('.csv') ? ('csv' as const) : ('text' as const),
  });

  it('reads numbered items with (A)–(D) options and the answer key at the end', async () => {
    const doc = await extractDocument([file('en-cell-biology-quiz.txt')]);
    const r = recognizeExam(doc);
    expect(r.items).toHaveLength(6);
    expect(r.items[1]).toMatchObject({
      stem: 'The fluid mosaic model describes the structure of which of the following?',
      options: [
        { letter: 'A', text: 'The cell membrane' },
        { letter: 'B', text: 'The nuclear envelope only' },
        { letter: 'C', text: 'The cell wall of plants' },
        { letter: 'D', text: 'The cytoskeleton' },
      ],
      key: ['A'],
    });
    expect(r.items.map((i) => i.key.join('')).join('')).toBe('CABDBC');
    expect(r.skipped).toEqual([]);
  }, 60_000);

  it('takes the key from a separate CSV answer list, whatever the order of the files', async () => {
    const doc = await extractDocument([
      file('en-cell-biology-quiz-answers.csv'),
      file('en-cell-biology-quiz.txt'),
    ]);
    const r = recognizeExam(doc);
    expect(r.items.map((i) => i.key.join('')).join('')).toBe('CABDBC');
  }, 60_000);
});

describe('options that begin on the next page', () => {
  // No development paper has one (docs/decisions/0021). An options-only paragraph comes from
  // the extraction without the line break that starts glyph-lettered options, so the item
  // cannot be split: it is left out, never given options it may not have.
  it('leaves the item out and reads the next one', () => {
    const blocks: Block[] = [
      {
        fileId: 'q.pdf',
        text: '1 燃燒的四要素不包括下列何者？\n熱能 連鎖反應 氧氣 可燃物',
        location: page(1),
      },
      { fileId: 'q.pdf', text: '2 硫磺固體之燃燒屬於下列何種燃燒型態？', location: page(1) },
      { fileId: 'q.pdf', text: '爆炸燃燒 分解燃燒 自己燃燒 蒸發燃燒', location: page(2) },
      { fileId: 'q.pdf', text: '3 下列何者為惰性氣體？\n氧 氮 氦 氫', location: page(2) },
    ];
    const key = pdfBlocks('s.pdf', ['題號 第1題 第2題 第3題 答案 C D C']);
    const r = recognizeExam({ blocks: [...blocks, ...key] });
    expect(r.items.map((i) => i.number)).toEqual([1, 3]);
    expect(r.skipped).toEqual([{ paper: 'q', number: 2, reason: 'options not found' }]);
  });
});
