import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportFileName,
  formatLocation,
  gradeOf,
  labelsFor,
  neutralizeFormula,
  renderReportCsv,
  renderReportPdf,
} from '../../api/export/index.js';
import type { Location } from '../../api/extract/types.js';
import type { AnswerDetail, QuizReport } from '../../api/scoring/types.js';
import enQuiz from '../../src/i18n/locales/en/quiz.json';
import zhQuiz from '../../src/i18n/locales/zh-TW/quiz.json';

const run = promisify(execFile);

// --- fixtures -------------------------------------------------------------------------------

const premiumDetails: AnswerDetail[] = [
  {
    questionId: 'q1',
    type: 'multiple_choice',
    question: '光合作用主要在植物細胞的哪一個胞器中進行？',
    options: [
      { id: 'a', text: '粒線體' },
      { id: 'b', text: '葉綠體' },
      { id: 'c', text: '細胞核' },
      { id: 'd', text: '液胞' },
    ],
    isCorrect: false,
    answered: true,
    userAnswer: '粒線體',
    correctAnswer: '葉綠體',
    userSelection: { optionId: 'a' },
    correctSelection: { optionId: 'b' },
    explanation: '葉綠體含有葉綠素，能吸收光能並把二氧化碳和水合成葡萄糖。',
    relatedConcepts: ['葉綠素', '光反應'],
    citation: {
      fileId: 'f1',
      quote: '光合作用在葉綠體中進行，葉綠素負責吸收光能。',
      location: { kind: 'page', page: 3 },
    },
  },
  {
    questionId: 'q2',
    type: 'true_false',
    question: '光合作用會釋放氧氣。',
    isCorrect: true,
    answered: true,
    userAnswer: '是',
    correctAnswer: '是',
    userSelection: { value: true },
    correctSelection: { value: true },
    explanation: '水在光反應中分解，釋放出氧氣。',
    relatedConcepts: ['光反應'],
    citation: {
      fileId: 'f1',
      quote: '水分子被分解並放出氧氣。',
      location: { kind: 'notes', slide: 2 },
    },
  },
  {
    questionId: 'q3',
    type: 'dropdown_fill_in_blank',
    question: '光合作用的原料是 _____ 和水，產物是葡萄糖和 _____。',
    blanks: [
      {
        id: 'b1',
        options: [
          { id: 'o1', text: '二氧化碳' },
          { id: 'o2', text: '氮氣' },
        ],
      },
      {
        id: 'b2',
        options: [
          { id: 'o3', text: '氧氣' },
          { id: 'o4', text: '氫氣' },
        ],
      },
    ],
    isCorrect: true,
    answered: true,
    userAnswer: '二氧化碳、氧氣',
    correctAnswer: '二氧化碳、氧氣',
    userSelection: { blanks: [{ blankId: 'b1', optionId: 'o1' }] },
    correctSelection: { blanks: [{ blankId: 'b1', optionId: 'o1' }] },
    explanation: '6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂。',
    relatedConcepts: ['卡爾文循環'],
    citation: {
      fileId: 'f2',
      quote: '原料：二氧化碳、水',
      location: { kind: 'sheet', sheet: '整理表', rowStart: 2, rowEnd: 5 },
    },
  },
  {
    questionId: 'q4',
    type: 'short_answer',
    question: '請寫出光合作用中吸收光能的色素名稱。',
    isCorrect: false,
    answered: false,
    userAnswer: '',
    correctAnswer: '葉綠素',
    userSelection: null,
    correctSelection: { text: '葉綠素' },
    explanation: '葉綠素主要吸收紅光與藍紫光。',
    relatedConcepts: ['葉綠素'],
    citation: {
      fileId: 'f3',
      quote: '葉綠素是最主要的光合色素。',
      location: { kind: 'paragraph', index: 4 },
    },
  },
];

function withoutPremium(detail: AnswerDetail): AnswerDetail {
  const { explanation: _e, relatedConcepts: _r, citation: _c, ...rest } = detail;
  return rest;
}

function makeReport(details: AnswerDetail[], over: Partial<QuizReport> = {}): QuizReport {
  const correct = details.filter((d) => d.isCorrect).length;
  const typeAnalysis: QuizReport['typeAnalysis'] = {};
  for (const d of details) {
    const stats = (typeAnalysis[d.type] ??= { total: 0, correct: 0 });
    stats.total += 1;
    if (d.isCorrect) stats.correct += 1;
  }
  const score = details.length ? Math.round((correct / details.length) * 100) : 0;
  return {
    quizId: 'quiz-1',
    attemptId: 'attempt-1',
    materialId: 'material-1',
    quizTitle: '光合作用小測驗',
    quizDescription: '',
    language: 'zh-TW',
    difficulty: 'basic',
    score,
    correctAnswers: correct,
    totalQuestions: details.length,
    typeAnalysis,
    answersDetail: details,
    submittedAt: '2026-03-09T06:05:00.000Z',
    premium: true,
    locked: false,
    lastScore: score,
    bestScore: score,
    attemptCount: 1,
    history: [{ attemptId: 'attempt-1', score, submittedAt: '2026-03-09T06:05:00.000Z' }],
    ...over,
  };
}

const premium = makeReport(premiumDetails);
const free = makeReport(premiumDetails.map(withoutPremium), { premium: false, locked: true });
const generatedAt = new Date('2026-03-10T01:00:00Z');

// --- PDF helpers ------------------------------------------------------------------------------

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mnemo-export-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

let fileNo = 0;
async function savePdf(pdf: Buffer): Promise<string> {
  const file = join(dir, `report-${++fileNo}.pdf`);
  await writeFile(file, pdf);
  return file;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', await savePdf(pdf), '-']);
  return stdout;
}

/** The document catalog's /Lang (pdfkit writes the catalog uncompressed). */
const langOf = (pdf: Buffer) => /\/Lang \(([^)]*)\)/.exec(pdf.toString('latin1'))?.[1];

/** pdftotext breaks wrapped lines wherever the layout did: compare without whitespace. */
const squash = (text: string) => text.replace(/\s+/g, '');

// --- PDF ------------------------------------------------------------------------------------

describe('renderReportPdf', () => {
  let zhText = '';
  let zhPdf: Buffer;
  beforeAll(async () => {
    zhPdf = await renderReportPdf(premium, 'zh-TW', { generatedAt });
    zhText = squash(await pdfText(zhPdf));
  });

  it('is a PDF whose zh-TW text can be extracted: title, question, answers, explanation, source', () => {
    expect(zhPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const expected of [
      '光合作用小測驗',
      '測驗報告',
      '光合作用主要在植物細胞的哪一個胞器中進行？',
      '你的答案：粒線體',
      '正確答案：葉綠體',
      '解析：葉綠體含有葉綠素，能吸收光能並把二氧化碳和水合成葡萄糖。',
      '出處：第3頁「光合作用在葉綠體中進行，葉綠素負責吸收光能。」',
      '投影片2備忘稿',
      '工作表整理表第2–5列',
      '第4段',
      '相關概念：葉綠素、光反應',
    ]) {
      expect(zhText).toContain(squash(expected));
    }
  });

  it('prints characters the font lacks in their plain form (subscript digits)', () => {
    expect(zhText).toContain('解析：6CO2+6H2O→C6H12O6+6O2。');
  });

  it('shows the header: date, score, grade, correct x of y, and the per-type table', () => {
    const header = zhText.slice(0, zhText.indexOf('各題型表現'));
    // 2 of 4 → 50% → 需要加強; 06:05 UTC is 14:05 in Taipei.
    for (const expected of [
      '日期',
      '2026/03/09',
      '14:05',
      '分數',
      '50%',
      '等第',
      '需要加強',
      '答對2/4題',
    ]) {
      expect(header).toContain(expected);
    }
    for (const expected of [
      '各題型表現',
      '題型答對/題數答對率',
      '選擇題0/10%',
      '是非題1/1100%',
      '填空題1/1100%',
      '簡答題0/10%',
    ]) {
      expect(zhText).toContain(squash(expected));
    }
  });

  it('marks each result in words, and says when a question was not answered', () => {
    expect(zhText).toContain('第1題·選擇題');
    expect(zhText).toContain('你的答案：未作答');
    const marks = zhText.match(/正確(?!答案)|錯誤|未作答/g) ?? [];
    // q1 錯誤, q2 正確, q3 正確, q4 未作答 (tag) + 未作答 (its answer line).
    expect(marks.filter((m) => m === '錯誤')).toHaveLength(1);
    expect(marks.filter((m) => m === '正確')).toHaveLength(2);
    expect(marks.filter((m) => m === '未作答')).toHaveLength(2);
  });

  it('embeds subsets of Noto Sans TC regular and bold, and no other font', async () => {
    const { stdout } = await run('pdffonts', [await savePdf(zhPdf)]);
    const fonts = stdout.split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const line of fonts) expect(line).toMatch(/NotoSansTC.*\byes\s+yes\s+yes\b/);
    expect(stdout).toMatch(/NotoSansTC-Bold/);
    expect(stdout).toMatch(/NotoSansTC-Regular/);
  });

  it('sets the document title and language', async () => {
    const { stdout } = await run('pdfinfo', ['-enc', 'UTF-8', await savePdf(zhPdf)]);
    expect(stdout).toMatch(/^Title:\s+光合作用小測驗 — 測驗報告$/m);
    expect(stdout).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
    expect(langOf(zhPdf)).toBe('zh-TW');
  });

  it('writes English labels for the en locale', async () => {
    const pdf = await renderReportPdf(premium, 'en', { generatedAt });
    const text = squash(await pdfText(pdf));
    for (const expected of [
      'Quiz report',
      'Your answer',
      'Correct answer',
      'Explanation',
      'Source',
      'Page 3',
      'Slide 2 notes',
      'Sheet 整理表 rows 2–5',
      'Paragraph 4',
      'Related concepts',
      '2 of 4 correct',
      'Needs improvement',
      'Question 1 · Multiple choice',
      'Unanswered',
      'Incorrect',
      '9 Mar 2026',
    ]) {
      expect(text).toContain(squash(expected));
    }
    expect(text).not.toContain('你的答案');
    expect(langOf(pdf)).toBe('en');
  });

  it('renders a free report without the premium sections', async () => {
    const text = squash(await pdfText(await renderReportPdf(free, 'zh-TW', { generatedAt })));
    expect(text).toContain('光合作用主要在植物細胞的哪一個胞器中進行？');
    expect(text).toContain('正確答案：葉綠體');
    for (const label of ['解析', '出處', '相關概念', '第3頁「']) expect(text).not.toContain(label);
  });

  it('breaks a 20-question report across pages without cutting a line or a question', async () => {
    const long = '葉綠體中的類囊體膜上有光系統，負責把光能轉換成化學能。'.repeat(12);
    const details = Array.from({ length: 20 }, (_, i) => ({
      ...premiumDetails[i % premiumDetails.length]!,
      questionId: `q${i + 1}`,
      question: `第${i + 1}號問題：${premiumDetails[i % 4]!.question}`,
      // Question 8's explanation alone is longer than a page.
      explanation: i === 7 ? long.repeat(6) : long,
      relatedConcepts: [`概念${i + 1}號`],
    }));
    const pdf = await renderReportPdf(makeReport(details), 'zh-TW', { generatedAt });

    const pages = (await pdfText(pdf))
      .split('\f')
      .filter((page) => page.trim())
      .map(squash);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages[0]).toContain(`第1/${pages.length}頁`);
    expect(pages.at(-1)).toContain(`第${pages.length}/${pages.length}頁`);
    const pageOf = (text: string) => pages.findIndex((page) => page.includes(text));
    for (let n = 1; n <= 20; n++) {
      const head = pageOf(`第${n}題·`);
      expect(head, `question ${n}`).toBeGreaterThanOrEqual(0);
      // The heading never sits alone at the foot of a page.
      expect(pageOf(`第${n}號問題`), `question ${n}`).toBe(head);
      // A question that fits on a page is kept on one page.
      if (n !== 8) expect(pageOf(`概念${n}號`), `question ${n}`).toBe(head);
    }
    expect(pageOf('概念8號')).toBeGreaterThan(pageOf('第8題·'));

    // No word (a line cut in two, a tag drawn past the margin) lies outside the text area.
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-bbox', await savePdf(pdf), '-']);
    const [height, margin] = [841.89, 56];
    for (const page of stdout.split('<page ').slice(1)) {
      const words = [...page.matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">/g)];
      expect(words.length).toBeGreaterThan(0);
      for (const [, yMin, yMax] of words) {
        const inBody = Number(yMin) >= margin - 1 && Number(yMax) <= height - margin + 1;
        const inFooter = Number(yMin) >= height - margin + 10;
        expect(inBody || inFooter, `word at y ${yMin}–${yMax}`).toBe(true);
      }
    }
  });
});

// --- CSV ------------------------------------------------------------------------------------

function parseCsv(csv: string): string[][] {
  return Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

describe('renderReportCsv', () => {
  it('starts with a BOM, ends lines with CRLF and has one localized row per question', () => {
    const csv = renderReportCsv(premium, 'zh-TW');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([
      '題號',
      '題型',
      '題目',
      '你的答案',
      '正確答案',
      '結果',
      '解析',
      '出處',
      '相關概念',
    ]);
    expect(rows).toHaveLength(1 + premium.answersDetail.length);
    expect(rows[1]).toEqual([
      '1',
      '選擇題',
      '光合作用主要在植物細胞的哪一個胞器中進行？',
      '粒線體',
      '葉綠體',
      '錯誤',
      '葉綠體含有葉綠素，能吸收光能並把二氧化碳和水合成葡萄糖。',
      '第 3 頁「光合作用在葉綠體中進行，葉綠素負責吸收光能。」',
      '葉綠素、光反應',
    ]);
    expect(rows[3]?.[7]).toBe('工作表 整理表 第 2–5 列「原料：二氧化碳、水」');
    expect(rows[4]?.slice(3, 6)).toEqual(['', '葉綠素', '未作答']);
  });

  it('uses English column names and results for en', () => {
    const rows = parseCsv(renderReportCsv(premium, 'en'));
    expect(rows[0]).toEqual([
      'No.',
      'Type',
      'Question',
      'Your answer',
      'Correct answer',
      'Result',
      'Explanation',
      'Source',
      'Related concepts',
    ]);
    expect(rows[2]?.[5]).toBe('Correct');
    expect(rows[2]?.[7]).toBe('Slide 2 notes “水分子被分解並放出氧氣。”');
  });

  it('leaves the premium columns empty for a free report', () => {
    const rows = parseCsv(renderReportCsv(free, 'zh-TW'));
    expect(rows).toHaveLength(5);
    for (const row of rows.slice(1)) expect(row.slice(6)).toEqual(['', '', '']);
  });

  it('neutralises spreadsheet formulas a learner or a document could plant', () => {
    const evil: AnswerDetail = {
      ...premiumDetails[3]!,
      answered: true,
      question: '=HYPERLINK("http://evil.example","點我")',
      userAnswer: '+1+1',
      correctAnswer: '-2+3',
      explanation: '@SUM(A1:A9)\n第二行',
      relatedConcepts: ['=1+1'],
    };
    const csv = renderReportCsv(makeReport([evil]), 'zh-TW');
    const row = parseCsv(csv)[1]!;
    expect(row[2]).toBe('\'=HYPERLINK("http://evil.example","點我")');
    expect(row[3]).toBe("'+1+1");
    expect(row[4]).toBe("'-2+3");
    expect(row[6]).toBe("'@SUM(A1:A9)\n第二行");
    expect(row[8]).toBe("'=1+1");
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('neutralizeFormula covers tab and carriage return and leaves ordinary text alone', () => {
    expect(neutralizeFormula('\t=1')).toBe("'\t=1");
    expect(neutralizeFormula('\r=1')).toBe("'\r=1");
    expect(neutralizeFormula('葉綠體 = 植物')).toBe('葉綠體 = 植物');
    expect(neutralizeFormula('')).toBe('');
  });
});

// --- labels and file names ------------------------------------------------------------------

describe('labels', () => {
  it.each([
    [100, '優秀', 'Excellent'],
    [90, '優秀', 'Excellent'],
    [89, '良好', 'Good'],
    [80, '良好', 'Good'],
    [79, '中等', 'Average'],
    [70, '中等', 'Average'],
    [69, '及格', 'Pass'],
    [60, '及格', 'Pass'],
    [59, '需要加強', 'Needs improvement'],
    [0, '需要加強', 'Needs improvement'],
  ])('score %d is %s / %s', (score, zh, en) => {
    expect(labelsFor('zh-TW').grades[gradeOf(score)]).toBe(zh);
    expect(labelsFor('en').grades[gradeOf(score)]).toBe(en);
  });

  it.each<[Location, string, string]>([
    [{ kind: 'page', page: 3 }, '第 3 頁', 'Page 3'],
    [{ kind: 'slide', slide: 2 }, '投影片 2', 'Slide 2'],
    [{ kind: 'slide', slide: 2, title: '光反應' }, '投影片 2「光反應」', 'Slide 2 “光反應”'],
    [{ kind: 'notes', slide: 2 }, '投影片 2 備忘稿', 'Slide 2 notes'],
    [
      { kind: 'sheet', sheet: 'X', rowStart: 2, rowEnd: 5 },
      '工作表 X 第 2–5 列',
      'Sheet X rows 2–5',
    ],
    [{ kind: 'sheet', sheet: 'X', rowStart: 7, rowEnd: 7 }, '工作表 X 第 7 列', 'Sheet X row 7'],
    [{ kind: 'paragraph', index: 4 }, '第 4 段', 'Paragraph 4'],
    [
      { kind: 'paragraph', index: 4, headingPath: ['第一章', '光反應'] },
      '第 4 段（第一章 › 光反應）',
      'Paragraph 4 (第一章 › 光反應)',
    ],
  ])('%j is “%s” / “%s”', (location, zh, en) => {
    expect(formatLocation(location, 'zh-TW')).toBe(zh);
    expect(formatLocation(location, 'en')).toBe(en);
  });

  it('names question types and grades with the words the app uses, in both languages', () => {
    // One catalog: the file says what the results page says (needsImprovement 需要加強, 填空題).
    for (const [locale, catalog] of [
      ['zh-TW', zhQuiz],
      ['en', enQuiz],
    ] as const) {
      const l = labelsFor(locale);
      for (const [type, name] of Object.entries(l.types))
        expect(name).toBe(catalog.types[type as keyof typeof catalog.types]);
      for (const [grade, name] of Object.entries(l.grades))
        expect(name).toBe(catalog.results.grade[grade as keyof typeof catalog.results.grade]);
    }
    expect(labelsFor('zh-TW').types.dropdown_fill_in_blank).toBe('填空題');
  });
});

describe('exportFileName', () => {
  it('keeps Chinese, folds punctuation into dashes and dates the attempt in Taipei time', () => {
    expect(exportFileName(premium, 'pdf', 'zh-TW')).toBe(
      'mnemo-report-光合作用小測驗-2026-03-09.pdf',
    );
    // 16:30 UTC is already the next day in Taipei.
    const late = { quizTitle: '第 2 章：光合作用 (複習)', submittedAt: '2026-03-09T16:30:00Z' };
    expect(exportFileName(late, 'csv', 'zh-TW')).toBe(
      'mnemo-report-第-2-章-光合作用-複習-2026-03-10.csv',
    );
    expect(exportFileName(late, 'csv', 'en', { timeZone: 'UTC' })).toMatch(/-2026-03-09\.csv$/);
  });

  it('removes characters no file system allows', () => {
    const name = exportFileName(
      { quizTitle: 'a/b\\c:d*e?f"g<h>i|j\u0000k ../..', submittedAt: '2026-03-09T06:05:00Z' },
      'pdf',
      'en',
    );
    expect(name).toBe('mnemo-report-a-b-c-d-e-f-g-h-i-j-k-2026-03-09.pdf');
  });

  it('falls back to a word for titles without letters and caps long titles', () => {
    const base = { submittedAt: '2026-03-09T06:05:00Z' };
    expect(exportFileName({ ...base, quizTitle: '？！…' }, 'pdf', 'zh-TW')).toBe(
      'mnemo-report-測驗-2026-03-09.pdf',
    );
    expect(exportFileName({ ...base, quizTitle: '' }, 'csv', 'en')).toBe(
      'mnemo-report-quiz-2026-03-09.csv',
    );
    const long = exportFileName({ ...base, quizTitle: '光'.repeat(500) }, 'pdf', 'zh-TW');
    expect(Buffer.byteLength(long)).toBeLessThan(255);
    expect(long).toMatch(/^mnemo-report-光+-2026-03-09\.pdf$/);
  });
});
