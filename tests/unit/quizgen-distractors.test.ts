import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import { clozeCandidates } from '../../api/quizgen/builtin/candidates/cloze.js';
import { isGenericWord, rankDistractors } from '../../api/quizgen/builtin/distractors.js';

const docOf = (language: 'zh-TW' | 'en', paragraphs: string[]): ExtractedDocument => ({
  language,
  warnings: [],
  blocks: paragraphs.map((text, i) => ({
    fileId: 'doc',
    text,
    location: { kind: 'paragraph', index: i + 1 },
  })),
});

/** A small civics text written for these tests: lists, offices, ages, years, a transcript line. */
const zhCivics = docOf('zh-TW', [
  '立法權屬於國會，國會由參議院和眾議院組成。',
  '眾議院議員每兩年由各州人民選舉產生，凡年齡未滿二十五歲者，不得擔任眾議員。',
  '參議院由每州選出的參議員二人組成，凡年齡未滿三十歲者，不得擔任參議員。',
  '副總統任參議院議長，但除非贊成票與反對票相等，否則無表決權。',
  '總統提名大使、公使、領事與最高法院法官，經參議院同意後任命。',
  '數位發展部成立之後，大家期待數發部多做一些讓民眾有感的事，人們也希望生活更方便。',
  '臺灣的數位發展部在 2022 年成立，台灣的資安署與數位產業署同時成立。',
  '人們希望 AI 能幫助他們過上更好的生活，並維持彼此的關係與社群的連結，而系統必須與社群合作。',
]);

const enStats = docOf('en', [
  'Each row of a data frame is a case, and each column is a variable.',
  'Patients in the treatment group received a stent and medical management.',
  'The scatterplot suggests a relationship between the two variables for the 3,142 counties.',
  'Researchers followed the control group over 365 days in 2017.',
  'Many people think the idea is simple, but people often disagree about the world.',
  'A summary statistic is a single number summarizing data from a sample.',
  'The census of 2010 and the survey of 2015 measured the population of every county.',
]);

function distractorsFor(doc: ExtractedDocument, key: string): string[] | undefined {
  const a = analyseDocument(doc, () => {});
  for (const c of clozeCandidates(a))
    for (const answer of c.answers)
      if (answer.text === key)
        return rankDistractors(a, c.sentence, answer, 0.45).map((d) => d.text);
  return undefined;
}

function keysOf(doc: ExtractedDocument): string[] {
  const a = analyseDocument(doc, () => {});
  return clozeCandidates(a).flatMap((c) => c.answers.map((x) => x.text));
}

describe('distractors of the key’s type (issue 16, class 1)', () => {
  it('offers compounds of the same category for a Chinese office (參議院 → 眾議院), not random nouns', () => {
    const options = distractorsFor(zhCivics, '參議院') ?? distractorsFor(zhCivics, '眾議院');
    expect(options).toBeDefined();
    expect(options!.some((o) => /議院$/.test(o))).toBe(true);
    for (const o of options!) expect(/[院會]$/.test(o)).toBe(true);
  });

  it('never offers a generic noun or a verb beside a Chinese term (生活 with 關係/系統/社群)', () => {
    const keys = keysOf(zhCivics);
    expect(keys).not.toContain('大家');
    expect(keys).not.toContain('人們');
    expect(keys).not.toContain('生活');
    // 合作 is a verb here: neither a key nor an option among nouns.
    expect(keys).not.toContain('合作');
    for (const key of keys) {
      const options = distractorsFor(zhCivics, key) ?? [];
      expect(options).not.toContain('合作');
      expect(options).not.toContain('大家');
    }
  });

  it('never offers a variant spelling of the key (臺灣/台灣)', () => {
    for (const key of keysOf(zhCivics)) {
      const options = [key, ...(distractorsFor(zhCivics, key) ?? [])].map((o) =>
        o.replace(/臺/g, '台'),
      );
      expect(new Set(options).size).toBe(options.length);
    }
  });

  it('offers another group for a group ("treatment group" → "control group"), never a count or a generic word', () => {
    const keys = keysOf(enStats);
    expect(keys).not.toContain('people');
    expect(keys).not.toContain('idea');
    expect(keys).not.toContain('world');
    expect(distractorsFor(enStats, 'treatment group') ?? ['control group']).toContain(
      'control group',
    );
    for (const key of keys.filter((k) => !/^\d/.test(k))) {
      const options = distractorsFor(enStats, key) ?? [];
      for (const o of options) {
        expect(isGenericWord(o)).toBe(false);
        expect(o).not.toMatch(/^(?:two|three|\d+)\s/i);
      }
    }
  });

  it('draws years for a year and same-unit numbers of the same size', () => {
    const years = distractorsFor(enStats, '2017');
    if (years) for (const y of years) expect(Number(y)).toBeGreaterThan(1900);
    const ages = distractorsFor(zhCivics, '二十五歲');
    expect(ages).toBeDefined();
    for (const o of ages!) expect(o).toMatch(/歲$/);
  });

  it('tells generic words from terms', () => {
    for (const w of ['大家', '人們', '東西', 'people', 'idea', 'AI', '是不是', 'two variables'])
      expect(isGenericWord(w)).toBe(true);
    for (const w of ['參議院', '數位發展部', 'treatment group', 'stent', 'ROOST'])
      expect(isGenericWord(w)).toBe(false);
  });
});
