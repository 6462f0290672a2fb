import { describe, expect, it } from 'vitest';
import {
  sameAnswerForms,
  sameAnswerLine,
  shortAnswerMatches,
} from '../../api/scoring/short-answer.js';

// Keys written for these tests, one per kind of folding the report line names.
const KEYS: string[][] = [
  ['NGOs'],
  ['enzyme'],
  ['galaxy'],
  ['Board of Trustees', 'BoT'],
  ['cell-mediated immunity'],
  ['12 km'],
  ['40%'],
  ['seven days'],
  ['光合作用'],
  ['臺北盆地'],
  ['二十五年'],
  ['30公斤'],
];

describe('the report line says what the checker also marks right', () => {
  it.each(KEYS)('every quoted form for %s is marked right by shortAnswerMatches', (...accepted) => {
    const forms = sameAnswerForms(accepted);
    expect(forms.length).toBeGreaterThan(0);
    for (const { form } of forms) expect(shortAnswerMatches(form, accepted)).toBe(true);
    const line = sameAnswerLine(accepted);
    for (const quoted of line.matchAll(/“([^”]+)”/g))
      expect(shortAnswerMatches(quoted[1]!, accepted)).toBe(true);
  });

  it.each(KEYS.filter((k) => /[A-Za-z]/.test(k[0]!)))(
    'the folds named in words hold for %s: case, spacing, punctuation, hyphens, a leading article',
    (...accepted) => {
      const key = accepted[0]!;
      expect(sameAnswerLine(accepted)).toContain(
        'any case, hyphens, a leading a/an/the, extra spaces and punctuation around words',
      );
      for (const form of [
        key.toUpperCase(),
        key.toLowerCase(),
        ` ${key.replace(/ /g, '  ')}. `,
        key.replace(/-/g, ' '),
        key.replace(/(?<=[A-Za-z]) (?=[A-Za-z])/g, '-'),
        `the ${key}`,
        `an ${key}`,
        `${key}!`,
      ])
        expect(shortAnswerMatches(form, accepted), form).toBe(true);
    },
  );

  it.each(KEYS.filter((k) => !/[A-Za-z]/.test(k[0]!)))(
    'spaces and punctuation around the words hold for %s',
    (...accepted) => {
      const key = accepted[0]!;
      expect(sameAnswerLine(accepted)).toContain('extra spaces and punctuation around words');
      for (const form of [` ${key} `, `${key}。`, `「${key}」`])
        expect(shortAnswerMatches(form, accepted), form).toBe(true);
    },
  );

  it('names the singular of an acronym plural (the grader’s “only NGOs” was false)', () => {
    expect(sameAnswerLine(['NGOs'])).toContain('“NGO” (singular)');
    expect(sameAnswerLine(['40%'])).toContain('“40 percent” (percent)');
    expect(sameAnswerLine(['12 km'])).toContain('(number in words)');
    expect(sameAnswerLine(['臺北盆地'])).toContain('“台北盆地” (台/臺)');
    expect(sameAnswerLine(['二十五年'])).toContain('“25年” (digits)');
    // A numeral inside a term is not offered as digits.
    expect(sameAnswerLine(['三權分立'])).not.toContain('digits');
  });

  it('still refuses a different answer for each key', () => {
    expect(shortAnswerMatches('NGA', ['NGOs'])).toBe(false);
    expect(shortAnswerMatches('enzymes inhibitor', ['enzyme'])).toBe(false);
    expect(shortAnswerMatches('13 km', ['12 km'])).toBe(false);
    expect(shortAnswerMatches('41%', ['40%'])).toBe(false);
    expect(shortAnswerMatches('eight days', ['seven days'])).toBe(false);
    expect(shortAnswerMatches('台中盆地', ['臺北盆地'])).toBe(false);
    expect(shortAnswerMatches('二十六年', ['二十五年'])).toBe(false);
    expect(shortAnswerMatches('呼吸作用', ['光合作用'])).toBe(false);
  });
});
