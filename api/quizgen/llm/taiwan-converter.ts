import { ConverterFactory } from 'opencc-js/core';
import STCharacters from 'opencc-js/dict/STCharacters';
import STPhrases from 'opencc-js/dict/STPhrases';
import { to } from 'opencc-js/preset';
import { simplifiedOnlyChars } from '../text/chinese-script.js';

type Converter = (text: string) => string;
let converter: Converter | undefined;

function build(): Converter {
  // OpenCC's cn→twp chain (phrases, characters, then Taiwan phrases and variants), with the
  // Simplified→Traditional step limited to entries that contain a Simplified-only character.
  const simplifiedEntries = (dict: string) =>
    dict
      .split('|')
      .map((entry) => entry.split(' '))
      .filter(([key = '']) => simplifiedOnlyChars(key).length > 0)
      .map(([key = '', first = key]) => [key, first] as const);
  return ConverterFactory(
    [simplifiedEntries(STPhrases), simplifiedEntries(STCharacters)],
    ...(to.twp ?? []),
  );
}

/**
 * Simplified → Traditional with Taiwan usage (OpenCC cn→twp), where the character step touches
 * only Simplified-only characters: a plain cn→twp would also turn the Traditional 馬里蘭 into
 * 馬裡蘭. Taiwan vocabulary and variants (軟件 → 軟體, 裏 → 裡) apply throughout.
 */
export function toTaiwanTraditional(text: string): string {
  converter ??= build();
  return converter(text);
}
