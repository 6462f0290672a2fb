// Learners answer in whatever their keyboard gives them: English words, Chinese words (either
// script), the ○/× marks of Taiwanese paper tests, check marks, or the option labels the
// generators write ('True'/'False', '正確'/'錯誤'). Keys are compared after NFKC and lower-casing,
// so full-width and upper-case spellings need no entries of their own.
const TRUE_WORDS = [
  'true',
  't',
  'yes',
  'y',
  '1',
  'correct',
  'right',
  '是',
  '對',
  '对',
  '正確',
  '正确',
  '真',
  '○',
  '◯',
  'o',
  '✓',
  '✔',
  '✅',
  '⭕',
];
const FALSE_WORDS = [
  'false',
  'f',
  'no',
  'n',
  '0',
  'incorrect',
  'wrong',
  '否',
  '錯',
  '错',
  '錯誤',
  '错误',
  '不對',
  '不对',
  '不正確',
  '不正确',
  '假',
  '×',
  'x',
  '✗',
  '✘',
  '❌',
  '╳',
];

const VALUES = new Map<string, boolean>([
  ...TRUE_WORDS.map((w) => [w, true] as const),
  ...FALSE_WORDS.map((w) => [w, false] as const),
]);

/** Reads a true/false answer in any accepted spelling; undefined when it is neither. */
export function parseTrueFalse(text: string | undefined | null): boolean | undefined {
  if (typeof text !== 'string') return undefined;
  // Only punctuation and spaces go: ○, × and ✓ are symbols and carry the answer.
  const key = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\uFE0F]+/gu, '');
  return VALUES.get(key);
}
