import { describe, expect, it } from 'vitest';
import { analyse } from '../support/en-paragraphs.js';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';
import { clozeCandidates } from '../../api/quizgen/builtin/candidates/cloze.js';
import { isEnglishAside, spellsAcronym } from '../../api/quizgen/builtin/en-asides.js';
import {
  acceptedWordingsNote,
  englishTypedKeyPinned,
  materialWordings,
  offersPinnedEnglishKey,
} from '../../api/quizgen/builtin/en-typed-keys.js';
import { normalizeShortAnswer, shortAnswerMatches } from '../../api/scoring/short-answer.js';

/*
 * English round 4 (issue 16, session 9): a typed answer is asked only where the sentence pins
 * it; the material's own other wordings of a key are accepted; asides, examples' numbers and
 * keys the stem spells out give no blank. Fixtures are written for these tests.
 */

const STATS = [
  'A test statistic is a summary value used to evaluate a hypothesis.',
  'The chi-squared statistic is a test statistic for tables of counts.',
  'The test statistic for the randomized table is found by comparing observed and expected counts.',
  'The chi-squared statistic for the randomized table is found by comparing observed and expected counts.',
  'We compute the chi-squared statistic and the test statistic for every table.',
  'The 2-in-100 chance is what we call a p-value, which is a probability.',
  'A p-value below the threshold is evidence against the null hypothesis.',
  'Every p-value is a probability between zero and one.',
  'We report the p-value with every test statistic and every chi-squared statistic.',
  'Researchers randomly assigned 224 patients to the treatment group and 227 to the control group.',
  'Patients in the treatment group received a stent, and the control group did not.',
  'The treatment group and the control group were followed for a year.',
];

/** The term answer of a cloze candidate, with its sentence. */
function termAnswer(paragraphs: string[], part: string, key: string) {
  const a = analyse(paragraphs);
  const c = clozeCandidates(a).find((x) => x.sentence.text.includes(part));
  const answer = c?.answers.find((x) => x.text === key);
  return { a, c, answer };
}

describe('typed English answers are asked only where the sentence pins the key', () => {
  it('refuses a slot any same-kind term of the material fills', () => {
    const { a, c, answer } = termAnswer(
      STATS,
      'chi-squared statistic for the randomized',
      'chi-squared statistic',
    );
    // "The test statistic for the randomized table …" is written too: two right answers. (The
    // quiz-level checks may already drop the near-copy sentence; where it is offered, its
    // blank is not pinned.)
    if (answer) expect(englishTypedKeyPinned(a, c!.sentence, answer)).toBe(false);
  });

  it('takes a key the sentence names ("what we call a _____")', () => {
    const { a, c, answer } = termAnswer(STATS, 'what we call', 'p-value');
    expect(answer).toBeDefined();
    expect(englishTypedKeyPinned(a, c!.sentence, answer!)).toBe(true);
    expect(offersPinnedEnglishKey(a, c!)).toBe(true);
  });

  it('takes the other member of a pair the sentence contrasts', () => {
    const { a, c, answer } = termAnswer(STATS, 'randomly assigned', 'treatment group');
    expect(answer).toBeDefined();
    expect(englishTypedKeyPinned(a, c!.sentence, answer!)).toBe(true);
  });

  it('pins a definition, and a name only outside an open slot', () => {
    const a = analyse(STATS);
    const define = 'A hypothesis test is a technique used to evaluate claims.';
    const key = { kind: 'term' as const, text: 'hypothesis test', start: 2, end: 17 };
    expect(
      englishTypedKeyPinned(a, { text: define }, { ...key, term: { kind: 'term', key: 'x' } }),
    ).toBe(true);
    const open = "I'm happy to talk about Duolingo today.";
    const name = { kind: 'term' as const, text: 'Duolingo', start: 24, end: 32 };
    expect(
      englishTypedKeyPinned(
        a,
        { text: open },
        { ...name, term: { kind: 'proper', key: 'duolingo' } },
      ),
    ).toBe(false);
    const subject = 'Duolingo, before it moved to the web, had a smaller audience.';
    expect(
      englishTypedKeyPinned(
        a,
        { text: subject },
        { ...name, start: 0, end: 8, term: { kind: 'proper', key: 'duolingo' } },
      ),
    ).toBe(true);
  });

  it('asks numbers as before (the material states them)', () => {
    const a = analyse(STATS);
    const s = { text: 'Trust rose from 9% in 2014.' };
    expect(englishTypedKeyPinned(a, s, { kind: 'number', text: '9%', start: 16, end: 18 })).toBe(
      true,
    );
  });
});

describe("the material's own wordings of a key are accepted", () => {
  const TALK =
    'We had to disclose the freezing problem to the board. The freezing issue came back in May. ' +
    'The chi-square statistic is large. We computed the chi-squared statistic again.';

  it('finds an interchangeable head and a participle modifier the material writes', () => {
    expect(materialWordings(TALK, 'freezing problem')).toEqual(['freezing issue']);
    expect(materialWordings(TALK, 'freezing issue')).toEqual(['freezing problem']);
    expect(materialWordings(TALK, 'chi-squared statistic')).toEqual(['chi-square statistic']);
    // Not written in the material: nothing invented.
    expect(materialWordings(TALK, 'board meeting')).toEqual([]);
    expect(materialAliases(TALK, 'freezing problem')).toContain('freezing issue');
  });

  it('scores the other wording right and shows it in the explanation', () => {
    const accepted = [
      'freezing problem',
      'freezing problems',
      ...materialWordings(TALK, 'freezing problem'),
    ];
    expect(shortAnswerMatches('the freezing issue', accepted)).toBe(true);
    expect(shortAnswerMatches('freezing', accepted)).toBe(false);
    expect(acceptedWordingsNote('en', 'freezing problem', accepted, normalizeShortAnswer)).toBe(
      'Also accepted: “freezing issue”.',
    );
    expect(
      acceptedWordingsNote('en', 'p-value', ['p-value', 'p-values'], normalizeShortAnswer),
    ).toBe('');
    // Taiwan and mainland wordings fold to one answer (decision 0038): nothing else to name.
    expect(acceptedWordingsNote('zh', '資料庫', ['資料庫', '數據庫'], normalizeShortAnswer)).toBe(
      '',
    );
    expect(
      acceptedWordingsNote('zh', '機器學習', ['機器學習', '機械學習'], normalizeShortAnswer),
    ).toBe('也接受：「機械學習」。');
  });
});

describe('no blank on asides, examples or keys the stem spells out', () => {
  it('knows stage directions, promotion and a text talking about itself', () => {
    expect(isEnglishAside('[Laughter] So that was the end of it.')).toBe(true);
    expect(isEnglishAside('Please subscribe to our newsletter for more.')).toBe(true);
    expect(isEnglishAside('In this chapter, we will introduce the bootstrap.')).toBe(true);
    expect(isEnglishAside('Quantifying the variability of an estimate is a hard problem.')).toBe(
      true,
    );
    expect(isEnglishAside('Figure 2.3 shows the distribution of the sample means.')).toBe(true);
    expect(isEnglishAside('Trace trees were first proposed by Gal et al. (11).')).toBe(true);
    expect(isEnglishAside('The p-value is the probability of data at least this extreme.')).toBe(
      false,
    );
  });

  it('knows a stem that spells an acronym key out', () => {
    expect(spellsAcronym('MaxOS', 'systems running on the Maximization Operating System')).toBe(
      true,
    );
    expect(spellsAcronym('VR', 'we studied virtual reality at school')).toBe(true);
    expect(spellsAcronym('AI', 'a map in the archive')).toBe(false);
    expect(spellsAcronym('LIR', 'low-level compiler intermediate representation')).toBe(false);
  });

  it('gives no blank on an example number, a sentence-opening verb or a spelled-out acronym', () => {
    const a = analyse([
      'For instance, the highlighted county has 39.4% of its housing in multi-unit structures.',
      'The survey found that 62% of counties grew.',
      'Note that the sample must be random.',
      'Researchers note that a random sample is needed and note the sample size.',
      'The family runs on what I call the MaxOS, the Maximization Operating System.',
      'The MaxOS rewards engagement. The MaxOS shapes what we see.',
    ]);
    const keys = clozeCandidates(a).flatMap((c) => c.answers.map((x) => x.text));
    expect(keys).not.toContain('39.4%');
    expect(keys).toContain('62%');
    expect(keys).not.toContain('Note');
    const spelled = clozeCandidates(a).find((c) => c.sentence.text.includes('Maximization'));
    expect(spelled?.answers.map((x) => x.text) ?? []).not.toContain('MaxOS');
  });
});
