import type { Block, ExtractedDocument, Location } from '../../extract/types.js';
import type { QuestionType, QuizSettings } from '../types.js';
import { keyPhrases, termsOf } from './keyphrases.js';
import { sentencesOf, type Sentence } from './sentences.js';

/** A run of blocks from one section of the document, sent to the model as one unit. */
export interface Chunk {
  /** 1-based, in document order, as the prompt shows it. */
  number: number;
  label: string;
  sentences: Sentence[];
  /** Sentences long enough to carry a question. */
  usable: number;
  tokens: number;
  terms: Set<string>;
}

/** The chunks one request covers and the questions it asks for. */
export interface Batch {
  chunks: Array<{ chunk: Chunk; ask: number; need: number }>;
  /** Questions this batch must yield for the quiz to be full. */
  need: number;
  /** Questions requested: about 1.5 × need, so that the best can be chosen. */
  ask: number;
  types: Array<[QuestionType, number]>;
  keyPhrases: string[];
  /** Questions already in the quiz, which new ones must not repeat. */
  avoid?: string[];
}

export interface Plan {
  batches: Batch[];
  /** Questions the quiz gets: the requested count, or fewer when the material is short. */
  target: number;
  /** Sentences long enough to carry a question. */
  capacity: number;
  chunks: Chunk[];
}

const CHUNK_TOKENS = 600;
const MIN_CHUNK_TOKENS = 150;
export const BATCH_TOKENS = 3000;
const BATCH_QUESTIONS = 10;
export const OVERSAMPLE = 1.5;

/** A rough token count: a Chinese character is about one, English about four characters. */
export function tokensOf(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return han + Math.ceil((text.length - han) / 4);
}

function sectionOf(location: Location): string {
  switch (location.kind) {
    case 'page':
      return `page ${location.page}`;
    case 'slide':
    case 'notes':
      return `slide ${location.slide}`;
    case 'sheet':
      return `sheet ${location.sheet}`;
    case 'paragraph':
      return location.headingPath?.join(' › ') ?? '';
  }
}

function labelOf(blocks: Block[]): string {
  const sections = [...new Set(blocks.map((b) => sectionOf(b.location)).filter(Boolean))];
  if (sections.length <= 2) return sections.join('; ');
  return `${sections[0]} … ${sections[sections.length - 1]}`;
}

/** Consecutive blocks grouped by section (page, slide, sheet, heading) into chunks of ~600 tokens. */
export function buildChunks(doc: ExtractedDocument, sentences = sentencesOf(doc)): Chunk[] {
  const groups: number[][] = [];
  let current: number[] = [];
  let tokens = 0;
  let section: string | undefined;
  doc.blocks.forEach((block, b) => {
    const t = tokensOf(block.text);
    const s = sectionOf(block.location);
    const newSection = section !== undefined && s !== section && tokens >= MIN_CHUNK_TOKENS;
    if (current.length && (newSection || tokens + t > CHUNK_TOKENS)) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(b);
    tokens += t;
    section = s;
  });
  if (current.length) groups.push(current);
  return groups.map((indexes, i) => {
    const ss = indexes.flatMap((b) => sentences[b] ?? []);
    const text = ss.map((s) => s.text).join('\n');
    return {
      number: i + 1,
      label: labelOf(indexes.map((b) => doc.blocks[b] as Block)),
      sentences: ss,
      usable: ss.filter((s) => tokensOf(s.text) >= 8).length,
      tokens: tokensOf(text),
      terms: new Set(termsOf(text)),
    };
  });
}

/** `total` split over `weights` in proportion (largest remainder), at least `min` each. */
export function apportion(total: number, weights: number[], min = 0): number[] {
  const base = weights.map(() => min);
  let left = total - min * weights.length;
  if (left <= 0 || weights.length === 0) return base;
  const w = weights.some((x) => x > 0) ? weights : weights.map(() => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (x / sum) * left);
  const out = exact.map((e, i) => (base[i] as number) + Math.floor(e));
  left -= exact.reduce((a, e) => a + Math.floor(e), 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; k < left; k++) {
    const i = (order[k % order.length] as readonly [number, number])[1];
    out[i] = (out[i] as number) + 1;
  }
  return out;
}

/**
 * Chunks that together cover the most key phrases, spread over the document: greedy set cover
 * that first takes one chunk from each quarter of the document (then from any), with chunks
 * mentioning the learner's topic words counting double.
 */
export function chooseChunks(
  chunks: Chunk[],
  phrases: Map<string, number>,
  howMany: number,
  topic: Set<string>,
): Chunk[] {
  const eligible = chunks.filter((c) => c.usable > 0);
  const k = Math.min(howMany, eligible.length);
  const total = chunks.reduce((a, c) => a + c.tokens, 0) || 1;
  const quarter = new Map<Chunk, number>();
  let before = 0;
  for (const c of chunks) {
    quarter.set(c, Math.min(3, Math.floor(((before + c.tokens / 2) / total) * 4)));
    before += c.tokens;
  }
  const chosen: Chunk[] = [];
  const covered = new Set<string>();
  const usedQuarters = new Set<number>();
  while (chosen.length < k) {
    const open = eligible.filter((c) => !chosen.includes(c));
    const fresh = open.filter((c) => !usedQuarters.has(quarter.get(c) as number));
    let best: Chunk | undefined;
    let bestGain = -1;
    for (const c of fresh.length ? fresh : open) {
      let gain = 0.01 * c.usable;
      for (const [p, w] of phrases) if (!covered.has(p) && c.terms.has(p)) gain += w;
      if ([...topic].some((t) => c.terms.has(t))) gain *= 2;
      if (gain > bestGain) [best, bestGain] = [c, gain];
    }
    if (!best) break;
    chosen.push(best);
    usedQuarters.add(quarter.get(best) as number);
    for (const p of phrases.keys()) if (best.terms.has(p)) covered.add(p);
  }
  return chosen.sort((a, b) => a.number - b.number);
}

/** Question types for `count` questions, as evenly as the requested types allow. */
export function typeMix(
  count: number,
  types: QuestionType[],
  rotate = 0,
): Array<[QuestionType, number]> {
  const n = types.length;
  const order = types.map((_, i) => types[(i + rotate) % n] as QuestionType);
  const counts = apportion(
    count,
    order.map(() => 1),
  );
  return order
    .map((t, i) => [t, counts[i] as number] as [QuestionType, number])
    .filter(([, c]) => c > 0);
}

/**
 * Reading and planning: chunk the document, pick the chunks that cover the top key phrases, and
 * spread the requested count over them, asking each for about 1.5× what it must yield.
 */
export function planQuiz(
  doc: ExtractedDocument,
  settings: QuizSettings,
  sentences = sentencesOf(doc),
): Plan {
  const chunks = buildChunks(doc, sentences);
  const capacity = chunks.reduce((a, c) => a + c.usable, 0);
  const target = Math.min(settings.questionCount, capacity);
  const phrases = keyPhrases(chunks.map((c) => c.sentences.map((s) => s.text).join('\n')));
  const topic = new Set(termsOf(settings.additionalInstructions ?? ''));
  for (const t of topic) if (phrases.has(t)) phrases.set(t, (phrases.get(t) as number) * 3);
  const totalAsk = Math.ceil(target * OVERSAMPLE);
  const chosen = chooseChunks(chunks, phrases, Math.ceil(totalAsk / 3), topic);
  const weights = chosen.map((c) => c.usable);
  const needs = apportion(target, weights);
  const asks = apportion(totalAsk, weights, 1).map((a, i) =>
    Math.max(needs[i] as number, Math.min(a, Math.ceil((chosen[i] as Chunk).usable * OVERSAMPLE))),
  );

  const batches: Batch[] = [];
  let open: Batch | undefined;
  let openTokens = 0;
  chosen.forEach((chunk, i) => {
    const ask = asks[i] as number;
    if (!open || open.ask + ask > BATCH_QUESTIONS || openTokens + chunk.tokens > BATCH_TOKENS) {
      open = { chunks: [], need: 0, ask: 0, types: [], keyPhrases: [] };
      openTokens = 0;
      batches.push(open);
    }
    open.chunks.push({ chunk, ask, need: needs[i] as number });
    open.ask += ask;
    open.need += needs[i] as number;
    openTokens += chunk.tokens;
  });
  batches.forEach((b, i) => {
    b.types = typeMix(b.ask, settings.questionTypes, i);
    b.keyPhrases = [...phrases.keys()]
      .filter((p) => b.chunks.some(({ chunk }) => chunk.terms.has(p)))
      .slice(0, 12);
  });
  return { batches, target, capacity, chunks };
}

/**
 * One more batch when the quiz is short after checking: the chunks that gave the fewest
 * questions (unused ones first), asking for the missing types.
 */
export function topUpBatch(
  plan: Plan,
  usedByChunk: Map<number, number>,
  short: number,
  types: Array<[QuestionType, number]>,
): Batch | undefined {
  const planned = new Set(plan.batches.flatMap((b) => b.chunks.map(({ chunk }) => chunk.number)));
  const order = plan.chunks
    .filter((c) => c.usable > 0)
    .sort(
      (a, b) =>
        (usedByChunk.get(a.number) ?? 0) - (usedByChunk.get(b.number) ?? 0) ||
        Number(planned.has(a.number)) - Number(planned.has(b.number)) ||
        a.number - b.number,
    );
  const ask = Math.ceil(short * OVERSAMPLE);
  const picked: Chunk[] = [];
  let tokens = 0;
  for (const c of order) {
    if (picked.length && (tokens + c.tokens > BATCH_TOKENS || picked.length * 2 >= ask)) break;
    picked.push(c);
    tokens += c.tokens;
  }
  if (!picked.length) return undefined;
  picked.sort((a, b) => a.number - b.number);
  const asks = apportion(
    ask,
    picked.map((c) => c.usable),
    1,
  );
  const needs = apportion(
    short,
    picked.map((c) => c.usable),
  );
  return {
    chunks: picked.map((chunk, i) => ({ chunk, ask: asks[i] as number, need: needs[i] as number })),
    need: short,
    ask,
    types: types.length ? apportionTypes(ask, types) : [],
    keyPhrases: [],
  };
}

/** `total` questions over types in the proportions of `types`. */
function apportionTypes(total: number, types: Array<[QuestionType, number]>) {
  const counts = apportion(
    total,
    types.map(([, n]) => n),
  );
  return types
    .map(([t], i) => [t, counts[i] as number] as [QuestionType, number])
    .filter(([, n]) => n > 0);
}
