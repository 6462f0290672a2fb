import type { Location } from '../extract/types.js';
import type { QuestionType } from '../quizgen/types.js';

/** The type a question is shown as: its type, or 複選題 for a multiple-select exam item. */
export const typeLabel = (
  l: { types: Record<QuestionType, string>; multiSelect: string },
  q: { type: QuestionType; multiSelect?: boolean },
) => (q.multiSelect ? l.multiSelect : l.types[q.type]);

/** The languages an exported report can be written in. */
export type ExportLocale = 'zh-TW' | 'en';

export const GRADES = ['excellent', 'good', 'average', 'pass', 'needsImprovement'] as const;
export type Grade = (typeof GRADES)[number];

/** Lowest score (inclusive) of each grade, best first; anything lower needs improvement. */
const GRADE_THRESHOLDS: ReadonlyArray<readonly [number, Grade]> = [
  [90, 'excellent'],
  [80, 'good'],
  [70, 'average'],
  [60, 'pass'],
];

/** The grade of a score in percent: 90 excellent, 80 good, 70 average, 60 pass, else needs improvement. */
export function gradeOf(score: number): Grade {
  for (const [min, grade] of GRADE_THRESHOLDS) if (score >= min) return grade;
  return 'needsImprovement';
}

export interface ReportLabels {
  brand: string;
  title: string;
  date: string;
  score: string;
  grade: string;
  correctCount: string;
  /** "答對 8 / 10 題" / "8 of 10 correct". */
  correctOf: (correct: number, total: number) => string;
  byType: string;
  type: string;
  correctTotal: string;
  rate: string;
  questions: string;
  /** "第 3 題" / "Question 3". */
  questionNo: (n: number) => string;
  number: string;
  question: string;
  yourAnswer: string;
  correctAnswer: string;
  result: string;
  correct: string;
  incorrect: string;
  unanswered: string;
  explanation: string;
  source: string;
  relatedConcepts: string;
  /** Joins a list inside one sentence: '、' / ', '. */
  listSeparator: string;
  /** Puts a label before its value: '：' / ': '. */
  labelSeparator: string;
  /** A source line: where, then the quoted passage — 第 3 頁「…」 / Page 3 “…”. */
  cite: (where: string, quote: string) => string;
  /** "第 1 / 3 頁" / "Page 1 of 3". */
  pageOf: (page: number, pages: number) => string;
  generatedAt: string;
  /** Title used when a quiz has none. */
  untitled: string;
  /** File-name word used when a quiz title has no usable characters. */
  fileNameFallback: string;
  types: Record<QuestionType, string>;
  /** A multiple-select exam item (複選題): shown instead of its type, multiple choice. */
  multiSelect: string;
  /** Joins accepted answers: ' 或 ' / ' or '. */
  or: string;
  grades: Record<Grade, string>;
  location: (location: Location) => string;
}

const zhTW: ReportLabels = {
  brand: 'Mnemo',
  title: '測驗報告',
  date: '日期',
  score: '分數',
  grade: '等第',
  correctCount: '答對題數',
  correctOf: (correct, total) => `答對 ${correct} / ${total} 題`,
  byType: '各題型表現',
  type: '題型',
  correctTotal: '答對 / 題數',
  rate: '答對率',
  questions: '逐題檢視',
  questionNo: (n) => `第 ${n} 題`,
  number: '題號',
  question: '題目',
  yourAnswer: '你的答案',
  correctAnswer: '正確答案',
  result: '結果',
  correct: '正確',
  incorrect: '錯誤',
  unanswered: '未作答',
  explanation: '解析',
  source: '出處',
  relatedConcepts: '相關概念',
  listSeparator: '、',
  labelSeparator: '：',
  cite: (where, quote) => (quote ? `${where}「${quote}」` : where),
  pageOf: (page, pages) => `第 ${page} / ${pages} 頁`,
  generatedAt: '產生時間',
  untitled: '未命名測驗',
  fileNameFallback: '測驗',
  multiSelect: '複選題',
  or: ' 或 ',
  types: {
    multiple_choice: '選擇題',
    true_false: '是非題',
    dropdown_fill_in_blank: '填空題',
    short_answer: '簡答題',
  },
  grades: {
    excellent: '優秀',
    good: '良好',
    average: '中等',
    pass: '及格',
    needsImprovement: '需要加強',
  },
  location: (loc) => {
    switch (loc.kind) {
      case 'page':
        return `第 ${loc.page} 頁`;
      case 'slide':
        return loc.title ? `投影片 ${loc.slide}「${loc.title}」` : `投影片 ${loc.slide}`;
      case 'notes':
        return `投影片 ${loc.slide} 備忘稿`;
      case 'sheet':
        return `工作表 ${loc.sheet} 第 ${rowRange(loc.rowStart, loc.rowEnd)} 列`;
      case 'paragraph':
        return withHeading(`第 ${loc.index} 段`, loc.headingPath, '（', '）', ' › ');
    }
  },
};

const en: ReportLabels = {
  brand: 'Mnemo',
  title: 'Quiz report',
  date: 'Date',
  score: 'Score',
  grade: 'Grade',
  correctCount: 'Correct',
  correctOf: (correct, total) => `${correct} of ${total} correct`,
  byType: 'By question type',
  type: 'Type',
  correctTotal: 'Correct / total',
  rate: 'Rate',
  questions: 'Question by question',
  questionNo: (n) => `Question ${n}`,
  number: 'No.',
  question: 'Question',
  yourAnswer: 'Your answer',
  correctAnswer: 'Correct answer',
  result: 'Result',
  correct: 'Correct',
  incorrect: 'Incorrect',
  unanswered: 'Unanswered',
  explanation: 'Explanation',
  source: 'Source',
  relatedConcepts: 'Related concepts',
  listSeparator: ', ',
  labelSeparator: ': ',
  cite: (where, quote) => (quote ? `${where} “${quote}”` : where),
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  generatedAt: 'Generated',
  untitled: 'Untitled quiz',
  fileNameFallback: 'quiz',
  multiSelect: 'Multiple select',
  or: ' or ',
  types: {
    multiple_choice: 'Multiple choice',
    true_false: 'True / False',
    dropdown_fill_in_blank: 'Fill in the blank',
    short_answer: 'Short answer',
  },
  grades: {
    excellent: 'Excellent',
    good: 'Good',
    average: 'Average',
    pass: 'Pass',
    needsImprovement: 'Needs improvement',
  },
  location: (loc) => {
    switch (loc.kind) {
      case 'page':
        return `Page ${loc.page}`;
      case 'slide':
        return loc.title ? `Slide ${loc.slide} “${loc.title}”` : `Slide ${loc.slide}`;
      case 'notes':
        return `Slide ${loc.slide} notes`;
      case 'sheet':
        return loc.rowStart === loc.rowEnd
          ? `Sheet ${loc.sheet} row ${loc.rowStart}`
          : `Sheet ${loc.sheet} rows ${rowRange(loc.rowStart, loc.rowEnd)}`;
      case 'paragraph':
        return withHeading(`Paragraph ${loc.index}`, loc.headingPath, ' (', ')', ' › ');
    }
  },
};

function rowRange(start: number, end: number): string {
  return start === end ? String(start) : `${start}–${end}`;
}

function withHeading(
  base: string,
  headingPath: string[] | undefined,
  open: string,
  close: string,
  sep: string,
): string {
  const path = (headingPath ?? []).map((h) => h.trim()).filter(Boolean);
  return path.length ? `${base}${open}${path.join(sep)}${close}` : base;
}

const LABELS: Record<ExportLocale, ReportLabels> = { 'zh-TW': zhTW, en };

/** Every label of an exported report in one language. */
export function labelsFor(locale: ExportLocale): ReportLabels {
  return LABELS[locale];
}

/** Where a citation stands, in words: 第 3 頁 / Page 3, 工作表 X 第 2–5 列 / Sheet X rows 2–5 … */
export function formatLocation(location: Location, locale: ExportLocale): string {
  return LABELS[locale].location(location);
}

/** The result of one question in words (never only a colour). */
export function resultLabel(
  detail: { isCorrect: boolean; answered: boolean },
  locale: ExportLocale,
): string {
  const l = LABELS[locale];
  if (detail.isCorrect) return l.correct;
  return detail.answered ? l.incorrect : l.unanswered;
}

/** Dates in a report are shown in this zone unless the caller passes the learner's own. */
export const DEFAULT_TIME_ZONE = 'Asia/Taipei';

/** A date, a time of day, or both, in the given IANA time zone; '' for an invalid date. */
export function formatReportDate(
  iso: string | Date,
  locale: ExportLocale,
  timeZone: string,
  part: 'date' | 'time' | 'dateTime' = 'dateTime',
): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: locale === 'zh-TW' ? '2-digit' : 'short',
    day: locale === 'zh-TW' ? '2-digit' : 'numeric',
  };
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat(locale === 'zh-TW' ? 'zh-TW' : 'en-GB', {
    timeZone,
    ...(part === 'time' ? {} : day),
    ...(part === 'date' ? {} : time),
  })
    .format(date)
    .replace(/[\u00a0\u2009\u202f]/g, ' '); // ICU's narrow spaces are not in every font
}

/** Text from a quiz made printable: NFC, one kind of line break, no control characters. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (ch) => (ch === '\n' ? ch : ''))
    .trim();
}

/** yyyy-mm-dd of a date in a time zone, for file names; '' for an invalid date. */
export function isoDay(iso: string | Date, timeZone: string): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
