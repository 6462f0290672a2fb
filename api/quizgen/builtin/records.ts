import type { AnalysedSentence } from './analysis.js';

/** One "Header: value" cell of a table row as the extractors write it ("A: 1; B: 2"). */
export interface Field {
  header: string;
  value: string;
  /** Offsets of the value in the row's text. */
  start: number;
  end: number;
}

/** A column of one table: its values and the rows holding each. */
export interface Column {
  header: string;
  values: Map<string, number[]>;
  /** Rows with a value in this column. */
  filled: number;
}

export interface Table {
  key: string;
  rows: number[];
  columns: Map<string, Column>;
  /** Per column, how many rows share each combination of the other cells. */
  contexts: Map<string, Map<string, number>>;
}

const CELL = /([^:;\n]{1,40}?): ([^;\n]*)/g;

/** The fields of a row written "Header: value; Header: value", or undefined for prose. */
export function parseRecord(text: string): Field[] | undefined {
  const fields: Field[] = [];
  let expected = 0;
  for (const m of text.matchAll(CELL)) {
    const lead = text.slice(expected, m.index);
    if (lead.trim() && lead.trim() !== ';') return undefined;
    const header = m[1]!.trim();
    const value = m[2]!.trim();
    const start = m.index + m[0].indexOf(': ') + 2 + (m[2]!.length - m[2]!.trimStart().length);
    fields.push({ header, value, start, end: start + value.length });
    expected = m.index + m[0].length;
  }
  if (text.slice(expected).trim()) return undefined;
  return fields.length >= 2 ? fields : undefined;
}

/** Groups record rows into tables (same file, sheet and first header) and indexes their columns. */
export function buildTables(
  sentences: Array<Pick<AnalysedSentence, 'id' | 'fileId' | 'location'> & { record?: Field[] }>,
): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const s of sentences) {
    if (!s.record) continue;
    const key = tableKey(s);
    const table: Table = tables.get(key) ?? {
      key,
      rows: [],
      columns: new Map(),
      contexts: new Map(),
    };
    tables.set(key, table);
    table.rows.push(s.id);
    for (const f of s.record) {
      const column = table.columns.get(f.header) ?? {
        header: f.header,
        values: new Map(),
        filled: 0,
      };
      table.columns.set(f.header, column);
      if (!f.value) continue;
      column.filled++;
      column.values.set(f.value, [...(column.values.get(f.value) ?? []), s.id]);
      const contexts = table.contexts.get(f.header) ?? new Map<string, number>();
      table.contexts.set(f.header, contexts);
      const context = contextKey(s.record, f.header);
      contexts.set(context, (contexts.get(context) ?? 0) + 1);
    }
  }
  return tables;
}

function contextKey(record: Field[], except: string): string {
  return record
    .filter((f) => f.header !== except && f.value)
    .map((f) => `${f.header}\u0001${f.value}`)
    .join('\u0002');
}

/**
 * Whether the other cells of a row pin down the cell in `header`: no other row of the table
 * has the same other cells. Otherwise blanking it asks the learner to guess between rows.
 */
export function isDetermined(table: Table, record: Field[], header: string): boolean {
  return (table.contexts.get(header)?.get(contextKey(record, header)) ?? 0) <= 1;
}

export function tableKey(
  s: Pick<AnalysedSentence, 'fileId' | 'location'> & { record?: Field[] },
): string {
  const sheet = s.location.kind === 'sheet' ? s.location.sheet : '';
  return `${s.fileId}\u0000${sheet}\u0000${s.record?.[0]?.header ?? ''}`;
}

/**
 * How worth asking a column is, 0..1: rarely filled columns (a calendar's holiday names) and
 * columns of varied text rank high; codes (a handful of short numbers) are not worth asking.
 */
export function columnWeight(table: Table, column: Column): number {
  let weight = weights.get(column);
  if (weight === undefined) {
    weight = computeWeight(table, column);
    weights.set(column, weight);
  }
  return weight;
}

const weights = new WeakMap<Column, number>();

function computeWeight(table: Table, column: Column): number {
  const distinct = column.values.size;
  const values = [...column.values.keys()];
  const numeric = values.every((v) => /^[\d.,\s-]+$/.test(v));
  // A code (是否放假: 0/2) repeats a few short numbers over many rows; a count (Stanley Cups: 13) does not.
  const code =
    numeric && distinct <= 5 && column.filled >= 3 * distinct && values.every((v) => v.length <= 2);
  if (distinct < 3 || code) return 0;
  const fill = column.filled / Math.max(1, table.rows.length);
  const variety = distinct / Math.max(1, column.filled);
  return Math.min(1, 0.35 + 0.35 * (1 - fill) + 0.2 * variety + (numeric ? 0 : 0.1));
}
