/** Sizes and dates as the material screens show them. Pure: no DOM, no i18n. */

const KB = 1024;
const MB = 1024 * 1024;

/** 512 → "512 B", 1536 → "1.5 KB", 2.5 MiB → "2.5 MB" (one decimal above bytes). */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = typeof bytes === 'number' && Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (n < KB) return `${Math.round(n)} B`;
  if (n < MB) {
    const kb = (n / KB).toFixed(1);
    // 1023.96 KB would round to "1024.0 KB": say 1.0 MB instead.
    return kb === '1024.0' ? '1.0 MB' : `${kb} KB`;
  }
  return `${(n / MB).toFixed(1)} MB`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY.MM.DD in the learner's time zone; '' when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}

/** Milliseconds since the epoch, or 0 for a missing or invalid date (sorts last). */
export function timeOf(value: string | null | undefined): number {
  if (!value) return 0;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? 0 : t;
}
