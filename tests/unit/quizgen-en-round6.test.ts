import { describe, expect, it } from 'vitest';
import { analyse } from '../support/en-paragraphs.js';
import { materialAliases, spellingVariants } from '../../api/quizgen/builtin/answers.js';
import { clozeCandidates } from '../../api/quizgen/builtin/candidates/cloze.js';
import {
  englishStemContext,
  isIncidentalEnglishNumber,
  leansOnContext,
} from '../../api/quizgen/builtin/en-context.js';
import { enTemplates } from '../../api/quizgen/builtin/templates/en.js';
import { cardFront } from '../../src/features/flashcards/lib/cards.js';
import { englishTermWorthAsking } from '../../api/quizgen/builtin/en-importance.js';
import { englishSentenceStandsAlone } from '../../api/quizgen/builtin/en-standalone.js';

/*
 * English round 6 (issue 16, session 11, decision 0049): stems that lean on a referent outside
 * the sentence, incidental numbers and one-off phrases as keys, and stems that name their
 * speaker or section. Fixtures are written for these tests.
 */

describe('a stem does not lean on a referent outside it', () => {
  it.each([
    'These two summary statistics are useful in looking for differences in the groups.',
    'A variable with these properties is called an ordinal variable.',
    'We determined that such a difference from chance alone would be rare.',
    'In this case, we reject the null hypothesis in favor of the alternative.',
    'As we saw in the previous chapter, the p-value measures the strength of evidence.',
    'In our country, it is a national holiday for everyone.',
    'Of the 15% who did not think they were the best ideas, most could still live with them.',
    'This approach can turn the hamster wheel into a steering wheel.',
    'It asks for a completely transparent process and open negotiations.',
    'The results listed above show a clear difference between the groups.',
    'Just like with the sex discrimination study, we can perform a statistical analysis.',
    'Since this is an experiment, the results can be used to evaluate a causal relationship.',
  ])('refuses %s', (text) => {
    expect(leansOnContext(text)).toBe(true);
  });

  it.each([
    'The p-value is the probability of observing data at least as favorable to the alternative.',
    'It is important to check the conditions before using the normal model.',
    'It was interesting to see many participants tapping into the idea of symbiogenesis.',
    'Researchers collected data from 447 people who were statistically representative.',
    'I spoke about local kami; this is the Japanese concept of a steward spirit.',
    'Since there is a relationship between the variables, they are associated.',
    'The examples include tools such as Scratch, used by students of all ages.',
    'In Taiwan, over 100 such meetings rebuilt trust in the presidency.',
  ])('keeps %s', (text) => {
    expect(leansOnContext(text)).toBe(false);
  });

  it('gives no cloze candidate for a leaning sentence', () => {
    const a = analyse([
      'A hypothesis test evaluates competing claims using data. A hypothesis test needs a null hypothesis.',
      'These hypothesis tests are used in many studies of randomized experiments.',
      'The null hypothesis states that there is no difference between the groups in a hypothesis test.',
    ]);
    const texts = clozeCandidates(a).map((c) => c.sentence.text);
    expect(texts.some((t) => t.startsWith('These hypothesis tests'))).toBe(false);
    expect(englishSentenceStandsAlone(a.sentences.at(-1)!.text)).toBe(true);
  });
});

describe('numbers and keys worth asking', () => {
  it.each([
    ['The presentation was only 5 pages long.', '5 pages'],
    ['We talked for about 40 minutes after lunch.', '40 minutes'],
    ['She started coding when she was 14, in middle school.', '14'],
    ['My grandmother is 80 years old and uses the app.', '80 years'],
  ])('an incidental number: %s', (sentence, number) => {
    const end = sentence.indexOf(number) + number.length;
    expect(isIncidentalEnglishNumber(sentence, number, end)).toBe(true);
  });

  it.each([
    ['The petition needs 5,000 signatures within 60 days.', '5,000'],
    ['Trust rose from 9% in 2014 to more than 70% by 2020.', '70%'],
    ['We chose 447 people who were statistically representative.', '447 people'],
  ])('a number that is the point: %s', (sentence, number) => {
    const end = sentence.indexOf(number) + number.length;
    expect(isIncidentalEnglishNumber(sentence, number, end)).toBe(false);
  });

  it('a one-off phrase is no key; a recurring, headed or defined term is', () => {
    const a = analyse([
      'A confidence interval gives a range of plausible values for a parameter.',
      'The confidence interval is wider when the sample is small.',
      'Please hand the presentation clicker to the moderator before the session.',
      'A point estimate is a single value estimating a population parameter.',
    ]);
    const term = (text: string) => [...a.terms.values()].find((t) => t.text === text);
    const ci = term('confidence interval');
    expect(ci && englishTermWorthAsking(a, ci)).toBe(true);
    const clicker = term('presentation clicker');
    if (clicker) expect(englishTermWorthAsking(a, clicker)).toBe(false);
    const estimate = term('point estimate');
    expect(estimate && englishTermWorthAsking(a, estimate)).toBe(true);
  });
});

describe('a stem names its speaker or section', () => {
  it('names the speaker of a transcript turn', () => {
    expect(englishStemContext(['2017 Visit', 'Audrey Tang:'])).toBe('Audrey Tang speaking');
    expect(englishStemContext(['2017 Visit', 'Audrey Tang:'], ['Tang'])).toBeUndefined();
  });

  it('names the section of a blank unless it hints at the key', () => {
    const path = ['Hypothesis testing', 'Sex discrimination case study', 'Observed data'];
    expect(englishStemContext(path, ['p-value'])).toBe('section ‘Sex discrimination case study’');
    expect(englishStemContext(path, ['sex discrimination study'])).toBeUndefined();
    expect(englishStemContext(path, ['discriminations'])).toBeUndefined();
    // A statement gets no section: a heading could tell a swapped term from the true one.
    expect(englishStemContext(path)).toBeUndefined();
  });

  it('leaves the flashcard front its quoted sentence', () => {
    const where = englishStemContext(['Data', 'Case study: Using stents', 'x'], ['p-value']);
    const question = enTemplates.shortAnswerCloze('The _____ is small.', where);
    expect(question).toContain('Case study: Using stents');
    expect(cardFront('short_answer', question)).toBe('The _____ is small.');
    expect(englishStemContext(['Data', 'The “best” model', 'x'], ['p-value'])).toBeUndefined();
  });
});

describe('short answers accept the other English spelling', () => {
  it.each([
    ['randomization test', 'randomisation test'],
    ['randomisation test', 'randomization test'],
    ['organised data', 'organized data'],
    ['behavior', 'behaviour'],
    ['labor market', 'labour market'],
    ['centre', 'center'],
    ['modeling', 'modelling'],
  ])('%s → %s', (key, other) => {
    expect(spellingVariants(key)).toContain(other);
    expect(materialAliases(`The ${key} is used here.`, key)).toContain(other);
  });

  it.each([
    'exercise',
    'enterprise',
    'advertise',
    'supervised learning',
    'size',
    'prize',
    'promise',
    'treatise',
    'otherwise',
    'Newcastle Centre',
  ])('never changes %s into another word', (key) => {
    expect(spellingVariants(key)).toEqual([]);
  });
});
