import { describe, expect, it } from 'vitest';
import { materialOf, mentionAnswer } from '../support/quizgen-material.js';
import {
  rankDistractors,
  stemGivesKeyAway,
  type Distractor,
} from '../../api/quizgen/builtin/distractors.js';
import { namedAsSameThing, sameRoleCompound } from '../../api/quizgen/builtin/same-thing.js';
import {
  gluedFragment,
  sameEndingSense,
  typedZhDistractors,
} from '../../api/quizgen/builtin/zh-distractors.js';

/*
 * Session 13, options (decision 0058): no second right answer, no junk, no giveaway. Every
 * passage here is written for these tests.
 */

const material = (paragraphs: string[], language: 'zh-TW' | 'en') =>
  materialOf(language, paragraphs, ['文章']);
const termAnswer = mentionAnswer;

const at = (sentence: string, key: string) => {
  const start = sentence.indexOf(key);
  return { text: key, start, end: start + key.length };
};

describe('no second right answer: the material names the option as the key', () => {
  const en = (fullText: string) => ({ fullText, language: 'en' as const });
  it('refuses an alias in brackets, an "also called" and a copula naming the key or its kind', () => {
    const a = en(
      'We study the dwell time (also called residence time) of a molecule. A chi-square score is a test score for counts. Birds, also known as avians, fly.',
    );
    expect(namedAsSameThing(a, 'dwell time', 'residence time')).toBe(true);
    expect(namedAsSameThing(a, 'residence time', 'dwell time')).toBe(true);
    expect(namedAsSameThing(a, 'chi-square score', 'test score')).toBe(true);
    expect(namedAsSameThing(a, 'birds', 'avians')).toBe(true);
  });
  it('keeps two terms the material only lists or contrasts', () => {
    const a = en(
      'The dwell time and the transit time differ. A chi-square score, a t score, or a z score may be used; the z score is not a chi-square score.',
    );
    expect(namedAsSameThing(a, 'dwell time', 'transit time')).toBe(false);
    expect(namedAsSameThing(a, 't score', 'z score')).toBe(false);
  });
  it('reads Chinese aliases: brackets, 又稱, 也就是', () => {
    const a = {
      fullText: '各地的鄉鎮公所（又稱基層公所）負責登記。地方法院也就是基層法院。',
      language: 'zh' as const,
    };
    expect(namedAsSameThing(a, '鄉鎮公所', '基層公所')).toBe(true);
    expect(namedAsSameThing(a, '基層法院', '地方法院')).toBe(true);
    expect(namedAsSameThing(a, '鄉鎮公所', '地方法院')).toBe(false);
  });
  it('takes role modifiers of one vocabulary as one term, not other modifiers', () => {
    expect(sameRoleCompound('outcome variables', 'response variable')).toBe(true);
    expect(sameRoleCompound('predictor variable', 'explanatory variable')).toBe(true);
    expect(sameRoleCompound('response variable', 'indicator variable')).toBe(false);
    expect(sameRoleCompound('treatment group', 'control group')).toBe(false);
  });
  it('drops the alias from a ranked set of options and keeps the others', () => {
    const a = material(
      [
        'Ecologists in Scotland mapped every blanket bog on the hills last year.',
        'The blanket bog (also called a raised bog) is fed only by rain water.',
        'A valley bog is fed by ground water. A raised bog holds mosses and a blanket bog covers hills.',
        'A quaking bog floats on water. A valley bog holds sedges. A quaking bog moves underfoot.',
        'Ecologists measure each valley bog, quaking bog and raised bog every year.',
      ],
      'en',
    );
    const { answer, sentence } = termAnswer(a, 'blanket bog');
    const options = rankDistractors(a, sentence, answer, 0.5).map((d) => d.text);
    expect(options).toContain('valley bog');
    expect(options).not.toContain('raised bog');
  });
});

describe('no giveaway: the stem spells the key another way', () => {
  it('an acronym of the key elsewhere in the stem', () => {
    const s = 'The NMA is the National Maritime Agency of the island.';
    expect(stemGivesKeyAway(s, at(s, 'National Maritime Agency'))).toBe(true);
  });
  it('the words an acronym key stands for', () => {
    const s = 'They fund GIS tools, the Geographic Information Systems, for farmers.';
    expect(stemGivesKeyAway(s, at(s, 'GIS tools'))).toBe(true);
  });
  it('a name completed by its number right after the blank', () => {
    const s = 'Half of the Forbes 400 families gave money.';
    expect(stemGivesKeyAway(s, at(s, 'Forbes'))).toBe(true);
  });
  it('not a name without its acronym, nor a lower-case term before a number', () => {
    const s = 'The National Maritime Agency inspects 40 ports.';
    expect(stemGivesKeyAway(s, at(s, 'National Maritime Agency'))).toBe(false);
    const t = 'The sample size was 40 patients.';
    expect(stemGivesKeyAway(t, at(t, 'sample size'))).toBe(false);
  });
});

describe('no junk: Chinese options glued from a sentence, or of another sense of 會/機', () => {
  const zh = (fullText: string) => ({ fullText });
  it('a word the material writes only before a verb with the modal 會 is no body', () => {
    const a = zh('縣長會去現場看看。縣長會在下週回覆。農委會成立專案小組。');
    expect(gluedFragment(a, '縣長會')).toBe(true);
    expect(gluedFragment(a, '農委會')).toBe(false);
  });
  it('a discourse adverb in front of a noun is a fragment', () => {
    expect(gluedFragment(zh(''), '其實制度')).toBe(true);
    expect(gluedFragment(zh(''), '當然政府')).toBe(true);
    expect(gluedFragment(zh(''), '制度')).toBe(false);
  });
  it('a meeting for a meeting, a body for a body, an aircraft for an aircraft', () => {
    expect(sameEndingSense('說明會', '研討會')).toBe(true);
    expect(sameEndingSense('說明會', '基金會')).toBe(false);
    expect(sameEndingSense('環保署', '衛福部')).toBe(true);
    expect(sameEndingSense('客機', '直升機')).toBe(true);
    expect(sameEndingSense('錄音機', '直升機')).toBe(false);
  });
  it('typed options of a meeting key keep the meetings and drop a body', () => {
    const a = material(
      [
        '下個月我們會辦一場說明會，也會辦研討會和記者會。',
        '基金會支持這次活動，座談會也會安排。縣長會去說明會致詞。',
        '說明會之後還有研討會，記者會在週五，座談會在週六。',
      ],
      'zh-TW',
    );
    const { answer, sentence } = termAnswer(a, '說明會');
    const opts: Distractor[] = ['研討會', '基金會', '縣長會', '記者會', '座談會'].map((text) => ({
      text,
      relation: 'head',
    }));
    const kept = typedZhDistractors(a, answer, opts, sentence).map((d) => d.text);
    expect(kept).toEqual(expect.arrayContaining(['研討會', '記者會']));
    expect(kept).not.toContain('基金會');
  });
});

describe('no junk: a broad head makes no kind', () => {
  it('offers no "… system" the material names far from the key', () => {
    const a = material(
      [
        'Drivers in the city need a warning system before a turn.',
        'A radar warning system reads the road. A camera warning system reads the signs.',
        'The car reads the road every second.',
        'The driver looks at the road.',
        'The trip takes an hour.',
        'The city has many roads.',
        'A voting system in the council counts the ballots of every member.',
        'The voting system changed in the spring, and the voting system is now open.',
      ],
      'en',
    );
    const { answer, sentence } = termAnswer(a, 'warning system');
    const options = rankDistractors(a, sentence, answer, 0.5).map((d) => d.text);
    expect(options).not.toContain('voting system');
  });
});
