/**
 * One rule for every table Mnemo reads (Word, PowerPoint, Excel, CSV, HTML): when the first row
 * is a header, each row reads "header: value; header: value", so a quiz built from one row still
 * knows what each value means; otherwise the cells are joined with " | ".
 */

const NUMBER_LIKE = /^[-+(]?(?:NT\$|[$€£¥])?\s?[\d,，]*\.?\d+\)?\s?%?$/;
const DATE_LIKE = /^\d{2,4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?(\s+\d{1,2}:\d{2}(:\d{2})?)?$/;
// Blanks of a form to fill in: {{UNIT}}, [NAME], ____, 「年 月 日」 (ideographic spaces).
const PLACEHOLDER = /^(\{\{.*\}\}|\[[A-Z0-9_ -]+\]|[_＿]{3,}|(中華民國)?\s*年\s*月\s*日)$/;
const SENTENCE_PUNCTUATION = /[,;!?，；！？。]|\.\s/;

/** Numbers, amounts, percentages, dates and form blanks: values, never column names. */
export function isValueLike(text: string): boolean {
  const t = text.trim();
  return NUMBER_LIKE.test(t) || DATE_LIKE.test(t) || PLACEHOLDER.test(t);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Whether `first` is a header for the rows after it. Header cells are short labels: at least two,
 * distinct, not numbers or dates, no sentence punctuation. As in Python's csv.Sniffer, a column
 * whose values below all share a type or length the label does not share votes for a header, one
 * whose label matches them votes against. `marked` (HTML <th>) settles it.
 */
export function isHeaderRow(first: string[], rest: string[][], marked = false): boolean {
  const labels = first.map(clean).filter(Boolean);
  const data = rest.filter((r) => r.some((c) => clean(c)));
  if (labels.length < 2 || data.length === 0) return false;
  if (marked) return true;
  if (new Set(labels).size !== labels.length) return false;
  if (labels.some((l) => l.length > 60 || isValueLike(l) || SENTENCE_PUNCTUATION.test(l)))
    return false;
  let votes = 0;
  first.forEach((label, col) => {
    const values = data
      .slice(0, 50)
      .map((r) => clean(r[col] ?? ''))
      .filter(Boolean);
    if (!clean(label) || values.length < 2) return;
    if (values.every(isValueLike)) votes++;
    else if (values.every((v) => v.length === values[0]!.length))
      votes += clean(label).length === values[0]!.length ? -1 : 1;
  });
  return votes >= 0;
}

/** One table row as text, with the header's names when there is a header. */
export function rowText(cells: string[], header: string[] | null): string {
  if (!header) return cells.map(clean).filter(Boolean).join(' | ');
  const parts: string[] = [];
  cells.forEach((cell, col) => {
    const value = clean(cell);
    if (!value) return;
    const name = clean(header[col] ?? '');
    parts.push(name && name !== value ? `${name}: ${value}` : value);
  });
  return parts.join('; ');
}
