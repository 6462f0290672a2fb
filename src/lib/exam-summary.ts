/**
 * The `exam` field of GET /materials/{id} (docs/api/materials.md): what the exam reader
 * recognised in a material, read loosely (an older stored copy has none). Pure.
 */
import type { ExamSummary } from '../../api/exam/exam-summary';

export type { ExamSummary };

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/** The summary in a material answer, or null when it holds no exam paper. */
export function readExamSummary(raw: unknown): ExamSummary | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  if (count(e.items) === 0) return null;
  return {
    items: count(e.items),
    usable: count(e.usable),
    practice: count(e.practice),
    multiSelect: count(e.multiSelect),
    keyFound: e.keyFound === true,
    corrections: count(e.corrections),
    essays: count(e.essays),
    skipped: count(e.skipped),
    papers: Array.isArray(e.papers) ? e.papers.filter((p) => typeof p === 'string') : [],
    language: e.language === 'en-US' ? 'en-US' : 'zh-TW',
    otherText: e.otherText === true,
  };
}
