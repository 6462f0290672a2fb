import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { fold, locateQuote, quoteIsLongEnough } from '../../api/quizgen/llm/grounding.js';
import { createRandom, dealPositions, dealTruths } from '../../api/quizgen/llm/random.js';
import { judgeScript, toTaiwanTraditional } from '../../api/quizgen/llm/script.js';
import { splitSentences } from '../../api/quizgen/llm/sentences.js';
import { simplifiedOnlyChars } from '../../api/quizgen/text/chinese-script.js';

const CONSTITUTION =
  '第 二 款 眾議院由各州人民每兩年選舉產生的眾議員組成。每州的選舉人須具備該州立法會人數最多一院選舉人所必須具備的資格。';
const COLUMN =
  'At the Paris AI Summit in February, I co‑launched the ROOST Foundation with Meta’s Chief AI Scientist Yann LeCun and former Google CEO Eric Schmidt.';

describe('grounding: is the quote in the material?', () => {
  it('finds a quote that differs only in spacing, punctuation, width and quote marks', () => {
    const quote =
      "At the Paris AI Summit in February I co-launched the ROOST Foundation with Meta's Chief AI Scientist Yann LeCun";
    const span = locateQuote(quote, COLUMN);
    expect(span).toBeDefined();
    // The citation is the material's own text, with its non-breaking hyphen and curly apostrophe.
    expect(COLUMN.slice(span!.start, span!.end)).toBe(
      'At the Paris AI Summit in February, I co‑launched the ROOST Foundation with Meta’s Chief AI Scientist Yann LeCun',
    );
    expect(
      locateQuote('ＲＯＯＳＴ Ｆｏｕｎｄａｔｉｏｎ with Meta’s Chief AI Scientist', COLUMN),
    ).toBeDefined();
  });

  it('matches Traditional material through a character-level Simplified fold', () => {
    const span = locateQuote('众议院由各州人民每两年选举产生的众议员组成', CONSTITUTION);
    expect(CONSTITUTION.slice(span!.start, span!.end)).toBe(
      '眾議院由各州人民每兩年選舉產生的眾議員組成。',
    );
    expect(fold('臺灣裡').text).toBe(fold('台湾里').text);
  });

  it('rejects a changed word, an elided passage and a paraphrase', () => {
    expect(locateQuote('眾議院由各州人民每四年選舉產生的眾議員組成', CONSTITUTION)).toBeUndefined();
    expect(locateQuote('眾議院由各州人民……眾議員組成', CONSTITUTION)).toBeUndefined();
    expect(
      locateQuote('I founded ROOST with Yann LeCun at the Paris AI Summit.', COLUMN),
    ).toBeUndefined();
  });

  it('ignores sentence ids the model copied into the quote', () => {
    expect(locateQuote('[b2.s1] 眾議院由各州人民每兩年選舉產生', CONSTITUTION)).toBeDefined();
  });

  it('wants enough of a quote to show where the answer is', () => {
    expect(quoteIsLongEnough('眾議院')).toBe(false);
    expect(quoteIsLongEnough('唯眾議院有彈劾權')).toBe(true);
    expect(quoteIsLongEnough('in February')).toBe(false);
    expect(quoteIsLongEnough('the Paris AI Summit in February')).toBe(true);
  });
});

describe('script: Traditional Chinese with Taiwan usage', () => {
  it('tells Traditional text, a few Simplified slips and Simplified text apart', () => {
    expect(judgeScript(CONSTITUTION).action).toBe('ok');
    expect(judgeScript(`${CONSTITUTION}參議員由各州立法会選出。`).action).toBe('convert');
    expect(judgeScript('众议院由各州人民每两年选举产生的众议员组成。').action).toBe('rewrite');
    // 后, 里, 台, 干 are Simplified forms and also standard Traditional characters.
    expect(judgeScript('皇后在馬里蘭州的台灣餐廳干涉此事。').action).toBe('ok');
  });

  it('converts Simplified slips with Taiwan vocabulary and leaves Traditional text alone', () => {
    const converted = toTaiwanTraditional('馬里蘭州的参议员用软件整理信息。');
    expect(converted).toBe('馬里蘭州的參議員用軟體整理資訊。');
    expect(simplifiedOnlyChars(converted)).toEqual([]);
    // A plain cn→twp conversion would have "corrected" 馬里蘭 as well.
    expect(OpenCC.Converter({ from: 'cn', to: 'twp' })('馬里蘭州')).toBe('馬裡蘭州');
  });
});

describe('sentences', () => {
  const pieces = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

  it('splits English at sentence ends but not after U.S. or initials', () => {
    expect(
      pieces('Simultaneously, the U.S. Senate is weighing it. J. Smith agreed! Then? Done.'),
    ).toEqual([
      'Simultaneously, the U.S. Senate is weighing it.',
      'J. Smith agreed!',
      'Then?',
      'Done.',
    ]);
  });

  it('splits Chinese after 。！？ and keeps a stray mark with its sentence', () => {
    expect(
      pieces('[在任何一州州議會休會期間，可任命臨時參議員。]*\n唯參議院有審判權。對嗎？'),
    ).toEqual(['[在任何一州州議會休會期間，可任命臨時參議員。]*', '唯參議院有審判權。', '對嗎？']);
  });
});

describe('dealing positions in code', () => {
  it('uses every key position evenly, whatever the count', () => {
    for (let n = 1; n <= 20; n++) {
      const positions = dealPositions(n, 4, createRandom(n));
      const counts = [0, 1, 2, 3].map((p) => positions.filter((x) => x === p).length);
      expect(Math.max(...counts) - Math.min(...counts), `n=${n}`).toBeLessThanOrEqual(1);
    }
  });

  it('deals the same positions for the same seed and varies them across seeds', () => {
    expect(dealPositions(12, 4, createRandom(5))).toEqual(dealPositions(12, 4, createRandom(5)));
    const orders = new Set(
      [1, 2, 3, 4, 5, 6].map((s) => dealPositions(8, 4, createRandom(s)).join('')),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('makes half the true/false statements true', () => {
    for (let n = 1; n <= 20; n++) {
      const trues = dealTruths(n, createRandom(n)).filter(Boolean).length;
      expect(Math.abs(2 * trues - n), `n=${n}`).toBeLessThanOrEqual(1);
    }
  });
});
