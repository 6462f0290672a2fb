import { toSimplifiedSameLength } from '../quizgen/text/chinese-script.js';

/** Characters a text column cannot keep (as material-service's storedBlockText). */
const UNSTORABLE = /[\0\p{Cs}]/gu;
/** Words of a query that count, and the length of each: a search, not a document. */
const MAX_WORDS = 8;
const MAX_WORD = 100;

/**
 * The form text is searched in: width and compatibility forms unified (NFKC), lower case, and
 * each Traditional character as its Simplified one, which folds variants together (臺/台,
 * 裡/裏/里, 為/爲) and lets a Simplified query find Traditional text. Applied to both the stored
 * text and the query; src/features/materials/lib/variant-fold.ts is the device's copy.
 */
export function foldForSearch(text: string): string {
  return toSimplifiedSameLength(text.normalize('NFKC').toLowerCase());
}

/** materials.search_text: the folded title and description. */
export function materialSearchText(title: string, description: string): string {
  return foldForSearch(`${title}\n${description}`).replace(UNSTORABLE, ' ');
}

/**
 * material_blocks.search_text for a block as stored (text, text_escaped): its folded text, or
 * null when that is the stored text itself (searches read coalesce(search_text, text)), which
 * keeps most English text stored once.
 */
export function blockSearchText(stored: { text: string; text_escaped: number }): string | null {
  const text = stored.text_escaped ? (JSON.parse(stored.text) as string) : stored.text;
  const folded = foldForSearch(text).replace(UNSTORABLE, ' ');
  return !stored.text_escaped && folded === stored.text ? null : folded;
}

/** A query as the words every match must contain, folded; [] for a blank query. */
export function searchWords(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => [...w].slice(0, MAX_WORD).join('').replace(UNSTORABLE, ''))
    .filter(Boolean);
}

/** A LIKE pattern matching the word anywhere, with LIKE's own characters escaped by '\'. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
