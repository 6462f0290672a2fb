import { ConverterFactory } from 'opencc-js/core';
import { from, to } from 'opencc-js/preset';
import STCharacters from 'opencc-js/dict/STCharacters';
import STPhrases from 'opencc-js/dict/STPhrases';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TSPhrases from 'opencc-js/dict/TSPhrases';
import TWVariants from 'opencc-js/dict/TWVariants';
import TWVariantsRev from 'opencc-js/dict/TWVariantsRev';
import { taiwanVocabularyPairs } from './zh-vocabulary.js';

const pairs = (dict: string) =>
  dict.split('|').map((entry) => entry.split(' ') as [string, string]);

let charToSimplified: Map<string, string> | undefined;
let simplifiedOnly: Set<string> | undefined;
let phraseToTraditional: ((text: string) => string) | undefined;

function simplifiedMap(): Map<string, string> {
  if (!charToSimplified) {
    const map = new Map<string, string>();
    const single = (from: string, to: string) =>
      from.length === to.length && [...from].length === 1;
    for (const [from, to] of pairs(TSCharacters)) if (single(from, to)) map.set(from, to);
    // Taiwan forms (裡, 啟) go to OpenCC's Traditional form first (裏, 啓), then to Simplified.
    for (const [from, to] of pairs(TWVariantsRev))
      if (single(from, to) && !map.has(from)) map.set(from, map.get(to) ?? to);
    charToSimplified = map;
  }
  return charToSimplified;
}

/**
 * Traditional → Simplified, character by character, so the result has exactly the same
 * UTF-16 length and every offset in it is an offset in the original (jieba's dictionary is
 * Simplified; segmenting the converted text and mapping offsets back segments the original).
 */
export function toSimplifiedSameLength(text: string): string {
  const map = simplifiedMap();
  let out = '';
  for (const ch of text) out += map.get(ch) ?? ch;
  return out;
}

/**
 * Simplified → Traditional with Taiwan character forms, phrase-aware (发展 → 發展, 头发 → 頭髮),
 * and Taiwan vocabulary for mainland terms (数据库 → 資料庫, 软件 → 軟體; zh-vocabulary.ts says
 * which entries): short answers fold both the key and the learner's answer through it, so the
 * two wordings of one term are one answer.
 */
export function toTraditional(text: string): string {
  phraseToTraditional ??= ConverterFactory(
    ...(from.cn ?? []),
    [taiwanVocabularyPairs()],
    ...(to.tw ?? []),
  );
  return phraseToTraditional(text);
}

function simplifiedOnlySet(): Set<string> {
  if (!simplifiedOnly) {
    // A character OpenCC converts from Simplified that never appears on the Traditional side of
    // any of its dictionaries: 发, 们, 这 are in; 后, 里, 台, 干 (also standard Traditional) are out.
    const traditional = new Set<string>();
    for (const [, to] of pairs(STPhrases)) for (const ch of to) traditional.add(ch);
    for (const dict of [TSCharacters, TSPhrases])
      for (const [from] of pairs(dict)) for (const ch of from) traditional.add(ch);
    for (const [, to] of pairs(TWVariants)) for (const ch of to) traditional.add(ch);
    simplifiedOnly = new Set(
      pairs(STCharacters)
        .map(([from]) => from)
        .filter((ch) => !traditional.has(ch)),
    );
  }
  return simplifiedOnly;
}

/** The Simplified-only characters in a text, each once, in order of appearance. */
export function simplifiedOnlyChars(text: string): string[] {
  const set = simplifiedOnlySet();
  const found = new Set<string>();
  for (const ch of text) if (set.has(ch)) found.add(ch);
  return [...found];
}

/** True when the text contains a Han character. */
export function hasHan(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}
