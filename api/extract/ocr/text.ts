import type Tesseract from 'tesseract.js';
import {
  collapseWhitespace,
  isCjk,
  joinLine,
  removeCjkSpaces,
  Vocabulary,
} from '../pdf/join-text.js';

/** Lines tesseract is this unsure about are mostly noise from pictures, rules and stamps. */
const MIN_LINE_CONFIDENCE = 40;
const MIN_WORD_CONFIDENCE = 30;
/** Table rules and specks read as "|", "=", "@" and the like: never words. */
const NOISE = /^[|¦[\]{}=+<>@#~_^`¢£¥©®°¬*\\/\u2014\u2013-]+$/u;
/** Half-width punctuation tesseract's chi_tra model writes between Chinese characters. */
const FULL_WIDTH: Record<string, string> = {
  ',': '，',
  ':': '：',
  ';': '；',
  '!': '！',
  '?': '？',
  '(': '（',
  ')': '）',
};

/** How English-like a recognition came out; used to tell Chinese scans without chi_tra. */
export interface OcrStats {
  words: number;
  confidenceSum: number;
  /** Words of two or more Latin letters read with confidence >= 80. */
  confidentLatin: number;
}

export function emptyStats(): OcrStats {
  return { words: 0, confidenceSum: 0, confidentLatin: 0 };
}

/**
 * Cleaned paragraphs of one OCR result: noise lines and words dropped, words joined with
 * spaces except between CJK characters (tesseract puts spaces between them), hyphenated line
 * ends repaired. Adds what it saw to `stats`.
 */
export function ocrParagraphs(blocks: Tesseract.Block[], stats: OcrStats): string[] {
  const paragraphs: string[][] = [];
  const vocabulary = new Vocabulary();
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      const lines: string[] = [];
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          stats.words++;
          stats.confidenceSum += word.confidence;
          if (word.confidence >= 80 && /^[A-Za-z]{2,}/.test(word.text)) stats.confidentLatin++;
        }
        if (line.confidence < MIN_LINE_CONFIDENCE) continue;
        const text = lineText(
          line.words
            .filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && !NOISE.test(w.text.trim()))
            .map((w) => w.text.trim()),
        );
        if (text) {
          lines.push(text);
          vocabulary.addLine(text);
        }
      }
      if (lines.length) paragraphs.push(lines);
    }
  }
  return paragraphs
    .map((lines) => collapseWhitespace(lines.reduce((acc, l) => joinLine(acc, l, vocabulary), '')))
    .filter((p) => p.length > 0);
}

/** Words of a line: spaces only where the script uses them, Chinese punctuation in Chinese. */
function lineText(words: string[]): string {
  const chars = Array.from(words.filter(Boolean).join(' '));
  const neighbour = (from: number, step: number) => {
    for (let j = from; j >= 0 && j < chars.length; j += step) {
      if (chars[j] !== ' ') return chars[j];
    }
    return undefined;
  };
  for (let i = 0; i < chars.length; i++) {
    const wide = FULL_WIDTH[chars[i]!];
    if (wide && (isCjk(neighbour(i - 1, -1)) || isCjk(neighbour(i + 1, 1)))) chars[i] = wide;
  }
  return removeCjkSpaces(chars.join(''));
}

/**
 * English-only OCR of a Chinese page yields short, unsure, non-words. True when a result looks
 * like that rather than like English, so the learner is told Chinese OCR is missing instead of
 * getting noise.
 */
export function looksLikeUnreadScript(stats: OcrStats): boolean {
  if (stats.words < 3) return false;
  const mean = stats.confidenceSum / stats.words;
  return mean < 50 && stats.confidentLatin / stats.words < 0.2;
}
