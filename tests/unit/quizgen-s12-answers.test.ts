import { describe, expect, it } from 'vitest';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';
import { leansOnPrevious } from '../../api/quizgen/builtin/en-standalone.js';
import { restoredContext } from '../../api/quizgen/builtin/restore-context.js';

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

const paragraphs = (language: 'en' | 'zh-TW', texts: string[]) =>
  analyseDocument(
    {
      language,
      warnings: [],
      blocks: texts.map((text, i) => ({
        fileId: 'doc',
        text,
        location: { kind: 'paragraph', index: i + 1, headingPath: ['A talk'] },
      })),
    },
    () => {},
  );

describe('a stem that leans on the sentence before it carries that sentence', () => {
  it('knows a pointer subject after an opener, and leaves a dummy "it" alone', () => {
    expect(leansOnPrevious("At the moment it's about 40 percent of the households now.")).toBe(
      true,
    );
    expect(leansOnPrevious('That speaks to the limits of regulation by the state.')).toBe(true);
    expect(leansOnPrevious('It is important to randomize the treatment between patients.')).toBe(
      false,
    );
    expect(leansOnPrevious('The survey found that it worked in most rural districts.')).toBe(false);
  });

  it('restores the sentence before from the same paragraph, and nothing across paragraphs', () => {
    const context =
      'The share of households with solar panels on the roof grew quickly in the coastal villages.';
    const leaning = "At the moment it's about 40 percent of the households in the villages now.";
    const a = paragraphs('en', [
      `${context} ${leaning}`,
      "At the moment it's about 12 percent of the farms in the valley now.",
      'Farmers in the valley sell their surplus electricity to the regional grid operator.',
    ]);
    const [, second, third] = a.sentences;
    expect(restoredContext(a, second!)?.text).toBe(`${context} ${leaning}`);
    // The same shape opening a paragraph has nothing before it to name "it".
    expect(restoredContext(a, third!)).toBe(undefined);
  });

  it('restores a Chinese sentence whose subject is a bare pronoun', () => {
    const first = '共同生產是一種讓服務使用者與提供者一起設計照護方案的工作方式。';
    const second = '它讓權力較小的使用者也能參與照護政策的決定。';
    const a = paragraphs('zh-TW', [
      first + second,
      '社區照護據點在臺灣各地已經超過四千個，由在地團體經營。',
    ]);
    const leaning = a.sentences.find((s) => s.text === second)!;
    const restored = restoredContext(a, leaning)!;
    expect(restored.text).toBe(first + second);
    // What is asked stays in the leaning sentence, at its place in the longer text; the
    // sentence before is context only.
    expect(restored.mentions.length).toBeGreaterThan(0);
    for (const m of restored.mentions) {
      expect(restored.text.slice(m.start, m.end)).toBe(m.text);
      expect(m.start).toBeGreaterThanOrEqual(first.length);
    }
  });
});

describe('a Latin key’s Chinese name is the whole name', () => {
  it('takes a quoted name whole and no head noun after 的 or a modifier', () => {
    expect(materialAliases('這是我們稱之為「多元宇宙」（Plurality）的想法。', 'Plurality')).toEqual(
      ['多元宇宙'],
    );
    expect(materialAliases('那個是分散式的社會（DeSoc）的概念。', 'DeSoc')).toEqual([]);
  });
});
