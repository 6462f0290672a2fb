import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { renderQuizCsv } from '../../api/export/quiz-csv.js';
import { quizExport, quizExportFileName } from '../../api/export/quiz-questions.js';
import { tricky, zhQuiz } from './export-quiz-fixtures.js';

function readCsv(text: string) {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('quiz as CSV', () => {
  it('free: a header in the reader’s language, zh-TW text intact, premium columns empty', () => {
    const rows = readCsv(
      renderQuizCsv(quizExport({ title: '細胞', language: 'zh-TW' }, zhQuiz, false), 'zh-TW'),
    );
    expect(rows[0]).toEqual([
      '題號',
      '題型',
      '題目',
      '選項',
      '正確答案',
      '解析',
      '出處',
      '相關概念',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual([
      '1',
      '選擇題',
      '植物進行光合作用的胞器是？',
      'A. 粒線體\nB. 葉綠體\nC. 細胞核\nD. 核糖體',
      '葉綠體',
      '',
      '',
      '',
    ]);
    expect(rows[4]!.slice(2, 5)).toEqual([
      '包圍細胞、控制物質進出的構造是什麼？',
      '',
      '細胞膜、質膜',
    ]);
  });

  it('premium: explanation, source and concepts; formulas made inert; English header', () => {
    const rows = readCsv(
      renderQuizCsv(quizExport({ title: 'x', language: 'zh-TW' }, tricky, true), 'en'),
    );
    expect(rows[0]![0]).toBe('No.');
    expect(rows[1]!.slice(4)).toEqual([
      '{集合}',
      '集合以 {} 表示；「=」是等號。',
      '第 3 頁「集合寫作 {x : x = 1}，含 # 與 ~ 符號。」',
      '集合 記號, 等號',
    ]);
    // A cell starting with = would run as a formula: it starts with an apostrophe instead.
    expect(rows[2]![4]).toBe("'=SUM(A1:A2)、+1");
    expect(rows[2]![2]).toContain('"雙引號"');
  });

  it('names the files after the quiz, CJK kept', () => {
    expect(quizExportFileName('細胞：構造/功能', 'anki')).toBe('mnemo-細胞-構造-功能-anki.txt');
    expect(quizExportFileName('Cells 101', 'gift')).toBe('mnemo-cells-101-moodle-gift.txt');
    expect(quizExportFileName('***', 'csv')).toBe('mnemo-quiz-questions.csv');
  });
});
