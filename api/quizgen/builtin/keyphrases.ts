import type { TermKind, TermMention } from './terms.js';

/** A keyphrase of the document with its importance. */
export interface Term {
  key: string;
  /** The form shown to learners: the most frequent surface form. */
  text: string;
  kind: TermKind;
  head: string;
  /** jieba's tag of the head word of its first mention (zh only). */
  pos?: string;
  /** Sentences (ids) it occurs in, in document order. */
  sentenceIds: number[];
  /** TextRank centrality × spread × form; comparable within one document only. */
  score: number;
}

interface SentenceMentions {
  id: number;
  position: number;
  mentions: TermMention[];
}

const DAMPING = 0.85;
const ITERATIONS = 30;
const WINDOW = 3;

/**
 * Scores keyphrases TextRank-style: a graph of terms linked when they occur within a few terms of
 * each other in a sentence, ranked by PageRank, then weighted YAKE-style by how many sentences
 * use the term, how early it first appears and whether it is a multi-word term or a name.
 */
export function rankTerms(sentences: SentenceMentions[]): Map<string, Term> {
  const terms = new Map<string, Term>();
  const surfaces = new Map<string, Map<string, number>>();
  const firstPosition = new Map<string, number>();
  const kinds = new Map<string, Map<TermKind, number>>();
  const edges = new Map<string, Map<string, number>>();
  const link = (a: string, b: string) => {
    const row = edges.get(a) ?? new Map<string, number>();
    row.set(b, (row.get(b) ?? 0) + 1);
    edges.set(a, row);
  };
  for (const s of sentences) {
    s.mentions.forEach((m, i) => {
      let term = terms.get(m.key);
      if (!term) {
        term = {
          key: m.key,
          text: m.text,
          kind: m.kind,
          head: m.head,
          pos: m.pos,
          sentenceIds: [],
          score: 0,
        };
        terms.set(m.key, term);
        firstPosition.set(m.key, s.position);
      }
      if (term.sentenceIds[term.sentenceIds.length - 1] !== s.id) term.sentenceIds.push(s.id);
      const kindCounts = kinds.get(m.key) ?? new Map<TermKind, number>();
      kindCounts.set(m.kind, (kindCounts.get(m.kind) ?? 0) + 1);
      kinds.set(m.key, kindCounts);
      const forms = surfaces.get(m.key) ?? new Map<string, number>();
      forms.set(m.text, (forms.get(m.text) ?? 0) + 1);
      surfaces.set(m.key, forms);
      for (let j = i + 1; j < s.mentions.length && j <= i + WINDOW; j++) {
        const other = s.mentions[j]!;
        if (other.key === m.key) continue;
        link(m.key, other.key);
        link(other.key, m.key);
      }
    });
  }
  const rank = pageRank([...terms.keys()], edges);
  for (const term of terms.values()) {
    term.text = mostFrequent(surfaces.get(term.key)!);
    term.kind = settledKind(term, kinds.get(term.key)!);
    const spread = Math.log2(1 + term.sentenceIds.length);
    const early = 1 + 0.2 * (1 - (firstPosition.get(term.key) ?? 1));
    term.score = (rank.get(term.key) ?? 0) * spread * early * formWeight(term);
  }
  return terms;
}

function formWeight(term: Term): number {
  const han = /\p{Script=Han}/u.test(term.text);
  const size = han ? [...term.text].length : term.text.split(/[\s-]+/).length;
  const byLength = han
    ? size <= 2
      ? 1
      : size <= 4
        ? 1.25
        : 1.1
    : size === 1
      ? 1
      : size <= 3
        ? 1.3
        : 0.9;
  return byLength * (term.kind === 'term' ? 1 : 1.1);
}

function pageRank(nodes: string[], edges: Map<string, Map<string, number>>): Map<string, number> {
  const n = nodes.length || 1;
  const index = new Map(nodes.map((k, i) => [k, i]));
  // Flat arrays: the graph of a long document has tens of thousands of edges.
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  const outWeight = new Float64Array(nodes.length);
  for (const [a, row] of edges)
    for (const [b, w] of row) {
      from.push(index.get(a)!);
      to.push(index.get(b)!);
      weight.push(w);
      outWeight[index.get(a)!]! += w;
    }
  let rank = new Float64Array(nodes.length).fill(1);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Float64Array(nodes.length).fill(1 - DAMPING);
    for (let e = 0; e < from.length; e++) {
      const f = from[e]!;
      next[to[e]!]! += (DAMPING * rank[f]! * weight[e]!) / (outWeight[f]! || 1);
    }
    rank = next;
  }
  const mean = rank.reduce((a, b) => a + b, 0) / n;
  return new Map(nodes.map((k, i) => [k, rank[i]! / (mean || 1)]));
}

/**
 * One kind for a term from all its mentions: a person once named with a title is a person; a
 * name written capitalised takes the kind most of its mentions as a name give it (a name at the
 * start of a sentence reads as a common word there and does not count).
 */
function settledKind(term: Term, counts: Map<TermKind, number>): TermKind {
  if (counts.size === 1) return term.kind;
  if (counts.has('person')) return 'person';
  if (!/^\p{Lu}/u.test(term.text)) return term.kind;
  let best: TermKind = term.kind;
  let max = -1;
  for (const [kind, c] of counts) if (kind !== 'term' && c > max) [best, max] = [kind, c];
  return best;
}

function mostFrequent(counts: Map<string, number>): string {
  let best = '';
  let max = -1;
  for (const [text, c] of counts) if (c > max) [best, max] = [text, c];
  return best;
}
