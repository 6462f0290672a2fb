import { describe, expect, it } from 'vitest';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';
import {
  givenAsExample,
  maySamePerson,
  vagueClaim,
} from '../../api/quizgen/builtin/build-statement.js';
import { findNumbers, parseChineseNumeral } from '../../api/quizgen/builtin/numbers.js';
import { zhMaterialForms } from '../../api/quizgen/builtin/zh-forms.js';

/*
 * Wrong keys the blind graders found on hold-out v7 (docs/quality/2026-11-28-s11), fixed at
 * their class: an accepted answer that is another word, or the opposite, marks a wrong
 * learner right.
 */
const at = (text: string, part: string) => {
  const start = text.indexOf(part);
  return { start, end: start + part.length };
};

describe('typed answers accept no other word', () => {
  it('takes no stage direction or gloss in parentheses as a Chinese key’s other name', () => {
    const text = '今年度新政府在這一塊——已經不叫新政府（笑容）——會有什麼樣的做法。';
    expect(materialAliases(text, '政府')).not.toContain('笑容');
    const glosses = '我們找了高醫大（醫療）、中興大學（農業），還有漁業的大學。';
    expect(materialAliases(glosses, '大學')).toEqual([]);
  });

  it('still takes a Chinese short form in parentheses that shares the key’s characters', () => {
    const text = '數位發展部（數發部）今年成立，數發部負責數位政策。';
    expect(materialAliases(text, '數位發展部')).toContain('數發部');
  });

  it('never accepts the tail of a key after a negating prefix', () => {
    const text =
      '高達八、九成的非傳統營利公司做不到揭露。我們希望給不走傳統營利路線的公司空間。傳統營利公司則不變。';
    expect(zhMaterialForms(text, '非傳統營利')).not.toContain('傳統營利');
    expect(zhMaterialForms('不正當競爭會被處罰。正當競爭則受保護。', '不正當競爭')).not.toContain(
      '正當競爭',
    );
  });

  it('still accepts a tail the material uses on its own (物聯網 of 萬物聯網)', () => {
    const text = '萬物聯網的時代來了。我們談物聯網，物聯網讓家電連上網路。';
    expect(zhMaterialForms(text, '萬物聯網')).toContain('物聯網');
  });
});

describe('true/false swaps no example', () => {
  it('knows an answer the sentence gives as an example', () => {
    const en =
      'Observations that fall on the boundary of a bin (e.g., 5.0 percent) are allocated to the lower bin.';
    expect(givenAsExample(en, at(en, '5.0 percent'))).toBe(true);
    const such = 'Categorical variables such as eye colour have no order.';
    expect(givenAsExample(such, at(such, 'eye colour'))).toBe(true);
    const zh = '許多開放資料，例如空氣品質資料，都可以下載。';
    expect(givenAsExample(zh, at(zh, '空氣品質資料'))).toBe(true);
  });
  it('leaves a stated value alone', () => {
    const en = 'The median household income was 55 thousand dollars in 2019.';
    expect(givenAsExample(en, at(en, '55 thousand dollars'))).toBe(false);
    const zh = '這個計畫在2016年開始，共有四個學校參與。';
    expect(givenAsExample(zh, at(zh, '四個'))).toBe(false);
  });
});

describe('true/false swaps nothing in a sentence that claims nothing specific', () => {
  it('knows a sentence whose rest is vague', () => {
    const text = 'For accountability, we’re building a few things.';
    expect(vagueClaim(text, at(text, 'accountability'))).toBe(true);
    const stuff = 'With privacy we did some stuff.';
    expect(vagueClaim(stuff, at(stuff, 'privacy'))).toBe(true);
  });
  it('leaves a sentence with a specific claim alone', () => {
    const text =
      'The F statistic compares the variability between groups with the variability within groups.';
    expect(vagueClaim(text, at(text, 'F statistic'))).toBe(false);
    const place = 'The council meets in Taipei every second Tuesday.';
    expect(vagueClaim(place, at(place, 'Taipei'))).toBe(false);
  });
});

describe('true/false swaps no name that may be the same person', () => {
  it('takes a title form and a full name of one surname as possibly one person', () => {
    expect(maySamePerson('陳經理', '陳淑蘭')).toBe(true);
    expect(maySamePerson('林委員', '林美珠')).toBe(true);
  });
  it('swaps names of different surnames', () => {
    expect(maySamePerson('陳經理', '王小明')).toBe(false);
  });
});

describe('a number’s tail is no number of its own (hold-out v8)', () => {
  it('reads 200萬元 as one number, never 萬元 alone as 0', () => {
    const mentions = findNumbers('每一季車輛大概會需要花費200萬元的成本。');
    expect(mentions.map((m) => m.text)).not.toContain('萬元');
    expect(mentions.every((m) => m.value !== 0)).toBe(true);
  });
  it('reads a bare 萬 as ten thousand', () => {
    expect(parseChineseNumeral('萬')).toBe(10_000);
    expect(parseChineseNumeral('十萬')).toBe(100_000);
    expect(parseChineseNumeral('三萬五千')).toBe(35_000);
  });
});
