import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { renderQuizAnki } from '../../api/export/quiz-anki.js';
import { quizExport } from '../../api/export/quiz-questions.js';
import { cleanText } from '../../api/export/labels.js';
import { tricky, zhQuiz } from './export-quiz-fixtures.js';

/** Reads an Anki import file back: the header lines Anki reads, then its notes' fields. */
function readAnki(text: string) {
  const lines = text.split('\n');
  const headers: Record<string, string> = {};
  let i = 0;
  for (; lines[i]?.startsWith('#'); i++) {
    const [key, ...rest] = lines[i]!.slice(1).split(':');
    headers[key!] = rest.join(':');
  }
  const body = lines.slice(i).join('\n');
  const parsed = Papa.parse<string[]>(body, {
    delimiter: '\t',
    quoteChar: '"',
    newline: '\n',
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return { headers, notes: parsed.data };
}

describe('quiz as an Anki import file', () => {
  it('starts with the header lines Anki understands', () => {
    const { headers } = readAnki(
      renderQuizAnki(quizExport({ title: '細胞\t構造', language: 'zh-TW' }, zhQuiz, false)),
    );
    expect(headers).toMatchObject({
      separator: 'tab',
      html: 'false',
      notetype: 'Basic',
      deck: '細胞 構造',
      tags: 'mnemo',
      columns: 'Front\tBack\tTags',
      'tags column': '3',
    });
  });

  it('free: front and key only, zh-TW intact when parsed back', () => {
    const { notes } = readAnki(
      renderQuizAnki(quizExport({ title: '細胞', language: 'zh-TW' }, zhQuiz, false)),
    );
    expect(notes).toHaveLength(4);
    for (const note of notes) expect(note).toHaveLength(3);
    expect(notes[0]).toEqual([
      '植物進行光合作用的胞器是？\nA. 粒線體\nB. 葉綠體\nC. 細胞核\nD. 核糖體',
      '正確答案：B. 葉綠體',
      '',
    ]);
    expect(notes[1]![1]).toBe('正確答案：正確');
    expect(notes[2]![0]).toBe(
      '植物細胞有 _____ 與 _____，動物細胞則沒有。\n(1) 細胞壁 / 中心粒\n(2) 鞭毛 / 葉綠體',
    );
    expect(notes[2]![1]).toBe('正確答案：細胞壁、葉綠體');
    expect(notes[3]).toEqual([
      '包圍細胞、控制物質進出的構造是什麼？',
      '正確答案：細胞膜、質膜',
      '',
    ]);
  });

  it('premium: the back adds the explanation and cited quote, concepts become tags', () => {
    const { notes } = readAnki(
      renderQuizAnki(quizExport({ title: 'x', language: 'zh-TW' }, tricky, true)),
    );
    const [mc, short, tf] = notes;
    expect(mc![0]).toBe(
      `${tricky[0]!.question}\nA. a = b\nB. ~近似~\nC. {集合}\nD. C:\\路徑\\檔案`,
    );
    expect(mc![1]).toBe(
      '正確答案：C. {集合}\n解析：集合以 {} 表示；「=」是等號。\n出處：第 3 頁「集合寫作 {x : x = 1}，含 # 與 ~ 符號。」',
    );
    expect(mc![2]).toBe('集合_記號 等號');
    // Quotes, a line break and a tab in the stem survive (the tab as a space, as Anki shows it).
    expect(short![0]).toBe(cleanText(tricky[1]!.question));
    expect(short![0]).toContain('"雙引號"');
    // A stem starting with # is not taken for a header line.
    expect(tf![0]).toBe('# 開頭的敘述：1 + 1 = 2\n正確 / 錯誤');
  });
});
