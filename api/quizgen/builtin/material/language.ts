import type { ExtractedDocument } from '../../../extract/types.js';

/**
 * The material's language for the generator. Extraction calls a text too short to judge
 * "other", and a table of names and numbers too (no function words); a table of English headers
 * and names (a two-sheet workbook of teams, a CSV of seasons) is still English: Latin letters
 * only, no letters of other Latin-script languages, no Han or kana.
 */
export function materialLanguage(doc: ExtractedDocument): ExtractedDocument['language'] {
  if (doc.language === 'zh-TW' || doc.language === 'en') return doc.language;
  // A table (every block a sheet's rows: a CSV, a workbook) has no sentences, so extraction
  // finds none of English's function words in it however long it is; it is read again at any
  // length. Of other text, a long one extraction could not place is left alone.
  const table = doc.blocks.length > 0 && doc.blocks.every((b) => b.location.kind === 'sheet');
  const text = doc.blocks
    .map((b) => b.text)
    .join('\n')
    .slice(0, table ? 60_000 : undefined);
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 8 || (!table && letters > 3000)) return doc.language;
  const basicLatin = text.match(/[A-Za-z]/g)?.length ?? 0;
  const foreign = /[àâäãåæçèéêëìíîïñòóôöõøœßùúûüÿąćęłńśźżčďěňřšťůžğışăâîșț]/iu.test(text);
  return basicLatin >= letters * 0.97 && !foreign ? 'en' : doc.language;
}
