import { describe, expect, it } from 'vitest';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';
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

  it('lets the scorer accept the alias once it is among the accepted answers', () => {
    const accepted = ['國家發展委員會', ...materialAliases(zh, '國家發展委員會')];
    expect(shortAnswerMatches('国发会', accepted)).toBe(true);
    expect(shortAnswerMatches('環保署', accepted)).toBe(false);
  });
});
