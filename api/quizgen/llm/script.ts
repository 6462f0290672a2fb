import { simplifiedOnlyChars } from '../text/chinese-script.js';

export { toTaiwanTraditional } from './taiwan-converter.js';

/** Above this share of Simplified-only characters the text is Simplified, not a slip. */
export const FEW_SIMPLIFIED_RATIO = 0.1;

export interface ScriptVerdict {
  /** Simplified-only characters, counted each time they occur. */
  simplified: number;
  han: number;
  /** ok: Traditional; convert: a few Simplified slips; rewrite: written in Simplified. */
  action: 'ok' | 'convert' | 'rewrite';
}

/** How much of a text is Simplified Chinese, and what to do about it. */
export function judgeScript(text: string): ScriptVerdict {
  const found = new Set(simplifiedOnlyChars(text));
  const simplified = [...text].filter((c) => found.has(c)).length;
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  if (simplified === 0) return { simplified, han, action: 'ok' };
  const few = simplified <= Math.max(1, han * FEW_SIMPLIFIED_RATIO);
  return { simplified, han, action: few ? 'convert' : 'rewrite' };
}
