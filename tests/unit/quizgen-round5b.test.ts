import { describe, expect, it } from 'vitest';
import type { AnalysedSentence, DocAnalysis } from '../../api/quizgen/builtin/analysis.js';
import { coversWholeTokens, zhKeyFits } from '../../api/quizgen/builtin/candidates/cloze.js';
import { segmentChinese } from '../../api/quizgen/builtin/segment-zh.js';
import { zhCountForms } from '../../api/quizgen/builtin/zh-forms.js';
import { sentenceKind } from '../../api/quizgen/builtin/material/sentence-kinds.js';
import {
  coUsedAcronyms,
  materialAliases,
  pairedAcronyms,
} from '../../api/quizgen/builtin/answers.js';
import type { Distractor } from '../../api/quizgen/builtin/distractors.js';
import { pickDistractors, type Draft } from '../../api/quizgen/builtin/draft.js';
import {
  MAX_DISTRACTOR_USES,
  reusesDistractor,
  stemShows,
} from '../../api/quizgen/builtin/select.js';
import { comparisonKey } from '../../api/quizgen/text/normalize.js';

describe('round 5b: the material’s own abbreviation is accepted', () => {
  const iot =
    'The plan has two branches. One is the Internet of Things, which needs a field. ' +
    'We test IoT devices in Taoyuan. IoT is specific to a region, instead of Taiwan as a whole.';

  it('pairs a mixed-case acronym with the capitalised name it stands for, both ways', () => {
    expect(coUsedAcronyms(iot, 'IoT')).toEqual(['Internet of Things']);
    expect(materialAliases(iot, 'IoT')).toContain('Internet of Things');
    expect(coUsedAcronyms(iot, 'Internet of Things')).toEqual(['IoT']);
  });

  it('never pairs a mixed-case acronym with lower-case words that merely spell it', () => {
    const text = 'It is instead of them. IoT is here. IoT again, independent of the rest.';
    expect(coUsedAcronyms(text, 'IoT')).toEqual([]);
  });

  it('a Latin alias counts as shown by the stem only as a whole word', () => {
    const question = 'We can use these differences to calculate a _____ of the difference.';
    expect(stemShows(question, comparisonKey(question), 'SE')).toBe(false);
    expect(
      stemShows('The SE interval is _____.', comparisonKey('The SE interval is _____.'), 'SE'),
    ).toBe(true);
    expect(stemShows('「服貿」是_____', comparisonKey('「服貿」是_____'), '服貿')).toBe(true);
  });

  it('standard error accepts SE where the material writes them together', () => {
    const text =
      'We compute the standard error $SE = 0.07$. A 95% SE interval is roughly 2 SE wide. ' +
      'Use these numbers.';
    expect(pairedAcronyms(text, 'standard error')).toEqual(['SE']);
  });
});

describe('round 5b: an exercise instruction is never a statement nor a stem', () => {
  it('imperatives with an object are exercises, in English', () => {
    for (const t of [
      'Create and interpret a 90 percent confidence interval of the population mean difference.',
      'Create a 95 percent confidence interval for the difference in means.',
      'Set up a hypothesis test to evaluate whether there is a difference.',
      'Check the conditions for using the t-distribution before you start.',
      'Use the data to decide whether the two groups differ.',
      'Describe the sampling distribution of the mean difference in words.',
    ])
      expect(sentenceKind(t, 'en'), t).toBe('exercise');
  });

  it('the same words opening a statement stay study text', () => {
    for (const t of [
      'Test results show that the treatment group improved.',
      'Use of the bootstrap is common when the sample is small.',
      'Check-ins with the team happen every week in the office.',
      'Create is the name of the first step in the design loop.',
    ])
      expect(sentenceKind(t, 'en'), t).toBe('study');
  });

  it('Chinese exercise instructions are exercises', () => {
    for (const t of [
      '請計算兩組平均數的差異並解釋其意義。',
      '試說明信賴區間的意義。',
      '請問這個政策的目的為何？',
    ])
      expect(sentenceKind(t, 'zh'), t).toBe('exercise');
  });
});

describe('round 5b: one distractor is not shown across the whole quiz', () => {
  const draft = (key: string, others: string[]): Draft =>
    ({ type: 'multiple_choice', choices: [key, ...others], keys: [key] }) as unknown as Draft;

  it('a distractor already shown twice refuses a third question', () => {
    const drafts = [
      draft('transform boundary', ['convergent boundary', 'hot spot', 'rift']),
      draft('subduction', ['Convergent boundary', 'trench', 'plate']),
    ];
    expect(
      reusesDistractor(drafts, draft('mantle', ['convergent boundary', 'crust', 'core'])),
    ).toBe(true);
    expect(reusesDistractor(drafts, draft('mantle', ['hot spot', 'crust', 'core']))).toBe(false);
    expect(MAX_DISTRACTOR_USES).toBe(2);
  });

  it('counts dropdown blanks too', () => {
    const blank = (key: string, others: string[]): Draft =>
      ({
        type: 'dropdown_fill_in_blank',
        blanks: [[key, ...others]],
        keys: [key],
      }) as unknown as Draft;
    const drafts = [blank('A', ['digital minister', 'X']), blank('B', ['digital minister', 'Y'])];
    expect(reusesDistractor(drafts, blank('C', ['digital minister', 'Z']))).toBe(true);
  });
});

describe('round 5b: a zh blank covers whole words of its sentence', () => {
  const sentenceOf = (text: string) =>
    ({
      text,
      tokens: segmentChinese(text),
      mentions: [],
      numbers: [],
    }) as unknown as AnalysedSentence;
  const a = { siblings: new Map() } as unknown as DocAnalysis;

  it('a lone noun character glued before the key refuses the blank', () => {
    const s1 = sentenceOf('我們也會鼓勵我們的資通訊產業多做這些工作。');
    expect(
      zhKeyFits(a, s1, '通訊產業', s1.text.indexOf('通訊產業'), { key: '通訊產業', pos: 'n' }),
    ).toBe(false);
    const s2 = sentenceOf('毛治國前院長很有意思，他一上來也知道要重建正當性。');
    expect(zhKeyFits(a, s2, '治國', s2.text.indexOf('治國'), { key: '治國', pos: 'n' })).toBe(
      false,
    );
  });

  it('a whole word after a particle still fits', () => {
    const s = sentenceOf('這是政府的資料開放平台，大家都可以使用。');
    expect(
      zhKeyFits(a, s, '開放平台', s.text.indexOf('開放平台'), { key: '開放平台', pos: 'nz' }),
    ).toBe(true);
  });

  it('a number blank ends where a jieba token ends', () => {
    const s = sentenceOf('也就是1990年代所謂自由軟體運動，一直到1998年開放文化。');
    const at = s.text.indexOf('1990年');
    expect(coversWholeTokens(s, at, at + '1990年'.length)).toBe(false);
    expect(coversWholeTokens(s, at, at + '1990年代'.length)).toBe(true);
  });
});

describe('round 5b: the distractor picker passes over one the quiz already shows twice', () => {
  it('takes the next of its rank instead', () => {
    const ranked = ['convergent boundary', 'hot spot', 'rift', 'trench'].map((text) => ({
      text,
    })) as unknown as Distractor[];
    const shown = new Map([['convergentboundary', 2]]);
    const pick = pickDistractors('subduction', ranked, 3, { used: 0, max: 10 }, shown)!;
    expect(pick.map((d) => d.text)).toEqual(['hot spot', 'rift', 'trench']);
    const once = new Map([['convergentboundary', 1]]);
    expect(pickDistractors('subduction', ranked, 3, { used: 0, max: 10 }, once)![0]!.text).toBe(
      'convergent boundary',
    );
  });
});

describe('round 5b: a zh count in digits or numerals', () => {
  it('accepts the other writing of the same count', () => {
    expect(zhCountForms('兩萬人')).toEqual(['2萬人']);
    expect(zhCountForms('2萬人')).toEqual(['兩萬人', '二萬人']);
    expect(zhCountForms('三十個')).toEqual(['30個']);
    expect(zhCountForms('18歲')).toEqual(['十八歲']);
  });

  it('never turns a year or a non-count into another word', () => {
    expect(zhCountForms('1990年')).toEqual([]);
    expect(zhCountForms('一九九〇年')).toEqual([]);
    expect(zhCountForms('公聽會')).toEqual([]);
    expect(zhCountForms('萬物聯網')).toEqual([]);
  });
});
