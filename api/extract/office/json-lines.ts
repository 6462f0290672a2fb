import type { TextItem } from './markdown.js';

const LINES_PER_BLOCK = 30;

const isPrimitive = (v: unknown) => v === null || typeof v !== 'object';
const show = (v: unknown) => (v === null ? 'null' : String(v));

function isRecordList(v: unknown): v is Array<Record<string, unknown>> {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (e) => e && typeof e === 'object' && !Array.isArray(e) && Object.values(e).every(isPrimitive),
    )
  );
}

function flatten(value: unknown, path: string, out: string[]): void {
  if (isPrimitive(value)) {
    if (value !== '' && value !== null) out.push(path ? `${path}: ${show(value)}` : show(value));
    return;
  }
  if (isRecordList(value)) {
    // A list of flat records reads like table rows: "word: apple; meaning: 蘋果".
    for (const record of value) {
      const row = Object.entries(record)
        .filter(([, v]) => v !== '' && v !== null)
        .map(([k, v]) => `${k}: ${show(v)}`)
        .join('; ');
      if (row) out.push(path ? `${path}: ${row}` : row);
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => flatten(v, `${path}[${i}]`, out));
    return;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    flatten(v, path ? `${path}.${key}` : key, out);
}

/**
 * JSON flattened to "path: value" lines (lists of flat records as "key: value; key: value" rows),
 * 30 lines per block; null when the text is not JSON.
 */
export function jsonItems(source: string): TextItem[] | null {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return null;
  }
  const lines: string[] = [];
  try {
    flatten(value, '', lines);
  } catch {
    return null; // nested past the call stack: read it as plain text instead
  }
  const items: TextItem[] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_BLOCK)
    items.push({ text: lines.slice(i, i + LINES_PER_BLOCK).join('\n') });
  return items;
}
