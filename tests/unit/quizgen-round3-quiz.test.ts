import { describe, expect, it } from 'vitest';
import { shortQuizNotice } from '../../api/quizgen/builtin/index.js';
import type { GeneratedQuestion, QuestionType } from '../../api/quizgen/types.js';
import { noticeTexts } from '../../src/features/quiz/lib/generation-notices.js';
import { materialNumberForms, pairedAcronyms } from '../../api/quizgen/builtin/answers.js';
import { findNumbers } from '../../api/quizgen/builtin/numbers.js';
import { balanceTrueFalse } from '../../api/quizgen/builtin/balance.js';
import type { BuildContext, Draft } from '../../api/quizgen/builtin/draft.js';
import { restate } from '../../api/quizgen/builtin/restate.js';
import { keyVisibleIn, sameKeyedFact, showsKeyOf } from '../../api/quizgen/builtin/select.js';
import { acceptedAnswers } from '../../api/quizgen/builtin/variants.js';
import { shortAnswerMatches } from '../../api/scoring/short-answer.js';

/** restate() with the tested point given by its text. */
function said(text: string, point: string, language: 'zh' | 'en'): string {
  const start = text.indexOf(point);
  return restate(text, { start, end: start + point.length }, language);
}

describe('true/false statements are restated, not quoted (the same rewrites for true and false)', () => {
  it('drops a leading discourse marker, never into the tested point', () => {
    expect(
      said('In fact, the museum keeps no catalogue of its early prints.', 'catalogue', 'en'),
    ).toBe('The museum keeps no catalogue of its early prints.');
    expect(
      said('Note that each sample is drawn from one single river basin.', 'river basin', 'en'),
    ).toBe('Each sample is drawn from one single river basin.');
    expect(said('首先，這個模型可以幫助歸納我們談論過的內容。', '模型', 'zh')).toBe(
      '這個模型可以幫助歸納我們談論過的內容。',
    );
    // The point is the marker's own word: nothing goes.
    const kept = 'However, the bridge was closed for repairs in the spring.';
    expect(said(kept, 'However', 'en')).toBe(kept);
  });

  it('drops an example or restatement, a dash aside and a non-restrictive clause', () => {
    expect(
      said(
        'A result is called significant when the p-value is below a threshold chosen in advance (e.g., 0.01 or 0.05).',
        'p-value',
        'en',
      ),
    ).toBe(
      'A result is called significant when the p-value is below a threshold chosen in advance.',
    );
    expect(
      said(
        'The survey covered every household in the valley, i.e., about four thousand homes.',
        'household',
        'en',
      ),
    ).toBe('The survey covered every household in the valley.');
    expect(
      said(
        'The old harbour, which was rebuilt by the city, now serves ferries to the islands.',
        'ferries',
        'en',
      ),
    ).toBe('The old harbour now serves ferries to the islands.');
    expect(said('我們希望在一個幫助者——人或機器——身上培養某些特質。', '特質', 'zh')).toBe(
      '我們希望在一個幫助者身上培養某些特質。',
    );
    expect(said('辦公室有兩處，一處是總部，也就是本館，設在河濱路上。', '河濱路', 'zh')).toBe(
      '辦公室有兩處，一處是總部，設在河濱路上。',
    );
  });

  it('keeps an aside that negates, bounds or counts: dropping it could change the truth', () => {
    const negated = '討論如何幫助偏遠社區——那些網路並非理所當然的地方——的居民。';
    expect(said(negated, '偏遠社區', 'zh')).toBe(negated);
    const bounded = 'The trail, which is only open in summer, crosses the ridge twice.';
    expect(said(bounded, 'ridge', 'en')).toBe(bounded);
  });

  it('keeps the clause of a semicolon pair that holds the point', () => {
    expect(
      said(
        'In the first town the library opens at nine; in the second town it opens at ten every day.',
        'nine',
        'en',
      ),
    ).toBe('In the first town the library opens at nine.');
  });

  it('writes contractions out and a number in its other form, the point included', () => {
    expect(
      said("It's clear that we don't see 45% of the cases in the archive.", 'cases', 'en'),
    ).toBe('It is clear that we do not see 45 percent of the cases in the archive.');
    expect(
      said('About 12 percent of the seeds did not sprout after the frost.', '12 percent', 'en'),
    ).toBe('About 12% of the seeds did not sprout after the frost.');
    expect(said('受訪者的年齡在 18 到 50 歲之間，其中 2 個人是學生。', '50', 'zh')).toBe(
      '受訪者的年齡在十八到五十歲之間，其中兩個人是學生。',
    );
    expect(said('The estimate of the difference is 5% .', 'difference', 'en')).toBe(
      'The estimate of the difference is 5 percent.',
    );
    // A year stays in digits.
    expect(said('這個圖書館在 1970 年開放給一般民眾使用。', '圖書館', 'zh')).toBe(
      '這個圖書館在 1970 年開放給一般民眾使用。',
    );
  });
});

describe('short answers accept the wordings the material itself uses', () => {
  it('folds English number words, decimal forms and the week words', () => {
    expect(shortAnswerMatches('sixty days', ['60 days'])).toBe(true);
    expect(shortAnswerMatches('three hundred and twenty', ['320'])).toBe(true);
    expect(shortAnswerMatches('.10', ['0.10'])).toBe(true);
    expect(shortAnswerMatches('0.1', ['0.10'])).toBe(true);
    expect(shortAnswerMatches('禮拜', ['星期'])).toBe(true);
    expect(shortAnswerMatches('週', ['禮拜'])).toBe(true);
    expect(shortAnswerMatches('禮拜天', ['星期日'])).toBe(true);
    expect(shortAnswerMatches('週三', ['星期三'])).toBe(true);
    // Different quantities stay different.
    expect(shortAnswerMatches('10.5', ['10.05'])).toBe(false);
    expect(shortAnswerMatches('sixty', ['sixteen'])).toBe(false);
    expect(shortAnswerMatches('60', ['60 days'])).toBe(false);
  });

  it('lists a count of people without its noun, and no Chinese numerals in an English quiz', () => {
    const text = 'We invited 300 people to the hall.';
    const number = findNumbers(text)[0]!;
    const forms = acceptedAnswers(
      { kind: 'number', text: number.text, start: number.start, end: number.end, number },
      'en',
    );
    expect(forms).toContain('300');
    expect(forms.some((f) => /\p{Script=Han}/u.test(f))).toBe(false);
    // No plural of a noun that has none.
    expect(acceptedAnswers({ kind: 'term', text: 'observed data' }, 'en')).not.toContain(
      'observed datas',
    );
    expect(acceptedAnswers({ kind: 'term', text: 'control group' }, 'en')).toContain(
      'control groups',
    );
    const days = findNumbers('The trial ran for 60 days in all.')[0]!;
    expect(
      acceptedAnswers({ kind: 'number', text: days.text, start: 0, end: 0, number: days }, 'en'),
    ).not.toContain('60');
  });

  it('accepts an acronym and its full name where the material pairs them', () => {
    const text =
      'We estimate the standard error, SE, from the sample. The standard error shrinks as n grows. ' +
      'A small SE means a precise estimate.';
    expect(pairedAcronyms(text, 'standard error')).toEqual(['SE']);
    expect(pairedAcronyms(text, 'SE')).toEqual(['standard error']);
    // Initials alone are no pairing: "sample error" is never written beside SE.
    expect(pairedAcronyms(text + ' The sample error is another idea.', 'sample error')).toEqual([]);
    // A chance neighbour with the same initials, written once, is not the full name.
    expect(pairedAcronyms('Some evidence (SE) was found.', 'SE')).toEqual([]);
  });

  it('accepts a proportion in the other form only when the material writes it so', () => {
    const text = 'The usual rate is about 10%. In symbols, p = 0.10 under the null hypothesis.';
    expect(materialNumberForms(text, 'The usual rate is about 10%.', '10%')).toEqual(['0.10']);
    expect(materialNumberForms(text, 'In symbols, p = 0.10.', '0.10')).toEqual(['10%']);
    expect(
      materialNumberForms('The usual rate is about 10%.', 'The usual rate is about 10%.', '10%'),
    ).toEqual([]);
    // A small percent is its exact decimal, never rounded (0.6% is 0.006, not 0.01).
    expect(
      materialNumberForms('about 0.6% of the time; and p = 0.01', 'about 0.6% of the time', '0.6%'),
    ).toEqual([]);
    expect(
      materialNumberForms('about 0.6% of the time; p is 0.006', 'about 0.6% of the time', '0.6%'),
    ).toEqual(['0.006']);
    // A change: 10% more is not 0.10 more.
    expect(materialNumberForms(text, 'Sales rose by 10% last year.', '10%')).toEqual([]);
  });
});

describe('a year in a Chinese quiz', () => {
  it('is listed digit by digit, never as a count', () => {
    const n = findNumbers('這份報告在1984年出版。')[0]!;
    const forms = acceptedAnswers(
      { kind: 'number', text: n.text, start: n.start, end: n.end, number: n },
      'zh',
    );
    expect(forms).toContain('一九八四年');
    expect(forms).not.toContain('一千九百八十四年');
    expect(shortAnswerMatches('1984', forms)).toBe(true);
    expect(shortAnswerMatches('4年', forms)).toBe(false);
  });
});

describe('a quiz shorter than asked says why', () => {
  const q = (type: GeneratedQuestion['type']) => ({ type }) as GeneratedQuestion;
  const slots: QuestionType[] = [
    'multiple_choice',
    'true_false',
    'short_answer',
    'multiple_choice',
  ];

  it('a long material whose candidates failed the checks is not "not enough material"', () => {
    const notice = shortQuizNotice(
      4,
      [q('true_false'), q('short_answer'), q('multiple_choice')],
      slots,
      120,
      30_000,
    );
    expect(notice).toEqual({
      code: 'NOT_ENOUGH_MATERIAL',
      params: { requested: 4, produced: 3, reason: 'checks', types: 'multiple_choice' },
    });
    const [text] = noticeTexts([notice]);
    expect(text).toEqual({
      key: 'notices.fewSoundQuestions',
      values: { produced: 3, requested: 4, typesKeys: ['types.multiple_choice.label'] },
    });
  });

  it('a really short material is', () => {
    const notice = shortQuizNotice(4, [q('true_false')], slots, 2, 600);
    expect(notice.params?.reason).toBe('material');
    expect(noticeTexts([notice])[0]?.key).toBe('notices.notEnoughMaterial');
  });
});

describe('no question gives away another', () => {
  const draft = (type: Draft['type'], question: string, keys: string[], choices?: string[]) =>
    ({ type, question, keys, choices }) as Draft;

  it('finds a key written in another stem, as a whole word or number', () => {
    expect(keyVisibleIn('60 days', 'The pilot ran for 60 days before the review.')).toBe(true);
    expect(keyVisibleIn('10%', 'About 10 percent of the seeds failed.')).toBe(true);
    expect(keyVisibleIn('10%', 'About 100% of the seeds failed.')).toBe(false);
    expect(keyVisibleIn('art', 'We start the survey in spring.')).toBe(false);
    expect(keyVisibleIn('reviewer', 'Two reviewers read each paper.')).toBe(true);
    expect(keyVisibleIn('開放資料', '政府推動開放資料平臺。')).toBe(true);
  });

  it('a typed answer or a choice key shown by another question is a giveaway', () => {
    const typed = draft('short_answer', 'The trial lasted _____.', ['60 days']);
    const statement = draft('true_false', 'True or false: “The 60 days trial ended early.”', [
      'ended',
    ]);
    expect(showsKeyOf(typed, statement)).toBe(true);
    const choice = draft(
      'multiple_choice',
      'Which city hosts the archive?',
      ['Tainan'],
      ['Tainan', 'Taipei'],
    );
    const other = draft(
      'multiple_choice',
      'Which river runs past it?',
      ['Yanshui'],
      ['Yanshui', 'Tainan'],
    );
    // A choice key among another item's distractors is no hint; a typed answer there is.
    expect(showsKeyOf(choice, other)).toBe(false);
    expect(showsKeyOf(draft('short_answer', 'It is in _____.', ['Tainan']), other)).toBe(true);
    const percents = draft(
      'dropdown_fill_in_blank',
      'Of the _____ who left, most came back.',
      ['15%'],
      ['15%', '9%', '85%'],
    );
    expect(
      showsKeyOf(draft('short_answer', 'Only _____ of the towns grew.', ['9%']), percents),
    ).toBe(false);
    // A statement's term seen elsewhere gives nothing away; the number it turns on does.
    expect(showsKeyOf(draft('true_false', '“The trial ended early.”', ['ended']), typed)).toBe(
      false,
    );
    expect(
      showsKeyOf(draft('true_false', '“The trial ran 60 days.”', ['60 days']), statement),
    ).toBe(true);
  });
});

describe('one fact is asked once', () => {
  const d = (keys: string[], fact: string) =>
    ({ type: 'short_answer', question: '', keys, fact }) as unknown as Draft;

  it('the same key from two sentences that state the same finding', () => {
    const first = d(
      ['50%'],
      'Applicants with the first name got 50% more callbacks from employers.',
    );
    const again = d(
      ['50% more'],
      'In short, applicants with the first name got 50% more callbacks.',
    );
    expect(sameKeyedFact(first, again)).toBe(true);
    // The same number in an unrelated sentence is another fact.
    const other = d(['50%'], 'Half of the forests, 50%, lie on the northern slope of the range.');
    expect(sameKeyedFact(first, other)).toBe(false);
    // Two sentences sharing a long key term state two facts.
    const term = d(
      ['relational health'],
      'We train agents in a way that prioritizes the relational health of the process.',
    );
    const use = d(
      ['relational health'],
      'The relational health of that process is measured by the actual participants.',
    );
    expect(sameKeyedFact(term, use)).toBe(false);
  });
});

describe('balancing true and false statements', () => {
  const tf = (truth: boolean, i: number) =>
    ({
      type: 'true_false',
      truth,
      question: `s${i}`,
      keys: [],
      fact: `s${i}`,
      sentence: { position: i / 5 },
    }) as unknown as Draft;
  const ctx = {} as BuildContext;

  it('keeps a mixed split in the drawn range when no statement can be rebuilt, rather than cut the quiz', () => {
    const drafts = [tf(true, 0), tf(true, 1), tf(true, 2), tf(false, 3), tf(false, 4)];
    expect(balanceTrueFalse(ctx, drafts, 0.2)).toHaveLength(5);
    expect(balanceTrueFalse(ctx, [tf(true, 0), tf(true, 1)], 0)).toHaveLength(2);
  });
});
