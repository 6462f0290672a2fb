/** Small pure helpers of the results page. */
import type { QuestionType, TypeStats } from '../api/types';

/** The order the per-type analysis lists types in (the order of the settings page). */
export const TYPE_ORDER: readonly QuestionType[] = [
  'multiple_choice',
  'true_false',
  'dropdown_fill_in_blank',
  'short_answer',
];

/** The types that occur in the quiz, in a fixed order, each with its share correct (0–100). */
export function typeRows(
  analysis: Partial<Record<string, TypeStats>> | undefined,
): Array<{ type: string; correct: number; total: number; percent: number }> {
  const entries = Object.entries(analysis ?? {}).filter(
    (e): e is [string, TypeStats] => !!e[1] && e[1].total > 0,
  );
  const rank = (type: string) => {
    const i = (TYPE_ORDER as readonly string[]).indexOf(type);
    return i === -1 ? TYPE_ORDER.length : i;
  };
  return entries
    .sort((a, b) => rank(a[0]) - rank(b[0]))
    .map(([type, s]) => ({
      type,
      correct: s.correct,
      total: s.total,
      percent: Math.round((s.correct / s.total) * 100),
    }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY.MM.DD HH:mm in the learner's time zone; '' when there is no valid date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
