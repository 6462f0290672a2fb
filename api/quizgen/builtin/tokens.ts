/**
 * Tokens as the built-in generator sees them: a span of a sentence with a coarse part of speech.
 * Offsets are UTF-16 offsets into the sentence text.
 */
export interface Token {
  text: string;
  start: number;
  end: number;
  /** jieba's tag for Chinese (n, nr, ns, nt, nz, v, m, t, x, ...); en: 'n', 'nz', 'm', 'v', 'stop', 'x'. */
  pos: string;
}

const NOUNISH = new Set([
  'n',
  'nr',
  'nrt',
  'nrfg',
  'ns',
  'nt',
  'nz',
  'ng',
  'vn',
  'an',
  'eng',
  'l',
  'j',
  'i',
]);

/** Nouns, names, abbreviations and idioms: what a blank may hold. */
export function isNounish(pos: string): boolean {
  return NOUNISH.has(pos);
}

export function isNumberPos(pos: string): boolean {
  return pos === 'm' || pos === 'mq' || pos === 't';
}

export function isPunctuationToken(token: Token): boolean {
  return !/[\p{L}\p{N}]/u.test(token.text);
}
