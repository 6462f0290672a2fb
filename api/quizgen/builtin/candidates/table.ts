import { comparisonKey } from '../../text/normalize.js';
import type { QuestionType } from '../../types.js';
import { BLANK_MARKER } from '../../types.js';
import type { AnalysedSentence, DocAnalysis } from '../analysis.js';
import type { Answer } from '../answers.js';
import { citationOf, type BuildContext, type Draft } from '../draft.js';
import { hashString } from '../rng.js';
import { nearbyValues } from '../numbers.js';
import { acceptedAnswers } from '../variants.js';
import type { Field, Table } from '../records.js';

/**
 * Questions from tables (CSV, XLSX, every sheet): "What is the <attribute> of <entity>?",
 * "Which <entity> has <attribute> v?", the largest/smallest of a numeric column, a row stated
 * with another row's value (false) or its own (true), and the same facts as dropdown blanks
 * and short answers. Columns are typed first: the key (entity) column, categorical, numeric,
 * date, free text; identifiers, URLs, codes, long text and romanisations of the key are never
 * asked about nor shown. Pivot tables (Row Labels, Sum of …, Grand Total) are not used when the
 * raw data is in the material too. Distractors are other values of the same column.
 */

export type ColumnType =
  | 'key'
  | 'categorical'
  | 'numeric'
  | 'date'
  | 'text'
  | 'long'
  | 'identifier'
  | 'url'
  | 'code'
  | 'romanisation';

export interface TypedColumn {
  header: string;
  type: ColumnType;
  /** Distinct values in row order. */
  values: string[];
}

export interface TableModel {
  table: Table;
  /** The sheet's (or file's) name, as the stem names it. */
  name: string;
  key: TypedColumn;
  columns: TypedColumn[];
  /** Row sentence id → field by header. */
  rows: Map<number, Map<string, string>>;
  pivot: boolean;
}

/** A question a table offers, built on demand for the type a slot asks for. */
export interface TableCandidate {
  sentence: AnalysedSentence;
  /** The asked cell, so selection sees a table field. */
  answers: Answer[];
  score: number;
  build(ctx: BuildContext, type: QuestionType, truth: boolean): Draft | undefined;
}

const URL = /^(?:https?:\/\/|www\.)\S+$|^\S+@\S+\.\w+$/i;
const NUMBER =
  /^[-+]?(?:NT\$|[$€£¥])?\s?\d{1,3}(?:[,，]\d{3})*(?:\.\d+)?\s?%?$|^[-+]?\d+(?:\.\d+)?%?$/;
const DATE = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{8}|\d{2,3}[-/.年]\d{1,2}[-/.月]\d{1,2}日?)$/;
const IDENTIFIER = /^(?=.*\d)(?=.*[A-Za-z_])[A-Za-z0-9_.:-]{3,}$|^[A-Z0-9]+(?:[_-][A-Z0-9]+)+$/;
/** Latin letters with tone marks or syllable hyphens: a transliteration (臺羅, pinyin). */
const ROMANISED = /^[\p{Script=Latin}\p{M}ⁿ'’ -]+$/u;
const PIVOT_HEADER =
  /^(?:row labels|column labels|grand total|(?:sum|count|average|max|min|product) of .+|列標籤|欄標籤|總計|加總 - .+|計數 - .+|平均值 - .+)$/i;
/** A calendar year as a table writes it (1950, 2019). */
const YEAR = /^(?:1[5-9]|20)\d{2}$/;
const TOTAL_ROW = /^(?:grand total|total|subtotal|總計|合計|小計|總和)$/i;

function typeColumn(header: string, values: string[], filled: number, rows: number): ColumnType {
  const distinct = values.length;
  if (!distinct) return 'text';
  const share = (re: RegExp) => values.filter((v) => re.test(v)).length / distinct;
  if (share(URL) >= 0.5) return 'url';
  if (share(DATE) >= 0.9) return 'date';
  if (share(NUMBER) >= 0.9) {
    // A code (是否放假: 0/2) repeats a few short numbers over many rows.
    if (distinct <= 5 && filled >= 3 * distinct && values.every((v) => v.length <= 2))
      return 'code';
    return 'numeric';
  }
  if (share(IDENTIFIER) >= 0.8 && distinct === filled) return 'identifier';
  const mean = values.reduce((n, v) => n + [...v].length, 0) / distinct;
  if (mean > 40) return 'long';
  if (distinct <= Math.max(2, filled * 0.5) && filled >= 4 && rows >= 4) return 'categorical';
  void header;
  return 'text';
}

/** The tables of the material, typed; pivot tables dropped when raw data is there too. */
export function tableModels(a: DocAnalysis): TableModel[] {
  const models: TableModel[] = [];
  const byId = new Map(a.sentences.map((s) => [s.id, s]));
  for (const table of a.tables.values()) {
    // A short sheet (three teams and their titles) is still a table worth asking about.
    if (table.rows.length < MIN_ROWS) continue;
    const first = byId.get(table.rows[0]!)!;
    const name =
      first.location.kind === 'sheet'
        ? first.location.sheet.replace(/\.(?:csv|tsv|txt)$/i, '')
        : '';
    const rows = new Map<number, Map<string, string>>();
    for (const id of table.rows) {
      const record = byId.get(id)!.record!;
      rows.set(id, new Map(record.map((f: Field) => [f.header, f.value])));
    }
    const typed: TypedColumn[] = [...table.columns.values()].map((c) => {
      const values = [...c.values.keys()];
      return {
        header: c.header,
        values,
        type: typeColumn(c.header, values, c.filled, table.rows.length),
      };
    });
    const pivot =
      typed.some((c) => PIVOT_HEADER.test(c.header)) ||
      [...rows.values()].some((r) => [...r.values()].some((v) => /^grand total$|^總計$/i.test(v)));
    // The key: the first column whose values name each row once (a name, a date, a term);
    // failing that, a column of years naming each row once (a season, a census year: tables of
    // results or figures by year have no other key).
    const filledRows = (c: TypedColumn) =>
      table.columns.get(c.header)!.filled >= table.rows.length * 0.9;
    const key =
      typed.find(
        (c) =>
          ['text', 'date', 'categorical', 'identifier'].includes(c.type) &&
          c.values.length >= table.rows.length * 0.6 &&
          filledRows(c),
      ) ??
      typed.find(
        (c) =>
          c.type === 'numeric' &&
          c.values.length === table.columns.get(c.header)!.filled &&
          filledRows(c) &&
          c.values.every((v) => YEAR.test(v)),
      );
    if (!key) continue;
    key.type = 'key';
    // A column spelling the key in Latin letters (臺羅 beside 華語) gives any key away.
    const keyHan =
      key.values.filter((v) => /\p{Script=Han}/u.test(v)).length >= key.values.length * 0.8;
    for (const c of typed)
      if (
        c !== key &&
        keyHan &&
        c.values.filter((v) => ROMANISED.test(v)).length >= c.values.length * 0.8
      )
        c.type = 'romanisation';
    models.push({ table, name, key, columns: typed, rows, pivot });
  }
  // Raw data beats its summary: a pivot table is asked only when nothing else is there.
  const raw = models.filter((m) => !m.pivot);
  return raw.length ? raw : models;
}

/** Rows a table needs before it is asked about; a column needs as many distinct values. */
const MIN_ROWS = 3;

const ASKABLE: ReadonlySet<ColumnType> = new Set(['categorical', 'numeric', 'date', 'text']);

const displayKey = (value: string, type: ColumnType, zh: boolean): string => {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (type === 'key' && d) {
    const [y, m, day] = [d[1]!, Number(d[2]), Number(d[3])];
    return zh ? `${y} 年 ${m} 月 ${day} 日` : `${y}-${d[2]}-${d[3]}`;
  }
  return value;
};

interface Fact {
  model: TableModel;
  sentence: AnalysedSentence;
  entity: string;
  column: TypedColumn;
  value: string;
}

/** Every (row, column) fact worth asking, each as a candidate that builds any question type. */
export function tableCandidates(a: DocAnalysis): TableCandidate[] {
  const zh = a.language === 'zh';
  const out: TableCandidate[] = [];
  const byId = new Map(a.sentences.map((s) => [s.id, s]));
  for (const model of tableModels(a)) {
    const keyCounts = new Map<string, number>();
    for (const r of model.rows.values()) {
      const k = comparisonKey(r.get(model.key.header) ?? '');
      keyCounts.set(k, (keyCounts.get(k) ?? 0) + 1);
    }
    const askable = model.columns.filter(
      (c) =>
        ASKABLE.has(c.type) &&
        c.values.length >= Math.min(4, Math.max(MIN_ROWS, model.rows.size)) &&
        c.values.every((v) => [...v].length <= 40),
    );
    const columnTurns = new Map<string, number>();
    for (const [id, row] of model.rows) {
      const entity = row.get(model.key.header);
      if (!entity || TOTAL_ROW.test(entity) || keyCounts.get(comparisonKey(entity))! > 1) continue;
      const sentence = byId.get(id)!;
      for (const column of askable) {
        const value = row.get(column.header);
        if (!value) continue;
        const filled = model.table.columns.get(column.header)!.filled;
        // Sparse columns (a calendar's holiday names) hold what the table is about.
        const rare = 1 - filled / model.rows.size;
        // Each column's rows are taken in their own stable order, a little less each, so the
        // best facts of a table alternate between its columns (who won, the coach, the time)
        // instead of asking one column row after row.
        const turn = (columnTurns.get(column.header) ?? 0) + 1;
        columnTurns.set(column.header, turn);
        const score =
          0.35 +
          0.35 * rare +
          (column.type === 'text' || column.type === 'categorical' ? 0.1 : 0) +
          (column.type === 'numeric' ? 0.05 : 0) -
          Math.min(0.05, 0.0005 * ((hashString(`${column.header}|${entity}`) % 97) + turn));
        const fact: Fact = { model, sentence, entity, column, value };
        const field = sentence.record!.find((f) => f.header === column.header)!;
        out.push({
          sentence,
          answers: [
            {
              kind: 'field',
              text: value,
              start: field.start,
              end: field.end,
              field,
              table: model.table,
            },
          ],
          score,
          build: (ctx, type, truth) => buildTableQuestion(ctx, fact, type, truth, zh),
        });
      }
    }
  }
  return out.sort((x, y) => y.score - x.score || x.sentence.id - y.sentence.id);
}

/** Values of the same column that are not this entity's: distinct, never a header, never the key. */
function sameColumnDistractors(ctx: BuildContext, fact: Fact, count: number): string[] | undefined {
  const { model, column, value } = fact;
  const keyCmp = comparisonKey(value);
  const headers = new Set(model.columns.map((c) => comparisonKey(c.header)));
  const seen = new Set<string>([keyCmp]);
  const pool: Array<{ v: string; score: number }> = [];
  for (const v of column.values) {
    const k = comparisonKey(v);
    if (seen.has(k) || headers.has(k) || !v.trim()) continue;
    seen.add(k);
    pool.push({ v, score: closeness(value, v, column.type) });
  }
  // A short numeric column (three teams' titles) gets made-up neighbours of the key's value,
  // counts of the same kind, never a value of this column.
  if (pool.length < count && column.type === 'numeric' && /^\d{1,6}$/.test(value))
    for (const n of [Number(value) + 1, ...nearbyValues(Number(value), ''), 0]) {
      const v = String(n);
      if (seen.has(v) || n === Number(value)) continue;
      seen.add(v);
      pool.push({ v, score: closeness(value, v, column.type) - 0.5 });
      if (pool.length >= count + 2) break;
    }
  if (pool.length < count) return undefined;
  // Rows keyed by date (a calendar): the values of the nearest rows are the plausible ones
  // (2/15 小年夜 and 2/17 春節 beside 2/16 農曆除夕; never 春節 in April).
  const byRow = rowDistances(fact);
  if (byRow && column.type !== 'numeric') {
    const nearest = [...pool]
      .filter((p) => byRow.has(p.v))
      .sort(
        (x, y) =>
          byRow.get(x.v)! - byRow.get(y.v)! || hashString(x.v + value) - hashString(y.v + value),
      )
      .map((p) => p.v);
    if (nearest.length < count) return undefined;
    const picked = nearest.slice(0, count);
    // The key is not the one long option (a giveaway): a value at least as long from the
    // next nearest rows takes the last place.
    const size = (v: string) => [...v].length;
    if (picked.every((v) => size(v) < size(value))) {
      const longer = nearest.slice(count, count + 6).find((v) => size(v) >= size(value));
      if (longer) picked[count - 1] = longer;
    }
    return picked;
  }
  // Near values first for experts, a spread for beginners; ties broken by a stable hash.
  const near = [...pool].sort(
    (x, y) => y.score - x.score || hashString(x.v + value) - hashString(y.v + value),
  );
  const take = Math.round(count * ctx.closeness);
  const nearPick = near.slice(0, take);
  const rest = near
    .slice(take)
    .sort((x, y) => hashString(x.v + value) - hashString(y.v + value))
    .slice(0, count - take);
  return [...nearPick, ...rest].map((p) => p.v);
}

/**
 * For a table keyed by dates: each value of the fact's column with its distance in rows from
 * the fact's row (the nearest row holding it). Undefined for other tables.
 */
function rowDistances(fact: Fact): Map<string, number> | undefined {
  const { model, column } = fact;
  const keys = [...model.rows.values()].map((r) => r.get(model.key.header) ?? '');
  if (!keys.length || !keys.every((k) => DATE.test(k))) return undefined;
  const ids = [...model.rows.keys()];
  const at = ids.indexOf(fact.sentence.id);
  if (at < 0) return undefined;
  const out = new Map<string, number>();
  ids.forEach((id, i) => {
    const v = model.rows.get(id)!.get(column.header);
    if (!v) return;
    const d = Math.abs(i - at);
    if (!out.has(v) || out.get(v)! > d) out.set(v, d);
  });
  return out;
}

function closeness(key: string, other: string, type: ColumnType): number {
  if (type === 'numeric') {
    const a = parseFloat(key.replace(/[^\d.-]/g, ''));
    const b = parseFloat(other.replace(/[^\d.-]/g, ''));
    return -Math.abs(Math.log((Math.abs(a) + 1) / (Math.abs(b) + 1)));
  }
  const ka = new Set([...key]);
  const shared = [...other].filter((c) => ka.has(c)).length;
  return (
    shared / Math.max([...key].length, [...other].length) -
    Math.abs([...key].length - [...other].length) * 0.05
  );
}

const q = (zh: boolean, s: string) => (zh ? `「${s}」` : `“${s}”`);

/** A sheet or file name that says nothing to a learner: Sheet1, 工作表1, a file's own name. */
const MEANINGLESS_NAME = /^(?:sheet|工作表|table|表)\s*\d*$|_|\.\w{2,4}$|^[\w-]*\d{3,}[\w-]*$/i;

function tableName(fact: Fact, zh: boolean): string {
  const { name } = fact.model;
  if (!name || MEANINGLESS_NAME.test(name)) return zh ? '本表' : 'the table';
  return zh ? `「${name}」` : `the sheet “${name}”`;
}

function entityPhrase(fact: Fact, zh: boolean): string {
  const { model, entity } = fact;
  const shown = displayKey(entity, model.key.type, zh);
  return zh ? `${model.key.header}為「${shown}」` : `${model.key.header} ${q(false, shown)}`;
}

function rowLabel(fact: Fact, zh: boolean): string {
  const where = fact.sentence.location;
  const row =
    where.kind === 'sheet' && where.rowStart === where.rowEnd ? where.rowStart : undefined;
  const entity = displayKey(fact.entity, fact.model.key.type, zh);
  if (zh) return `「${entity}」那一列${row ? `（第 ${row} 列）` : ''}`;
  return `the row for ${entity}`;
}

function explainRow(fact: Fact, zh: boolean): string {
  return zh
    ? `依${tableName(fact, zh)}，${rowLabel(fact, zh)}的${fact.column.header}是「${fact.value}」。`
    : `In ${tableName(fact, zh)}, in ${rowLabel(fact, zh)}, ${fact.column.header} is “${fact.value}”.`;
}

/** Where a wrong value really belongs: the row that holds it. */
function explainOther(fact: Fact, other: string, zh: boolean): string | undefined {
  for (const row of fact.model.rows.values()) {
    if (row.get(fact.column.header) !== other) continue;
    const owner = row.get(fact.model.key.header);
    if (!owner) return undefined;
    const shown = displayKey(owner, fact.model.key.type, zh);
    return zh
      ? `「${other}」是${fact.model.key.header}為「${shown}」那一列的${fact.column.header}。`
      : `“${other}” is the ${fact.column.header} of ${shown}.`;
  }
  return undefined;
}

/** Whether any row of this entity holds `value` in the column (a "false" statement true elsewhere). */
function entityHas(fact: Fact, value: string): boolean {
  const k = comparisonKey(value);
  for (const row of fact.model.rows.values())
    if (
      comparisonKey(row.get(fact.model.key.header) ?? '') === comparisonKey(fact.entity) &&
      comparisonKey(row.get(fact.column.header) ?? '') === k
    )
      return true;
  return false;
}

function buildTableQuestion(
  ctx: BuildContext,
  fact: Fact,
  type: QuestionType,
  truth: boolean,
  zh: boolean,
): Draft | undefined {
  const { column, value, sentence } = fact;
  if (!ctx.allowReuse && ctx.usedKeys.has(comparisonKey(value)) && type !== 'true_false')
    return undefined;
  const table = tableName(fact, zh);
  const entity = entityPhrase(fact, zh);
  const base = {
    relatedConcepts: [fact.model.key.header, column.header],
    citation: citationOf(sentence),
    // One fact per column, entity and value; a count is told apart by its sheet ("since 67").
    fact: `${column.type === 'numeric' ? `${fact.model.name}|` : ''}${column.header}|${fact.entity}=${fact.value}`,
    sentence,
  };
  const askWhat = zh
    ? `依${table}，${entity}的${column.header}是什麼？`
    : column.type === 'numeric' && /s$/.test(column.header)
      ? `In ${table}, what number is given as ${column.header} for ${entity}?`
      : `In ${table}, what is the ${column.header} of ${entity}?`;
  switch (type) {
    case 'multiple_choice': {
      const uniqueValue = (column.values.length ?? 0) > 0 && valueOwners(fact, value) === 1;
      // Half the time (by a stable hash), ask the other way round when the value is unique.
      if (
        uniqueValue &&
        column.type !== 'numeric' &&
        hashString(sentence.text + column.header) % 2
      ) {
        const keys = otherKeys(fact, 3);
        if (keys) {
          return {
            ...base,
            type,
            question: zh
              ? `依${table}，哪一個${fact.model.key.header}的${column.header}是「${value}」？`
              : `In ${table}, which ${fact.model.key.header} has the ${column.header} “${value}”?`,
            choices: [
              displayKey(fact.entity, 'key', zh),
              ...keys.map((k) => displayKey(k, 'key', zh)),
            ],
            keys: [displayKey(fact.entity, 'key', zh)],
            explanation: explainRow(fact, zh),
          };
        }
      }
      const distractors = sameColumnDistractors(ctx, fact, 3);
      if (!distractors) return undefined;
      return {
        ...base,
        type,
        question: askWhat,
        choices: [value, ...distractors],
        keys: [value],
        explanation: explainRow(fact, zh),
      };
    }
    case 'dropdown_fill_in_blank': {
      const distractors = sameColumnDistractors(ctx, fact, ctx.blankOptions - 1);
      if (!distractors) return undefined;
      return {
        ...base,
        type,
        question: zh
          ? `請從選單中選出正確內容：依${table}，${entity}的${column.header}是${BLANK_MARKER}。`
          : `Choose the correct option: in ${table}, the ${column.header} of ${entity} is ${BLANK_MARKER}.`,
        blanks: [[value, ...distractors]],
        keys: [value],
        explanation: explainRow(fact, zh),
      };
    }
    case 'short_answer': {
      // A typed answer is fair for names and numbers, not for free text nobody would spell alike.
      if (column.type === 'text' && [...value].length > 12) return undefined;
      return {
        ...base,
        type,
        question: askWhat,
        acceptedAnswers: [
          ...new Set([...acceptedFor(value), ...acceptedAnswers({ kind: 'field', text: value })]),
        ],
        keys: [value],
        explanation: explainRow(fact, zh),
      };
    }
    case 'true_false': {
      let shown = value;
      let why = explainRow(fact, zh);
      if (!truth) {
        // Another row's value of this column: the statement contradicts the row on one cell.
        const others = fact.column.values.filter((v) => comparisonKey(v) !== comparisonKey(value));
        const other = (
          sameColumnDistractors({ ...ctx, closeness: 1 }, fact, Math.min(3, others.length)) ?? []
        ).find((v) => !entityHas(fact, v));
        if (!other) return undefined;
        shown = other;
        const where = explainOther(fact, other, zh);
        why = zh
          ? `${explainRow(fact, zh)}題目寫成「${other}」，因此是「錯誤」。${where ?? ''}`
          : `${explainRow(fact, zh)} The statement says “${other}”, so it is false.${where ? ` ${where}` : ''}`;
      } else {
        why = zh
          ? `${explainRow(fact, zh)}因此是「正確」。`
          : `${explainRow(fact, zh)} So the statement is true.`;
      }
      return {
        ...base,
        type,
        question: zh
          ? `判斷下列敘述是否正確：依${table}，${entity}的${column.header}是「${shown}」。`
          : `True or false: in ${table}, the ${column.header} of ${entity} is “${shown}”.`,
        truth,
        keys: [value],
        explanation: why,
      };
    }
  }
}

function valueOwners(fact: Fact, value: string): number {
  const k = comparisonKey(value);
  let n = 0;
  for (const row of fact.model.rows.values())
    if (comparisonKey(row.get(fact.column.header) ?? '') === k) n++;
  return n;
}

/** Other rows' keys whose value in the column differs: "which entity has …" distractors. */
function otherKeys(fact: Fact, count: number): string[] | undefined {
  const k = comparisonKey(fact.value);
  const out: string[] = [];
  const rows = [...fact.model.rows.values()].sort(
    (x, y) =>
      hashString((x.get(fact.model.key.header) ?? '') + fact.value) -
      hashString((y.get(fact.model.key.header) ?? '') + fact.value),
  );
  for (const row of rows) {
    const key = row.get(fact.model.key.header);
    const v = row.get(fact.column.header);
    if (!key || !v || comparisonKey(v) === k || comparisonKey(key) === comparisonKey(fact.entity))
      continue;
    if (TOTAL_ROW.test(key) || out.includes(key)) continue;
    out.push(key);
    if (out.length === count) return out;
  }
  return undefined;
}

function acceptedFor(value: string): string[] {
  const out = new Set([value]);
  const n = /^([-+]?[\d,，]+(?:\.\d+)?)\s?%$/.exec(value);
  if (n) out.add(`${n[1]} percent`);
  if (/^[\d,]+$/.test(value)) out.add(value.replace(/,/g, ''));
  return [...out];
}
