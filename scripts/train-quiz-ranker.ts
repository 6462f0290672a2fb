/**
 * Trains the quiz acceptability ranker (decision 0051) from the blind gradings in docs/quality:
 * pairs every graded question (ok Y/N, gates) with its report item, computes the shared
 * features (api/quizgen/builtin/quality-features.ts), fits a logistic regression and evaluates
 * it leave-one-document-out.
 *
 *   npx tsx scripts/train-quiz-ranker.ts [--dataset out.jsonl] [--l2 5]
 *     [--weights api/quizgen/builtin/quality-model.ts]
 *
 * The dataset (about 1.7 MB) is not committed: it is rebuilt from docs/quality each run.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { QuestionType } from '../api/quizgen/types.js';
import {
  QUALITY_FEATURES,
  qualityFeatures,
  type QualityItem,
  type QualityModel,
} from '../api/quizgen/builtin/quality-features.js';

const ROOT = join(import.meta.dirname, '..', 'docs', 'quality');

export interface ReportItem {
  q: string;
  type: QuestionType;
  question: string;
  options: string[];
  key: string;
  truth?: boolean;
  accepted: string[];
}

export interface Labelled extends QualityItem {
  /** The document (grouping unit of the cross-validation). */
  doc: string;
  report: string;
  grade: string;
  q: string;
  ok: boolean;
  gates: string;
  /** Typed answers accepted (kept in the dataset; not a feature: the generator adds aliases after selection). */
  accepted: string[];
}

/** Parses a quiz report into its questions. */
export function parseReport(text: string): ReportItem[] {
  const items: ReportItem[] = [];
  const sections = text.split(/^## (q\d+) · (\S+)\s*$/m);
  for (let i = 1; i + 2 < sections.length + 1; i += 3) {
    const q = sections[i]!;
    const type = sections[i + 1] as QuestionType;
    const body = sections[i + 2] ?? '';
    const lines = body.split('\n');
    const question = lines.find((l) => l.trim() && !l.startsWith('- '))?.trim() ?? '';
    const options: string[] = [];
    let key = '';
    let truth: boolean | undefined;
    let accepted: string[] = [];
    for (const line of lines) {
      let m = /^- (\*\*✔ )?([a-z]+)\) (.*?)(\*\*)?$/.exec(line);
      if (m && !line.startsWith('- blank') && !line.startsWith('- accepted')) {
        const text = m[3]!.trim();
        if (type === 'true_false') {
          if (m[1]) truth = m[2] === 'true';
        } else if (m[1]) key = text;
        else options.push(text);
        continue;
      }
      m = /^- blank b1: (.*)$/.exec(line);
      if (m) {
        for (const part of m[1]!.split(' · ')) {
          const k = /^\*\*✔ (.*)\*\*$/.exec(part.trim());
          if (k) key = k[1]!.trim();
          else options.push(part.trim());
        }
        continue;
      }
      m = /^- accepted: (.*)$/.exec(line);
      if (m) accepted = m[1]!.split(' · ').map((s) => s.trim());
      m = /^Key: (.*)$/.exec(line);
      if (m && !key) key = m[1]!.trim();
    }
    items.push({ q, type, question, options, key, truth, accepted });
  }
  return items;
}

interface GradeRow {
  q: string;
  type: string;
  gates: string;
  ok: boolean;
}

/** Parses a grade file's table: one row per question. */
export function parseGrade(text: string): { header: string; rows: GradeRow[] } {
  const header = text.split('\n')[0] ?? '';
  const rows: GradeRow[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 9 || !/^q\d+$/.test(cells[1]!)) continue;
    const ok = cells[7]!.toUpperCase();
    if (ok !== 'Y' && ok !== 'N') continue;
    rows.push({ q: cells[1]!, type: cells[2]!, gates: cells[3]!, ok: ok === 'Y' });
  }
  return { header, rows };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const json = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;

/** The document name a report or grade file is about (no folder, no extensions, no prefix). */
function docName(name: string): string {
  return name
    .replace(/\.(X|Y)\.grade\.md$|\.grade\.md$/, '')
    .replace(/(\.md)+$/, '')
    .replace(/^(?:docx|md|pptx|textbook|transcripts|xlsx|csv|pdf|txt)__/, '');
}

/**
 * The report a grade file grades: the grade's header names the report file (or, for paired
 * grading, X/Y with the document; the paired keys say which version X/Y was).
 */
function reportFor(gradePath: string, header: string): string | undefined {
  const rel = relative(ROOT, gradePath);
  const [session, ...rest] = rel.split('/');
  const sdir = join(ROOT, session!);
  const file = rest[rest.length - 1]!;
  const named = /^# Grading: (\S+)/.exec(header)?.[1]?.split('/').pop();
  const paired = /^(.*)\.(X|Y)\.grade\.md$/.exec(file);
  const pick = (dir: string, name: string) => {
    const p = join(sdir, dir, name);
    return existsSync(p) ? p : undefined;
  };
  if (session === '2026-11-27') {
    const set = file.split('__')[0]!;
    return named && pick(set, named);
  }
  if (session === '2026-11-27-s7') {
    const [folder] = rest;
    const expert = file.startsWith('expert_');
    const dir =
      folder === 'grades-baseline'
        ? 'baseline-holdout-v2-basic'
        : folder === 'grades-final'
          ? `final-holdout-v2-${expert ? 'expert' : 'basic'}`
          : folder === 'grades-round1-v3'
            ? 'round1-holdout-v3-basic'
            : `round2-holdout-v3-${expert ? 'expert' : 'basic'}`;
    return named && pick(dir, named);
  }
  if (session === '2026-11-27-s8') {
    const [folder, sub] = rest;
    if (folder === 'grades-baseline-v4') return named && pick('baseline-v4-basic', named);
    if (folder === 'grades-final-v4') return named && pick(`final-v4-${sub}`, named);
    const keys = json(join(sdir, 'paired-key.json')) as Record<string, Record<string, string>>;
    const lang = file.startsWith('zh') ? 'zh' : 'en';
    const version = keys[lang]![sub!]!;
    return pick(`${version}-v4-basic`, file.replace(/\.grade\.md$/, '.md'));
  }
  if (paired && rest.length === 3 && rest[0]!.startsWith('grades-')) {
    // s11 on: grades-<set>/<level>/<doc>.X.grade.md with paired-keys/<set>-<level>.json
    // ("new" is <set>-<level>/, "baseline" is baseline-<level>/).
    const set = rest[0]!.slice('grades-'.length);
    const level = rest[1]!;
    const keys = json(join(sdir, 'paired-keys', `${set}-${level}.json`)) as Record<
      string,
      Record<string, string>
    >;
    const version = keys[paired[1]!]?.[paired[2]!];
    if (!version) return undefined;
    return pick(version === 'new' ? `${set}-${level}` : `baseline-${level}`, `${paired[1]}.md.md`);
  }
  if (paired) {
    // s9, s10: grades/<set>/<doc>.X.grade.md with paired-keys/<set>.json.
    const set = rest[1]!;
    const keys = json(join(sdir, 'paired-keys', `${set}.json`)) as Record<
      string,
      Record<string, string>
    >;
    const version = keys[paired[1]!]?.[paired[2]!];
    if (!version) return undefined;
    const level = set.startsWith('expert') ? 'expert' : 'basic';
    const round = /\d$/.exec(set)?.[0] ?? '';
    const dir = version === 'final' ? `final${round}-${level}` : `${version}-${level}`;
    return pick(dir, `${paired[1]}.md.md`);
  }
  return undefined;
}

/** Every graded question paired with its report item. */
export function buildDataset(log: (s: string) => void = () => {}): Labelled[] {
  const out: Labelled[] = [];
  const grades = walk(ROOT).filter(
    (p) => /\/grades[^/]*\//.test(p) && p.endsWith('.md') && !/README|brief/.test(basename(p)),
  );
  let unmatched = 0;
  let mismatched = 0;
  for (const g of grades) {
    const { header, rows } = parseGrade(readFileSync(g, 'utf8'));
    if (!rows.length) continue;
    const report = reportFor(g, header);
    if (!report) {
      unmatched++;
      log(`no report for ${relative(ROOT, g)}`);
      continue;
    }
    const text = readFileSync(report, 'utf8');
    const items = new Map(parseReport(text).map((i) => [i.q, i]));
    const lang = /Material language: zh/.test(text) ? 'zh' : 'en';
    const expert = /difficulty expert/.test(text);
    for (const row of rows) {
      const item = items.get(row.q);
      if (!item || item.type !== row.type) {
        mismatched++;
        continue;
      }
      out.push({
        doc: `${lang}:${docName(basename(report))}`,
        report: relative(ROOT, report),
        grade: relative(ROOT, g),
        q: row.q,
        ok: row.ok,
        gates: row.gates,
        lang,
        type: item.type,
        expert,
        question: item.question,
        key: item.key,
        distractors: item.options,
        truth: item.truth,
        accepted: item.accepted,
      });
    }
  }
  log(
    `grade files ${grades.length}, unmatched ${unmatched}, rows not matching their report item ${mismatched}, labelled ${out.length}`,
  );
  return out;
}

// ---------- logistic regression ----------

function standardise(xs: number[][]): { mean: number[]; sd: number[] } {
  const n = xs.length;
  const d = xs[0]!.length;
  const mean = new Array<number>(d).fill(0);
  const sd = new Array<number>(d).fill(0);
  for (const x of xs) x.forEach((v, j) => (mean[j]! += v / n));
  for (const x of xs) x.forEach((v, j) => (sd[j]! += (v - mean[j]!) ** 2 / n));
  return { mean, sd: sd.map((v) => Math.sqrt(v) || 1) };
}

/** L2-regularised logistic regression by full-batch gradient descent (features standardised). */
export function fitLogistic(xs: number[][], ys: number[], l2 = 1, epochs = 800): QualityModel {
  const { mean, sd } = standardise(xs);
  const zs = xs.map((x) => x.map((v, j) => (v - mean[j]!) / sd[j]!));
  const d = zs[0]!.length;
  const n = zs.length;
  const w = new Array<number>(d).fill(0);
  let b = Math.log((ys.reduce((s, y) => s + y, 0) + 1) / (n - ys.reduce((s, y) => s + y, 0) + 1));
  const rate = 0.5;
  for (let e = 0; e < epochs; e++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const z = zs[i]!.reduce((s, v, j) => s + v * w[j]!, b);
      const err = 1 / (1 + Math.exp(-z)) - ys[i]!;
      gb += err / n;
      for (let j = 0; j < d; j++) gw[j]! += (err * zs[i]![j]!) / n;
    }
    for (let j = 0; j < d; j++) w[j]! -= rate * (gw[j]! + (l2 / n) * w[j]!);
    b -= rate * gb;
  }
  return { features: [...QUALITY_FEATURES], mean, sd, weights: w, bias: b };
}

export function predict(m: QualityModel, x: number[]): number {
  const z = x.reduce((s, v, j) => s + m.weights[j]! * ((v - m.mean[j]!) / m.sd[j]!), m.bias);
  return 1 / (1 + Math.exp(-z));
}

export function auc(scores: number[], ys: number[]): number {
  const pos = scores.filter((_, i) => ys[i] === 1);
  const neg = scores.filter((_, i) => ys[i] === 0);
  let wins = 0;
  for (const p of pos) for (const q of neg) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const data = buildDataset((s) => console.log(s));
  const datasetOut = opt('--dataset');
  if (datasetOut)
    writeFileSync(
      datasetOut,
      data
        .map((d) =>
          JSON.stringify({
            doc: d.doc,
            grade: d.grade,
            q: d.q,
            ok: d.ok,
            gates: d.gates,
            lang: d.lang,
            type: d.type,
            expert: d.expert,
            question: d.question,
            key: d.key,
            distractors: d.distractors,
            truth: d.truth,
            accepted: d.accepted,
          }),
        )
        .join('\n') + '\n',
    );
  const xs = data.map((d) => qualityFeatures(d));
  const ys = data.map((d) => (d.ok ? 1 : 0));
  const rate = (idx: number[]) => idx.filter((i) => ys[i] === 1).length / idx.length;
  const all = data.map((_, i) => i);
  console.log(`acceptable overall ${(100 * rate(all)).toFixed(1)}% of ${data.length}`);
  for (const lang of ['en', 'zh'])
    for (const expert of [false, true]) {
      const idx = all.filter((i) => data[i]!.lang === lang && data[i]!.expert === expert);
      console.log(
        `  ${lang} ${expert ? 'expert' : 'basic'}: ${(100 * rate(idx)).toFixed(1)}% of ${idx.length}`,
      );
    }

  // Leave-one-document-out: every grading of one document (all versions, all graders) is held
  // out together.
  const docs = [...new Set(data.map((d) => d.doc))];
  const l2 = Number(opt('--l2') ?? 5);
  const scores = new Array<number>(data.length).fill(0);
  for (const doc of docs) {
    const train = all.filter((i) => data[i]!.doc !== doc);
    const m = fitLogistic(
      train.map((i) => xs[i]!),
      train.map((i) => ys[i]!),
      l2,
    );
    for (const i of all) if (data[i]!.doc === doc) scores[i] = predict(m, xs[i]!);
  }
  console.log(`documents ${docs.length}; leave-one-document-out AUC ${auc(scores, ys).toFixed(3)}`);
  for (const lang of ['en', 'zh']) {
    const idx = all.filter((i) => data[i]!.lang === lang);
    console.log(
      `  ${lang} AUC ${auc(
        idx.map((i) => scores[i]!),
        idx.map((i) => ys[i]!),
      ).toFixed(3)}`,
    );
  }

  // Top-k: within each graded quiz, the best half by the held-out score vs all its questions;
  // within each document's pooled items (every version graded), the best k vs all.
  const topShare = (groupOf: (i: number) => string, share: number, label: string) => {
    const groups = new Map<string, number[]>();
    for (const i of all) groups.set(groupOf(i), [...(groups.get(groupOf(i)) ?? []), i]);
    let chosen: number[] = [];
    for (const idx of groups.values()) {
      const k = Math.max(1, Math.round(idx.length * share));
      chosen = chosen.concat([...idx].sort((a, b) => scores[b]! - scores[a]!).slice(0, k));
    }
    const byLang = (l: string) => {
      const c = chosen.filter((i) => data[i]!.lang === l);
      const a = all.filter((i) => data[i]!.lang === l);
      return `${l} ${(100 * rate(c)).toFixed(1)}% (${c.length}) vs ${(100 * rate(a)).toFixed(1)}%`;
    };
    console.log(
      `  ${label} top ${Math.round(share * 100)}%: ${(100 * rate(chosen)).toFixed(1)}% of ${chosen.length} vs all ${(100 * rate(all)).toFixed(1)}% · ${byLang('en')} · ${byLang('zh')}`,
    );
  };
  for (const share of [0.5, 0.7]) {
    topShare((i) => data[i]!.grade, share, 'per graded quiz');
    topShare((i) => data[i]!.doc, share, 'per document (pooled versions)');
    // Selection fills typed slots: what counts is ranking within a type.
    topShare(
      (i) => `${data[i]!.doc} ${data[i]!.type} ${data[i]!.expert}`,
      share,
      'per document+type+level',
    );
  }
  // Within-type AUC (averaged over the pairs of one type, one language).
  for (const lang of ['en', 'zh'])
    for (const type of [
      'multiple_choice',
      'true_false',
      'dropdown_fill_in_blank',
      'short_answer',
    ]) {
      const idx = all.filter((i) => data[i]!.lang === lang && data[i]!.type === type);
      console.log(
        `  within ${lang} ${type}: AUC ${auc(
          idx.map((i) => scores[i]!),
          idx.map((i) => ys[i]!),
        ).toFixed(3)} (n ${idx.length}, ok ${(100 * rate(idx)).toFixed(1)}%)`,
      );
    }

  // Forward in time: trained on the earlier sessions only, scored on the latest (hold-out v6,
  // graded on the generator as it is now).
  const last = '2026-11-27-s10';
  const past = all.filter((i) => !data[i]!.grade.startsWith(last));
  const recent = all.filter((i) => data[i]!.grade.startsWith(last));
  const early = fitLogistic(
    past.map((i) => xs[i]!),
    past.map((i) => ys[i]!),
    l2,
  );
  const recentScores = new Map(recent.map((i) => [i, predict(early, xs[i]!)]));
  const groupsOf = (key: (i: number) => string) => {
    const g = new Map<string, number[]>();
    for (const i of recent) g.set(key(i), [...(g.get(key(i)) ?? []), i]);
    return [...g.values()];
  };
  const chosenTop = (groups: number[][]) =>
    groups.flatMap((idx) =>
      [...idx]
        .sort((a, b) => recentScores.get(b)! - recentScores.get(a)!)
        .slice(0, Math.max(1, Math.round(idx.length / 2))),
    );
  console.log(
    `forward (train before ${last}, test ${last}, n ${recent.length}): AUC ${auc(
      recent.map((i) => recentScores.get(i)!),
      recent.map((i) => ys[i]!),
    ).toFixed(
      3,
    )}; top half per quiz ${(100 * rate(chosenTop(groupsOf((i) => data[i]!.grade)))).toFixed(1)}%, per document+type+level ${(100 * rate(chosenTop(groupsOf((i) => `${data[i]!.doc} ${data[i]!.type} ${data[i]!.expert}`)))).toFixed(1)}% vs all ${(100 * rate(recent)).toFixed(1)}%`,
  );

  const model = fitLogistic(xs, ys, l2);
  console.log('weights (standardised):');
  QUALITY_FEATURES.forEach((f, j) =>
    console.log(`  ${f.padEnd(26)} ${model.weights[j]!.toFixed(3)}`),
  );
  const weightsOut = opt('--weights');
  if (weightsOut) {
    const round = (v: number) => Math.round(v * 1e4) / 1e4;
    const body = JSON.stringify(
      {
        features: model.features,
        mean: model.mean.map(round),
        sd: model.sd.map(round),
        weights: model.weights.map(round),
        bias: round(model.bias),
      },
      null,
      2,
    );
    writeFileSync(
      weightsOut,
      `// Generated by scripts/train-quiz-ranker.ts from the blind gradings in docs/quality\n` +
        `// (${data.length} graded questions, ${docs.length} documents, l2 ${l2}); decision 0051.\n` +
        `import type { QualityModel } from './quality-features.js';\n\n` +
        `export const QUALITY_MODEL: QualityModel = ${body};\n`,
    );
  }
}

if (process.argv[1] && basename(process.argv[1]).startsWith('train-quiz-ranker')) main();
