import { describe, expect, it } from 'vitest';
import {
  simplifiedOnlyChars,
  toSimplifiedSameLength,
  toTraditional,
} from '../../api/quizgen/text/chinese-script.js';
import {
  blankFrame,
  fitsFrameElsewhere,
  isAgentPhrase,
  nearSynonymHeads,
  standsAsEnglishOption,
} from '../../api/quizgen/text/en-lexicon.js';
import {
  comparisonKey,
  isBarePageNumber,
  parentheticals,
  withoutParentheticals,
} from '../../api/quizgen/text/normalize.js';
import { trigramSimilarity } from '../../api/quizgen/text/similarity.js';
import { segmentChinese } from '../../api/quizgen/builtin/segment-zh.js';
import {
  findNumbers,
  parseChineseNumeral,
  renderNumber,
} from '../../api/quizgen/builtin/numbers.js';
import { zhTwTemplates } from '../../api/quizgen/builtin/templates/zh-tw.js';

describe('Chinese script', () => {
  it('converts Traditional to Simplified keeping every offset', () => {
    const text = '葉綠體利用陽光進行光合作用，臺灣的中央山脈。';
    const simplified = toSimplifiedSameLength(text);
    expect(simplified).toBe('叶绿体利用阳光进行光合作用，台湾的中央山脉。');
    expect(simplified).toHaveLength(text.length);
  });

  it('finds Simplified-only characters but not characters both scripts use', () => {
    expect(simplifiedOnlyChars('这是发展们')).toEqual(['这', '发', '们']);
    // 后, 里, 台, 干 are also standard Traditional characters (皇后, 公里, 台灣, 干擾).
    expect(simplifiedOnlyChars('皇后住在公里外的台灣，不受干擾。')).toEqual([]);
    expect(toTraditional('发展头发')).toBe('發展頭髮');
  });

  it('segments Traditional text with jieba through the Simplified conversion', () => {
    const words = segmentChinese('葉綠體利用陽光進行光合作用。').map((t) => t.text);
    expect(words).toContain('葉綠體');
    expect(words).toContain('陽光');
    expect(words).toContain('光合作用');
  });

  it('keeps every zh-TW template free of Simplified characters', () => {
    const t = zhTwTemplates;
    const shown = [
      t.trueLabel,
      t.falseLabel,
      t.mcqCloze('甲_____乙', '第 1 頁'),
      t.mcqDefinition('甲'),
      t.trueFalse('甲', '第 2 張投影片'),
      t.dropdown('甲_____', '工作表「甲」第 1–2 列'),
      t.shortAnswerCloze('甲_____'),
      t.shortAnswerDefinition('甲'),
      t.explainSupport(t.location({ kind: 'notes', slide: 3 }), '甲'),
      t.explainKey(['甲', '乙']),
      t.explainDistractor('甲', t.location({ kind: 'paragraph', index: 4 }), '乙'),
      t.explainTrue(),
      t.explainFalse('甲', '乙'),
    ].join('');
    expect(simplifiedOnlyChars(shown)).toEqual([]);
  });
});

describe('text normalisation and similarity', () => {
  it('compares answers across width, case and punctuation', () => {
    expect(comparisonKey('ＡＩ 安全。')).toBe(comparisonKey('ai安全'));
    expect(withoutParentheticals('安全政策（policy）')).toBe('安全政策');
    expect(parentheticals('安全政策（policy）')).toEqual(['policy']);
  });

  it('recognises bare page numbers', () => {
    expect(isBarePageNumber('12')).toBe(true);
    expect(isBarePageNumber('p. 4')).toBe(true);
    expect(isBarePageNumber('第 3 頁')).toBe(true);
    expect(isBarePageNumber('二十五歲')).toBe(false);
  });

  it('scores the same fact high and different facts low by character 3-grams', () => {
    const a = '眾議院由各州人民每兩年選舉產生的眾議員組成。';
    expect(trigramSimilarity(a, a)).toBe(1);
    expect(trigramSimilarity(a, '眾議院由各州人民每兩年選舉產生的議員組成。')).toBeGreaterThan(0.7);
    expect(trigramSimilarity(a, '合眾國的司法權屬於最高法院。')).toBeLessThan(0.2);
  });
});

describe('numbers', () => {
  it('reads Chinese numerals and rewrites them in the same style and unit', () => {
    expect(parseChineseNumeral('二十五')).toBe(25);
    expect(parseChineseNumeral('三萬')).toBe(30_000);
    const [age] = findNumbers('凡年齡不滿二十五歲者');
    expect(age).toMatchObject({ text: '二十五歲', value: 25, unit: '歲' });
    expect(renderNumber(age!, 30)).toBe('三十歲');
    const [year] = findNumbers('After 16 years of work');
    expect(renderNumber(year!, 21)).toBe('21 years');
  });
});

describe('English option lexicon', () => {
  it('keeps boilerplate, verb phrases and heading words out of the options', () => {
    for (const bad of [
      'et seq',
      'forth',
      'U.S.C.',
      'supervises cases',
      'Handbook refer',
      'B. ROLE',
      'INTRODUCTION',
      'Program',
    ])
      expect(standsAsEnglishOption(bad), bad).toBe(false);
    for (const good of [
      'standing trustee',
      'safety reasoning model',
      'LOA',
      'fiduciary responsibility',
    ])
      expect(standsAsEnglishOption(good), good).toBe(true);
  });

  it('tells people from things and near-synonyms apart', () => {
    expect(isAgentPhrase('Standing trustees')).toBe(true);
    expect(isAgentPhrase('bankruptcy judge')).toBe(true);
    expect(isAgentPhrase('court')).toBe(false);
    expect(nearSynonymHeads('administrative functions', 'duties')).toBe(true);
    expect(nearSynonymHeads('implementation activities', 'key activities')).toBe(true);
    expect(nearSynonymHeads('trustee operation', 'bankruptcy estate')).toBe(false);
  });

  it('finds another phrase used in the blank’s frame elsewhere in the document', () => {
    const sentence = 'A more diverse and open AI future is accelerating its arrival.';
    const start = sentence.indexOf('AI future');
    const frame = blankFrame(sentence, start, start + 'AI future'.length);
    expect(frame.before).toBe('open');
    const doc = `${sentence} The release of this open model signals a change.`;
    expect(fitsFrameElsewhere(doc, frame, 'model')).toBe(true);
    expect(fitsFrameElsewhere(doc, frame, 'black box')).toBe(false);
  });
});
