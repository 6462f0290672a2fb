/**
 * Where a question taken verbatim from an exam paper stands in it (issue 17): the API sends
 * `exam: { paper, number }` on the question for taking and on the report's detail. Read
 * leniently (an older stored quiz has none). Pure.
 */
export interface ExamSource {
  paper: string;
  number: number;
}

/** The question's paper and number, or null when it is no exam item. */
export function examSourceOf(question: unknown): ExamSource | null {
  if (!question || typeof question !== 'object') return null;
  const exam = (question as { exam?: unknown }).exam;
  if (!exam || typeof exam !== 'object') return null;
  const { paper, number } = exam as Record<string, unknown>;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return null;
  return { paper: typeof paper === 'string' ? paper.trim() : '', number };
}

/** The subset of i18next's t this module needs. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 「114年 火災學概要 第 12 題」 / "114年 火災學概要, question 12 of the paper"; '' for none. */
export function formatExamSource(source: ExamSource | null, t: Translate): string {
  if (!source) return '';
  return source.paper
    ? t('exam.source', { paper: source.paper, number: source.number })
    : t('exam.number', { number: source.number });
}
