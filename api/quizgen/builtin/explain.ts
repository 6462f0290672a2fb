import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Distractor } from './distractors.js';
import type { QuizTemplates } from './templates/index.js';

/**
 * The explanation of a choice question: the supporting sentence quoted with its location, the
 * key, then for each distractor the text uses elsewhere what it says there.
 */
export function explainChoice(
  a: DocAnalysis,
  t: QuizTemplates,
  sentence: AnalysedSentence,
  keys: string[],
  distractors: Distractor[],
): string {
  const parts = [
    t.explainSupport(t.location(sentence.location), sentence.text),
    t.explainKey(keys),
  ];
  for (const d of distractors) {
    if (!d.evidence) continue;
    parts.push(
      t.explainDistractor(
        d.text,
        t.location(d.evidence.location),
        snippet(a, d.evidence.text, d.text),
      ),
    );
  }
  return parts.join(t.join);
}

/** A short stretch of a sentence around a word, with an ellipsis where it was cut. */
export function snippet(a: DocAnalysis, text: string, around: string): string {
  const radius = a.language === 'zh' ? 28 : 70;
  if (text.length <= radius * 2 + 10) return text;
  const at = Math.max(0, text.indexOf(around));
  let start = Math.max(0, at - radius);
  let end = Math.min(text.length, at + around.length + radius);
  if (a.language === 'en') {
    start = start > 0 ? text.indexOf(' ', start) + 1 : 0;
    const space = text.lastIndexOf(' ', end);
    end = end < text.length && space > at ? space : end;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** Keyphrases the question is about: its keys, then the best terms of the sentence and its neighbours. */
export function relatedConcepts(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  keys: string[],
): string[] {
  const out = [...keys];
  const seen = new Set(keys.map((k) => k.toLowerCase()));
  const near = [a.sentences[sentence.id - 1], sentence, a.sentences[sentence.id + 1]].filter(
    (s): s is AnalysedSentence => !!s && s.blockIndex === sentence.blockIndex,
  );
  const terms = near
    .flatMap((s) => s.mentions.map((m) => a.terms.get(m.key)!))
    .sort((x, y) => y.score - x.score);
  for (const term of terms) {
    if (out.length >= 4) break;
    const key = term.text.toLowerCase();
    if (seen.has(key) || [...seen].some((k) => k.includes(key) || key.includes(k))) continue;
    seen.add(key);
    out.push(term.text);
  }
  return out;
}
