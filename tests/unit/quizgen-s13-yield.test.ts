import { describe, expect, it } from 'vitest';
import { docOf } from '../support/en-paragraphs.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import {
  definedWithThe,
  definitionCandidates,
} from '../../api/quizgen/builtin/candidates/definition.js';

describe('"X is the Y" definitions (decision 0061)', () => {
  it('accepts a known term described by a noun phrase', () => {
    expect(definedWithThe('median', 'the middle value of an ordered list of numbers', true)).toBe(
      true,
    );
    expect(definedWithThe('sample size', 'the number of cases observed in a study', true)).toBe(
      true,
    );
  });
  it('refuses terms the material does not name, comparisons, symbols and two statements', () => {
    expect(definedWithThe('median', 'the middle value of an ordered list', false)).toBe(false);
    expect(definedWithThe('range', 'the simpler of the two measures to compute', true)).toBe(false);
    expect(definedWithThe('outcome', 'the same in every group we looked at', true)).toBe(false);
    expect(definedWithThe('symbol σ', 'the Greek letter sigma used for spread', true)).toBe(false);
    expect(definedWithThe('mode', 'the peak value and appears most often in data', true)).toBe(
      false,
    );
    expect(definedWithThe('median', 'the middle', true)).toBe(false);
  });
  it('finds "the" definitions of repeated terms in a chapter, and no pointer subjects', () => {
    const para = [
      'The median is the middle value of an ordered list of numbers.',
      'The median is robust to outliers in a list of numbers.',
      'We report the median for skewed data and the median for incomes.',
      'This is the strategy most analysts use for skewed data.',
      'The mean is the sum of the values divided by how many values there are.',
      'The mean moves when one value is very large, unlike the median.',
    ];
    const a = analyseDocument(docOf(para), () => {});
    const defs = definitionCandidates(a).map((d) => [d.answer.text, d.body]);
    expect(defs.some(([term]) => /^this$/i.test(term!))).toBe(false);
    expect(defs.every(([term, body]) => !body!.toLowerCase().includes(term!.toLowerCase()))).toBe(
      true,
    );
  });
});

describe('definition hygiene (decision 0061)', () => {
  it('refuses a capitalised "We" body, a "resulting" pointer and an adverb in the term', () => {
    const a = analyseDocument(
      docOf([
        'We can use the ratio to judge the claims in what is called a ratio check.',
        'The resulting range is called a spread interval.',
        'Equally important however is a careful look at the data source.',
        'A sampling frame is a list of every unit eligible for the sample.',
        'The sampling frame decides which units can be drawn.',
      ]),
      () => {},
    );
    const terms = definitionCandidates(a).map((d) => d.answer.text);
    expect(terms).not.toContain('ratio check');
    expect(terms).not.toContain('spread interval');
    expect(terms.some((t) => /however/i.test(t))).toBe(false);
  });
});
