import { describe, expect, it } from 'vitest';
import { materialOf, mentionAnswer } from '../support/quizgen-material.js';
import type { DocAnalysis } from '../../api/quizgen/builtin/analysis.js';
import type { Answer } from '../../api/quizgen/builtin/answers.js';
import { recallableTypedKey } from '../../api/quizgen/builtin/typed-one-answer.js';

/*
 * Decision 0055: a typed answer only where one answer fits — a term the material names, defines
 * or uses again, a name, a number; not a one-off or describing wording. Passages written here.
 */

const material = (language: 'zh-TW' | 'en', paragraphs: string[]) =>
  materialOf(language, paragraphs, ['doc']);

/** Whether a typed blank on the first mention of `text` is kept. */
function kept(a: DocAnalysis, text: string): boolean {
  const { answer, sentence } = mentionAnswer(a, text);
  return recallableTypedKey(a, sentence, answer);
}

describe('typed answers only where one answer fits (decision 0055)', () => {
  const zh = material('zh-TW', [
    '這個計畫吸引了很多資金雄厚的企業參與，也有大型的基金會加入。',
    '光合作用是植物把光能轉成化學能的過程。葉綠體裡面進行光合作用。',
    '研究團隊說，光合作用的效率會隨著溫度改變。',
  ]);

  it('refuses a describing or one-off Chinese wording', () => {
    expect(kept(zh, '資金雄厚')).toBe(false);
  });

  it('keeps a Chinese term the material uses again', () => {
    expect(kept(zh, '光合作用')).toBe(true);
  });

  const en = material('en', [
    'The committee found that many important donors left after the scandal.',
    'Photosynthesis converts light energy into chemical energy in the chloroplast.',
    'In the chloroplast, photosynthesis depends on the light reaching the leaf.',
  ]);

  it('refuses an English adjective alone and keeps a recurring term', () => {
    expect(kept(en, 'chloroplast')).toBe(true);
    const important = en.sentences[0]!.mentions.find((m) => m.text === 'important');
    if (important) expect(kept(en, 'important')).toBe(false);
  });

  it('keeps numbers and acronyms whatever their recurrence', () => {
    const s = en.sentences[0]!;
    const number: Answer = {
      kind: 'number',
      text: '12',
      start: 0,
      end: 2,
      number: { value: 12, unit: '', start: 0, end: 2, text: '12' } as never,
    };
    expect(recallableTypedKey(en, s, number)).toBe(true);
  });
});
