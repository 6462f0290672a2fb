import { describe, expect, it } from 'vitest';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';

/*
 * Session 12 (decision 0052): a short answer accepts the other form the material itself pairs
 * with the key — an abbreviation defined beside its long form, either way round — and nothing
 * the material does not pair with it. Passages are written for the tests.
 */
describe('short answers accept the form the material defines beside the key', () => {
  const stats =
    'The sum of squares within groups is then scaled. The mean square between groups (MSG) ' +
    'measures how far the group means are from each other. A large MSG suggests real ' +
    'differences. For skewed data we report the interquartile range (IQR) instead of the ' +
    'standard deviation, since the IQR is robust.';

  it('accepts the long form of an acronym whose letters are not all word initials', () => {
    expect(materialAliases(stats, 'MSG')).toContain('mean square between groups');
    expect(materialAliases(stats, 'IQR')).toContain('interquartile range');
  });

  it('accepts the acronym of a long-form key', () => {
    expect(materialAliases(stats, 'mean square between groups')).toContain('MSG');
    expect(materialAliases(stats, 'interquartile range')).toContain('IQR');
  });

  it('accepts a long form written in brackets after the short one', () => {
    const text = 'The spread is given by the SD (standard deviation) of each sample.';
    expect(materialAliases(text, 'SD')).toContain('standard deviation');
  });

  it('never takes words that merely hold the letters for a long form', () => {
    const text = 'The case was reported to health authorities (WHO) within a week.';
    expect(materialAliases(text, 'WHO')).toEqual([]);
  });

  it('accepts the Chinese long form a short key abbreviates, written before it', () => {
    const zh =
      '這次座談會邀請了立法委員（立委）與學者。立委表示會提案。服務貿易協定，簡稱服貿，爭議很大。';
    expect(materialAliases(zh, '立委')).toContain('立法委員');
    expect(materialAliases(zh, '服貿')).toContain('服務貿易協定');
  });

  it('accepts the Chinese name a Latin key glosses', () => {
    const zh = '當時大家關心的是比特幣（Bitcoin）的課稅問題，Bitcoin 的交易量也很大。';
    expect(materialAliases(zh, 'Bitcoin')).toContain('比特幣');
  });

  it('takes no phrase that holds the key whole, nor one with a particle', () => {
    expect(materialAliases('學校的大學生（學生）很多。', '學生')).toEqual([]);
    expect(materialAliases('推動開放政府（Open Government）的理念。', 'Open Government')).toEqual(
      [],
    );
  });
});
