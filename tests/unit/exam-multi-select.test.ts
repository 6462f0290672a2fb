import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnswerList, parseGrid, readNotes } from '../../api/exam/keys.js';
import { recognizeExam } from '../../api/exam/recognize.js';
import { extractDocument } from '../../api/extract/index.js';
import type { Block } from '../../api/extract/types.js';

/*
 * Multiple-select items (複選題, issue 17): keys of several letters (ABD, A,B,D, 「A、B、D」),
 * corrections that accept several sets or 「一律給分」, and the three fixture papers of our own
 * (a PDF with an item across a page break, a TXT with 「答案：」 lines, an English list).
 */

const fixtures = path.resolve(import.meta.dirname, '../fixtures/exam');
const source = (name: string) => ({
  fileId: name,
  path: path.join(fixtures, name),
  fileName: name,
  kind: name.endsWith('.pdf') ? ('pdf' as const) : ('text' as const),
});

const blocks = (fileId: string, lines: string[]): Block[] =>
  lines.map((text, index) => ({ fileId, text, location: { kind: 'paragraph', index } }));

const summary = (rec: ReturnType<typeof recognizeExam>) =>
  rec.items.map((i) => [i.number, i.kind, i.key.join(''), ...(i.keySets ? [i.keySets] : [])]);

describe('multi-letter keys', () => {
  it('reads ABD, A,B,D and 「A、B、D」 in an answer list, single letters beside them', () => {
    const key = parseAnswerList('答案 1. C 2. ABD 3. A,C 4. B、C、D 5-D 6：(A)')!;
    expect([...key.entries].map(([n, e]) => [n, e.letters.join('')])).toEqual([
      [1, 'C'],
      [2, 'ABD'],
      [3, 'AC'],
      [4, 'BCD'],
      [5, 'D'],
      [6, 'A'],
    ]);
    // Letters apart by spaces alone stay separate pairs; prose words are no key.
    expect([...parseAnswerList('1 A 2 B')!.entries.keys()]).toEqual([1, 2]);
    expect(parseAnswerList('see table 1 Bad and 2 Ace')?.entries.size ?? 0).toBe(0);
  });

  it('reads a 標準答案 grid with multi-letter answers', () => {
    const grid = parseGrid('題號 第1題 第2題 第3題 答案 A BD ACD')!;
    expect([...grid.entries].map(([n, e]) => [n, e.letters.join('')])).toEqual([
      [1, 'A'],
      [2, 'BD'],
      [3, 'ACD'],
    ]);
  });

  it('reads a correction accepting several sets, or every answer', () => {
    const { entries, problems } = readNotes(
      '第3題答ABD或AB者均給分；第4題一律給分；第5題答C或D者均給分；第6題更正為DB',
    );
    expect(problems.size).toBe(0);
    expect(entries.get(3)).toMatchObject({
      letters: ['A', 'B', 'D'],
      sets: [
        ['A', 'B', 'D'],
        ['A', 'B'],
      ],
      note: '第3題答ABD或AB者均給分',
    });
    expect(entries.get(4)).toMatchObject({ anyAnswer: true, letters: [] });
    expect(entries.get(5)).toMatchObject({ letters: ['C', 'D'], sets: [['C'], ['D']] });
    expect(entries.get(6)).toMatchObject({ letters: ['B', 'D'] });
  });
});

describe('multiple-select items with their keys', () => {
  const paper = blocks('paper', [
    '一、單選題',
    '1. 下列何者為燃燒的要素？ (A) 可燃物 (B) 氮氣 (C) 氦氣 (D) 氖氣',
    '2. 滅火器應放在何處？ (A) 上鎖的櫃中 (B) 明顯易取之處 (C) 屋頂 (D) 地下室',
    '二、複選題',
    '3. 下列何者屬於避難器具？ (A) 緩降機 (B) 救助袋 (C) 撒水頭 (D) 避難梯',
    '4. 下列何者屬於警報設備？ (A) 火警自動警報設備 (B) 室內消防栓 (C) 緊急廣播設備 (D) 排煙設備',
    '5. 下列哪些做法正確？ (A) 關門阻煙 (B) 搭電梯逃生 (C) 低姿勢避難 (D) 回頭拿財物',
  ]);
  const grid = blocks('key', [
    '標準答案 科目名稱：練習卷',
    '題號 第1題 第2題 第3題 第4題 第5題 答案 A # ABD # AC',
    '備註：第2題答B或D或BD者均給分；第4題答AC或ACD者均給分。',
  ]);

  it('keys a 複選題 section from the grid, and a correction accepting two sets', () => {
    const rec = recognizeExam({ blocks: [...paper, ...grid] });
    expect(rec.skipped).toEqual([]);
    expect(summary(rec)).toEqual([
      [1, 'single', 'A'],
      // A correction never turns a single-choice item into a multi-select one: B or D scores.
      [2, 'single', 'BD'],
      [3, 'multi', 'ABD'],
      [
        4,
        'multi',
        'AC',
        [
          ['A', 'C'],
          ['A', 'C', 'D'],
        ],
      ],
      [5, 'multi', 'AC'],
    ]);
    expect(rec.corrections).toBe(2);
    expect(rec.items[3]!.correctionNote).toBe('第4題答AC或ACD者均給分');
  });

  it('marks a 複選題 「一律給分」 as every answer scores', () => {
    const rec = recognizeExam({
      blocks: [
        ...paper,
        ...blocks('key', [
          '更正 標準答案',
          '題號 第1題 第2題 第3題 第4題 第5題 答案 A B ABD # AC',
          '備註：第4題一律給分。',
        ]),
      ],
    });
    expect(rec.items[3]).toMatchObject({ kind: 'multi', anyAnswer: true });
  });

  it('takes a key line of its own after an item (「答案：ABD」, "Answer: A, C")', () => {
    const rec = recognizeExam({
      blocks: blocks('list', [
        '1. Which are noble gases? (A) Neon (B) Argon (C) Oxygen (D) Helium',
        'Answer: A, B, D',
        '2. Which gas do plants take in? (A) Oxygen (B) Carbon dioxide (C) Neon (D) Argon',
        'Answer: B',
      ]),
    });
    expect(summary(rec)).toEqual([
      [1, 'multi', 'ABD'],
      [2, 'single', 'B'],
    ]);
  });
});

describe('the fixture papers', () => {
  it('PDF: single and multiple-select items, one across a page break, answers at the end', async () => {
    const doc = await extractDocument([source('zh-multi-select-paper.pdf')]);
    const rec = recognizeExam(doc);
    expect(rec.skipped).toEqual([]);
    expect(summary(rec)).toEqual([
      [1, 'single', 'A'],
      [2, 'single', 'B'],
      [3, 'multi', 'ABD'],
      [4, 'multi', 'AC'],
      [5, 'multi', 'ABD'],
    ]);
    // Item 4's stem closes page 1 and its options open page 2: cited on page 1, whole.
    expect(rec.items[3]).toMatchObject({
      stem: '下列哪些設備屬於警報設備？',
      options: [
        { letter: 'A', text: '火警自動警報設備' },
        { letter: 'B', text: '室內消防栓設備' },
        { letter: 'C', text: '緊急廣播設備' },
        { letter: 'D', text: '連結送水管' },
      ],
      citation: { location: { kind: 'page', page: 1 } },
    });
    // Item 5's options are split by the page break, with the 代號/頁次 header between.
    expect(rec.items[4]!.options.map((o) => o.text)).toEqual([
      '應設於明顯且便於取用之處',
      '每具滅火器應定期檢查',
      '滅火器可放在上鎖的櫃子裡',
      '藥劑過期應更換',
    ]);
    expect(rec.items[4]!.citation.location).toEqual({ kind: 'page', page: 2 });
    for (const item of rec.items)
      for (const text of [item.stem, ...item.options.map((o) => o.text)])
        expect(text).not.toMatch(/代號|頁次|答案/u);
  });

  it('TXT: 「答案：ABD」, 「答案：A,C」 and 「答案：B、C、D」 lines', async () => {
    const rec = recognizeExam(await extractDocument([source('zh-multi-select-inline.txt')]));
    expect(rec.skipped).toEqual([]);
    expect(summary(rec)).toEqual([
      [1, 'single', 'B'],
      [2, 'single', 'C'],
      [3, 'single', 'B'],
      [4, 'multi', 'ABD'],
      [5, 'multi', 'AC'],
      [6, 'multi', 'BCD'],
    ]);
  });

  it('English: "Answer: A, B, D" and "Answer: AC" under a Multiple select part', async () => {
    const rec = recognizeExam(await extractDocument([source('en-multi-select-quiz.txt')]));
    expect(rec.skipped).toEqual([]);
    expect(summary(rec)).toEqual([
      [1, 'single', 'B'],
      [2, 'single', 'A'],
      [3, 'multi', 'ABD'],
      [4, 'multi', 'AC'],
      [5, 'multi', 'BCD'],
    ]);
    expect(rec.items[2]!.options.map((o) => o.text)).toEqual([
      'Carbon dioxide',
      'Methane',
      'Nitrogen',
      'Water vapour',
    ]);
  });
});
