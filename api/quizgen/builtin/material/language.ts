import type { ExtractedDocument } from '../../../extract/types.js';

/**
 * The material's language for the generator. Extraction calls a text too short to judge
 * "other"; a short table of English headers and names (a two-sheet workbook of teams) is still
 * English: Latin letters only, no letters of other Latin-script languages, no Han or kana.
 */
export function materialLanguage(doc: ExtractedDocument): ExtractedDocument['language'] {
  if (doc.language === 'zh-TW' || doc.language === 'en') return doc.language;
  const text = doc.blocks.map((b) => b.text).join('\n');
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  // A long text extraction could not place is left alone; only short ones are read again.
  if (letters < 8 || letters > 3000) return doc.language;
  const basicLatin = text.match(/[A-Za-z]/g)?.length ?? 0;
  const foreign = /[àâäãåæçèéêëìíîïñòóôöõøœßùúûüÿąćęłńśźżčďěňřšťůžğışăâîșț]/iu.test(text);
  return basicLatin >= letters * 0.97 && !foreign ? 'en' : doc.language;
}
