import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { toSimplifiedSameLength } from '../text/chinese-script.js';
import type { Token } from './tokens.js';

let jieba: Jieba | undefined;
let wordSegmenter: Intl.Segmenter | undefined;

const HAN = /^\p{Script=Han}$/u;

/** Loads jieba's dictionary once per process (about 0.2 s). */
function getJieba(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/**
 * Segments one Traditional Chinese sentence. jieba's dictionary is Simplified, so the sentence is
 * converted character by character (same length) and the tokens are mapped back by offset;
 * stretches jieba leaves as single characters (words it does not know) are re-read with
 * Intl.Segmenter, which knows Traditional words but not parts of speech.
 */
export function segmentChinese(sentence: string): Token[] {
  const simplified = toSimplifiedSameLength(sentence);
  const tagged = getJieba().tag(simplified, false);
  const tokens: Token[] = [];
  let cursor = 0;
  for (const { word, tag } of tagged) {
    const at = simplified.indexOf(word, cursor);
    if (at < 0) continue;
    const end = at + word.length;
    const text = sentence.slice(at, end);
    if (text.trim()) tokens.push({ text, start: at, end, pos: tag });
    cursor = end;
  }
  return reReadUnknownRuns(sentence, joinLatinRuns(sentence, tokens));
}

const LATIN_PIECE = /^[A-Za-z0-9][A-Za-z0-9_.]*$|^-$/;

/** jieba cuts "gpt-oss-safeguard" at every hyphen: join touching Latin pieces back. */
function joinLatinRuns(sentence: string, tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const last = out[out.length - 1];
    // "Eric Schmidt", "Yann LeCun": capitalised Latin words one space apart are one name.
    const gap = last ? sentence.slice(last.end, token.start) : '';
    if (
      last &&
      gap === ' ' &&
      /^[A-Z][A-Za-z]+$/.test(token.text) &&
      /(?:^|\s)[A-Z][A-Za-z]+$/.test(last.text) &&
      last.pos === 'eng'
    ) {
      out[out.length - 1] = {
        text: last.text + gap + token.text,
        start: last.start,
        end: token.end,
        pos: 'eng',
      };
      continue;
    }
    if (
      last &&
      last.end === token.start &&
      LATIN_PIECE.test(token.text) &&
      /[A-Za-z0-9-]$/.test(last.text) &&
      /^[A-Za-z0-9]/.test(last.text)
    ) {
      out[out.length - 1] = {
        text: last.text + token.text,
        start: last.start,
        end: token.end,
        pos: 'eng',
      };
    } else out.push(token);
  }
  return out;
}

function reReadUnknownRuns(sentence: string, tokens: Token[]): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j < tokens.length && isLoneHan(tokens[j]!)) j++;
    if (j - i >= 2) {
      out.push(...intlWords(sentence, tokens.slice(i, j)));
      i = j;
    } else {
      out.push(tokens[i]!);
      i++;
    }
  }
  return out;
}

function isLoneHan(token: Token): boolean {
  return (
    HAN.test(token.text) && !['uj', 'ul', 'p', 'c', 'u', 'd', 'r', 'y', 'zg'].includes(token.pos)
  );
}

function intlWords(sentence: string, run: Token[]): Token[] {
  wordSegmenter ??= new Intl.Segmenter('zh-TW', { granularity: 'word' });
  const start = run[0]!.start;
  const end = run[run.length - 1]!.end;
  const words = [...wordSegmenter.segment(sentence.slice(start, end))];
  if (!words.some((w) => w.segment.length >= 2)) return run;
  return words.map((w) => {
    const at = start + w.index;
    const single = run.find((t) => t.start === at && t.text === w.segment);
    return (
      single ?? {
        text: w.segment,
        start: at,
        end: at + w.segment.length,
        pos: dictionaryTag(w.segment),
      }
    );
  });
}

const tagCache = new Map<string, string>();

/**
 * jieba's tag for a word Intl.Segmenter found, when jieba reads the word alone as one word
 * (趕出 → v); otherwise "nz" (a word neither knows a part of speech for).
 */
function dictionaryTag(word: string): string {
  let tag = tagCache.get(word);
  if (tag === undefined) {
    const tagged = getJieba().tag(toSimplifiedSameLength(word), false);
    tag = tagged.length === 1 && tagged[0]!.word.length === word.length ? tagged[0]!.tag : 'nz';
    if (tagCache.size > 20_000) tagCache.clear();
    tagCache.set(word, tag);
  }
  return tag;
}
