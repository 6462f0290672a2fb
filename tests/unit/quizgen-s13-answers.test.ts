import { describe, expect, it } from 'vitest';
import { documentAcronymForms, zhDocumentForms } from '../../api/quizgen/builtin/defined-forms.js';
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
    // A digit group of a larger number is not a small number to spell.
    expect(sameAnswerLine(['2,000 people'])).not.toContain('number in words');
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

describe('forms the material pairs anywhere (decision 0055)', () => {
  const clinic = [
    'The Regional Health Authority opened two clinics last spring.',
    'Nurses said the waiting lists were long, and the budget was small.',
    'Later in the year, the RHA published a report on the clinics.',
    'Several NGOs helped; these non-governmental organizations ran the transport.',
  ].join('\n\n');

  it('an acronym key accepts the one phrase of the material that spells it, apart from it', () => {
    expect(documentAcronymForms(clinic, 'RHA')).toEqual(['Regional Health Authority']);
    expect(documentAcronymForms(clinic, 'NGOs')).toEqual(['non-governmental organizations']);
    expect(documentAcronymForms(clinic, 'Regional Health Authority')).toEqual(['RHA']);
  });

  it('allows "of" and "and" to give a letter, other function words to be skipped', () => {
    const text =
      'The Ministry of Transportation and Communications set rules. Later the MOTC changed them.';
    expect(documentAcronymForms(text, 'MOTC')).toEqual([
      'Ministry of Transportation and Communications',
    ]);
  });

  it('refuses when two phrases spell the letters, or the letters fit by chance', () => {
    const two = `${clinic}\n\nThe Rural Housing Agency disagreed with the RHA.`;
    expect(documentAcronymForms(two, 'RHA')).toEqual([]);
    // Lower-case words far from the acronym spell it by chance.
    const chance = `The CSR team met.${' Filler sentence here.'.repeat(30)} The state plays a curriculum-setting role.`;
    expect(documentAcronymForms(chance, 'CSR')).toEqual([]);
    // A stopword is no letter-giving word; "to" gives no capital letter.
    expect(documentAcronymForms('The STAR plan: silos to avoid repeated work.', 'STAR')).toEqual(
      [],
    );
    expect(documentAcronymForms('The SAS output: samples are seen twice.', 'SAS')).toEqual([]);
    // A mixed-case acronym names a proper name, not a lower-case phrase.
    expect(documentAcronymForms('We play LoL often. It is a loophole of law.', 'LoL')).toEqual([]);
    // The acronym must be written in the material as the key.
    expect(documentAcronymForms('The Regional Health Authority met.', 'RHA')).toEqual([]);
  });

  it('the scorer still refuses a wrong answer once the expansion is accepted', () => {
    const accepted = ['RHA', ...documentAcronymForms(clinic, 'RHA')];
    expect(shortAnswerMatches('regional health authority', accepted)).toBe(true);
    expect(shortAnswerMatches('Regional Health Agency', accepted)).toBe(false);
    expect(shortAnswerMatches('RHB', accepted)).toBe(false);
  });

  const council = [
    '今天的會議有三位立法委員出席，他們關心預算。',
    '會後立委表示，下次會議會再提出質詢。',
    '另外，民用航空的規定也在討論之中，民航的主管機關會回應。',
  ].join('\n');

  it('a Chinese short form accepts the long form the material uses, and the reverse', () => {
    expect(zhDocumentForms(council, '立委')).toEqual(['立法委員']);
    expect(zhDocumentForms(council, '立法委員')).toEqual(['立委']);
    expect(zhDocumentForms(council, '民航')).toEqual(['民用航空']);
  });

  it('refuses a short form that names something else, or an ambiguous one', () => {
    // 中華民國 is 中華|民國: its initials are 中民, never 中國.
    expect(zhDocumentForms('中華民國的國旗。中國的國旗。', '中國')).toEqual([]);
    // 國民大會 gives 國大, not 國會 (the legislature).
    expect(zhDocumentForms('國民大會已經廢除。國會今天開議。', '國會')).toEqual([]);
    // Not a word of the language: 各個方式 is no long form of 各方.
    expect(zhDocumentForms('我們討論各個方式。各方都同意。', '各方')).toEqual([]);
    // Two long forms with the same initials: the letters do not say which.
    expect(zhDocumentForms('臺灣大學和臺北大學。台大的學生。臺大的老師。', '臺大')).toEqual([]);
    // The short form only inside a longer word is not written apart.
    expect(zhDocumentForms('三位立法委員出席。', '立委')).toEqual([]);
  });

  it('the scorer still refuses a wrong Chinese answer', () => {
    const accepted = ['立委', ...zhDocumentForms(council, '立委')];
    expect(shortAnswerMatches('立法委員', accepted)).toBe(true);
    expect(shortAnswerMatches('立法院', accepted)).toBe(false);
    expect(shortAnswerMatches('委員', accepted)).toBe(false);
  });
});
