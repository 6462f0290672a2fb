import { describe, expect, it } from 'vitest';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';
import { boundedNumber } from '../../api/quizgen/builtin/build-statement.js';
import { shortAnswerMatches } from '../../api/scoring/short-answer.js';

/*
 * Short answers accept the other names the material itself defines (issue 16, class 3): an
 * abbreviation in parentheses, 簡稱/又稱, "also known as", an acronym spelled out before it.
 */
describe('aliases the material defines', () => {
  const zh =
    '國家發展委員會（簡稱國發會）負責規劃。行政院環境保護署，又稱環保署，已改制。「模型規格」（model spec）是前沿實驗室的文件。';
  const en =
    'The Transmission Control Protocol (TCP) carries most traffic. A randomized controlled trial, also known as an RCT, assigns patients at random. See the results (see Figure 3). The FAIR principles differ.';

  it.each([
    [zh, '國家發展委員會', ['國發會']],
    [zh, '行政院環境保護署', ['環保署']],
    [zh, 'model spec', ['模型規格']],
    [zh, '模型規格', ['model spec']],
    [en, 'TCP', ['Transmission Control Protocol']],
    [en, 'Transmission Control Protocol', ['TCP']],
    [en, 'randomized controlled trial', ['an RCT']],
  ])('finds in the material the other names of %#', (text, key, aliases) => {
    expect(materialAliases(text, key)).toEqual(aliases);
  });

  it('takes no asides, numbers or word fragments for names', () => {
    expect(materialAliases(en, 'results')).toEqual([]);
    expect(materialAliases(en, 'AI')).toEqual([]);
    expect(materialAliases('The effect (2019) was small.', 'effect')).toEqual([]);
  });

  it('takes no stage direction of a transcript for another name (a wrong answer accepted)', () => {
    // Hold-out v5 grading, 2026-11-27: 面子問題 accepted 「笑」 from 「…面子問題（笑）」.
    expect(materialAliases('唯一卡住的是面子問題（笑）。大家願意幫忙。', '面子問題')).toEqual([]);
    expect(
      materialAliases(
        'It was the freezing problem (laughter). Then we moved on.',
        'freezing problem',
      ),
    ).toEqual([]);
  });

  it('takes no English gloss or role in parentheses for another name (a wrong key accepted)', () => {
    // Hold-out v2 grading, 2026-11-27: "blood thinner" accepted "treatment group" and
    // "corresponding to the control group" from asides like these.
    const trial =
      'Patients got a blood thinner (treatment group) or a placebo (control group). The blood thinner (corresponding to the control group in other studies) was cheap.';
    expect(materialAliases(trial, 'blood thinner')).toEqual([]);
    expect(materialAliases(trial, 'placebo')).toEqual([]);
    // A marked or acronym aside still is one.
    expect(
      materialAliases('A false positive (or type I error) is costly.', 'false positive'),
    ).toEqual(['type I error']);
    expect(materialAliases('A data frame (DF) holds it.', 'data frame')).toEqual(['DF']);
  });

  it('lets the scorer accept the alias once it is among the accepted answers', () => {
    const accepted = ['國家發展委員會', ...materialAliases(zh, '國家發展委員會')];
    expect(shortAnswerMatches('国发会', accepted)).toBe(true);
    expect(shortAnswerMatches('環保署', accepted)).toBe(false);
  });
});

/*
 * A number under a bound is no checkable point for a false statement (hold-out v2 grading,
 * 2026-11-27: "over 80% of plain text emails are not spam" became a "false" "over 50%…",
 * which is true).
 */
describe('numbers under a bound or an approximation', () => {
  const at = (text: string, number: string) => {
    const start = text.indexOf(number);
    return boundedNumber(text, { start, end: start + number.length });
  };

  it.each([
    ['Over 80% of plain text emails are not spam.', '80'],
    ['More than 1,000 people signed.', '1,000'],
    ['It takes about 30 minutes.', '30'],
    ['At least 3 reviewers read it.', '3'],
    ['超過八成的民眾支持。', '八成'],
    ['有三十人以上參加。', '三十'],
    ['大約十年前開始。', '十'],
  ])('%s (%s) is bounded', (text, number) => {
    expect(at(text, number)).toBe(true);
  });

  it.each([
    ['The study followed 224 patients for 365 days.', '224'],
    ['民國 115 年 1 月 1 日放假。', '115'],
  ])('%s (%s) is exact', (text, number) => {
    expect(at(text, number)).toBe(false);
  });
});
