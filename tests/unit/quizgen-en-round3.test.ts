import { describe, expect, it } from 'vitest';
import type { DocAnalysis } from '../../api/quizgen/builtin/analysis.js';
import { clozeCandidates } from '../../api/quizgen/builtin/candidates/cloze.js';
import {
  englishStemDiscriminates,
  rankDistractors,
} from '../../api/quizgen/builtin/distractors.js';
import { enumerationCandidates } from '../../api/quizgen/builtin/en-enumeration.js';
import { namedTerms, namingOffsets } from '../../api/quizgen/builtin/en-named-terms.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import type { BuildContext } from '../../api/quizgen/builtin/draft.js';
import { enTemplates } from '../../api/quizgen/builtin/templates/en.js';
import { QUESTION_TYPES } from '../../api/quizgen/types.js';
import { analyse, docOf } from '../support/en-paragraphs.js';

/*
 * English round 3 (issue 16, session 8): a talk or an interview names its concepts ("what we
 * call …", "is called …", "the idea of …") instead of defining them, and those names are one
 * category of options; a counted list whose members share one head word written once
 * ("simple, stratified, and cluster sampling") gives an expert "NOT one of" item. Fixtures are
 * written for these tests.
 */

function distractorsFor(a: DocAnalysis, part: string, key: string, closeness = 0.45) {
  const c = clozeCandidates(a).find((x) => x.sentence.text.includes(part));
  const answer = c?.answers.find((x) => x.text === key);
  if (!c || !answer) return undefined;
  return rankDistractors(a, c.sentence, answer, closeness, 8, { articleFree: true });
}

// A talk about a made-up town council: it names its concepts and defines none of them.
const talk = [
  'Our council began with a small experiment in the harbour district in the spring.',
  'The first thing we built is what we call the harbour ledger, an open record of every repair the council pays for.',
  'Residents then meet in something called the tide circle, where any neighbour may bring a proposal about the harbour.',
  'The kind of agreement we look for in the tide circle is called patient consensus.',
  'We also rely on the idea of repair credits, which neighbours earn by fixing shared boats.',
  'Volunteers keep the harbour ledger open on a screen in the market hall every Friday.',
  'A proposal that wins patient consensus goes straight to the council budget.',
  'Neighbours spend their repair credits at the boatyard during the winter months.',
  'The tide circle meets on the first Monday of every month in the old ferry station.',
  'What about the idea of quiet voting?',
  'Many visitors from other towns come to watch how the council works with its residents.',
  'Every large repair goes through what we call the boat audit before any money is spent.',
];

describe('named concepts of a talk are each other’s options', () => {
  it('finds the concepts a speaker names, not a question’s', () => {
    const a = analyse(talk);
    const names = namedTerms(a).map((n) => n.term.text.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining([
        'harbour ledger',
        'tide circle',
        'patient consensus',
        'repair credits',
      ]),
    );
    // The interviewer's "What about the idea of quiet voting?" asserts nothing.
    expect(names).not.toContain('quiet voting');
  });

  it('offers a named key the other named concepts, each of its own kind', () => {
    const a = analyse(talk);
    const d = distractorsFor(a, 'Volunteers keep the harbour ledger open', 'harbour ledger');
    expect(d).toBeDefined();
    const texts = d!.map((x) => x.text.toLowerCase());
    expect(texts).toEqual(
      expect.arrayContaining(['tide circle', 'patient consensus', 'boat audit']),
    );
    // No place, person or everyday word of the talk.
    for (const t of texts)
      expect(['market hall', 'council', 'friday', 'neighbours']).not.toContain(t);
    // A sentence that only names a concept says nothing about why it is not the answer
    // (rubric gate E; hold-out v5 grading): none is quoted.
    for (const x of d!.filter((y) => y.relation === 'kind'))
      expect(x.evidence?.text ?? '').not.toMatch(/call|idea of/);
  });

  it('never offers a concept the material writes in one sentence with the key (an alias)', () => {
    const a = analyse([...talk, 'The harbour ledger (or tide circle) is printed every week.']);
    const d = distractorsFor(a, 'Volunteers keep the harbour ledger open', 'harbour ledger');
    expect(d?.map((x) => x.text.toLowerCase()) ?? []).not.toContain('tide circle');
  });

  it('reads where a name starts after "what we call", "is called", "the idea of"', () => {
    const s = 'This is what we call the "open ledger", and it is called patient consensus.';
    const at = namingOffsets(s).map((x) => s.slice(x.at, x.at + 4));
    expect(at).toEqual(expect.arrayContaining(['open', 'pati']));
  });

  it('gives an English talk with named concepts a full multiple-choice quiz more often', async () => {
    const result = await createBuiltinGenerator().generate(docOf(talk), {
      questionCount: 3,
      questionTypes: ['multiple_choice'],
      difficulty: 'basic',
      language: 'en-US',
      seed: 5,
    });
    expect(result.questions.length).toBeGreaterThan(0);
    for (const q of result.questions) {
      const key = q.options!.find((o) => o.id === q.correctOptionId)!.text.toLowerCase();
      // The key is never visible in the stem.
      expect(q.question.toLowerCase().replace(/_+/g, '')).not.toContain(key);
    }
  });
});

describe('a sentence about the material’s own case is no definition', () => {
  it('does not offer "study" ("The study is an experiment") beside defined terms', () => {
    const a = analyse([
      'The study is an experiment, as patients were randomly assigned to two groups.',
      'A p-value is a probability that measures the evidence against the null hypothesis.',
      'The threshold is called the significance level.',
      'This summary value is often called the test statistic.',
      'The procedure would be referred to as a permutation test.',
      'In the final report, the p-value was compared with the threshold chosen before the data were collected.',
      'Researchers in the study compared the two groups with care.',
      'The study was run in three hospitals.',
    ]);
    const d = distractorsFor(a, 'would be referred to as', 'permutation test');
    expect(d).toBeDefined();
    const texts = d!.map((x) => x.text.toLowerCase());
    expect(texts).toEqual(
      expect.arrayContaining(['p-value', 'significance level', 'test statistic']),
    );
    expect(texts).not.toContain('study');
  });
});

describe('expert: NOT one of a counted list whose members share one head word', () => {
  const sampling = [
    'Here we consider four random sampling techniques: simple, stratified, cluster, and multistage sampling.',
    'In stratified sampling, the population is divided into groups called strata.',
    'In cluster sampling, we break the population into many groups, called clusters.',
    'Multistage sampling first samples clusters and then samples observations within them.',
    'A convenience sample is made of individuals who are easily accessible.',
    'Results from a convenience sample are hard to generalise to the whole population.',
    'Simple sampling gives every case the same chance of being chosen.',
  ];
  const ctxOf = (a: DocAnalysis): BuildContext => ({
    a,
    t: enTemplates,
    closeness: 1,
    blankOptions: 4,
    maxBlanks: 2,
    mcqLongest: { used: 0, max: 9 },
    usedKeys: new Set<string>(),
    allowReuse: false,
    blankLongest: { used: 0, max: 9 },
  });
  it('asks for the outsider of the material with the same head', () => {
    const a = analyse(sampling);
    const c = enumerationCandidates(a);
    expect(c).toHaveLength(1);
    const draft = c[0]!.build(ctxOf(a), 'multiple_choice', true);
    expect(draft).toBeDefined();
    expect(draft!.question).toMatch(/NOT one of the four random sampling techniques/);
    expect(draft!.keys).toEqual(['convenience sampling']);
    expect(draft!.choices).toHaveLength(4);
    for (const m of draft!.choices!.filter((x) => x !== 'convenience sampling'))
      expect([
        'simple sampling',
        'stratified sampling',
        'cluster sampling',
        'multistage sampling',
      ]).toContain(m);
  });
  it('writes none when every other such term is used with a member or the category', () => {
    const a = analyse([
      ...sampling.slice(0, 4),
      'Unlike stratified sampling, a convenience sample is made of individuals who are easily accessible.',
    ]);
    for (const c of enumerationCandidates(a))
      expect(c.build(ctxOf(a), 'multiple_choice', true)).toBeUndefined();
  });
  it('keeps looking past a counted phrase that is no list', () => {
    const a = analyse(['We met two variables: one was noisy.', ...sampling]);
    // The first sentence's header fails, the sampling list is still found.
    expect(enumerationCandidates(a)).toHaveLength(1);
  });
  it('is written by the generator at expert', async () => {
    const result = await createBuiltinGenerator().generate(docOf(sampling), {
      questionCount: 6,
      questionTypes: [...QUESTION_TYPES],
      difficulty: 'expert',
      language: 'en-US',
      seed: 3,
    });
    expect(
      result.questions.some((q) => /NOT one of the four random sampling/.test(q.question)),
    ).toBe(true);
  });
});

describe('a stem that cannot tell its key from others of its kind gets no options', () => {
  const studies = [
    'In the sex discrimination study, bank supervisors were asked to review personnel files.',
    'The opportunity cost study asked students whether they would buy a video.',
    'An observational study records what happens without assigning any treatment.',
    'The sex discrimination study found that files listed as male were promoted more often.',
    'The opportunity cost study randomly assigned students to a treatment group.',
    'An observational study cannot by itself show that one variable causes another.',
    'Before getting into the nuances of hypothesis testing, we work through another case study.',
    'Each case study in this chapter starts with a research question.',
  ];
  /** The options of `key` where the sentence holding `part` mentions it (cloze or not). */
  const optionsAt = (a: DocAnalysis, part: string, key: string) => {
    const sentence = a.sentences.find((x) => x.text.includes(part))!;
    const mention = sentence.mentions.find((m) => m.text === key)!;
    const answer = {
      kind: 'term' as const,
      text: mention.text,
      start: mention.start,
      end: mention.end,
      mention,
      term: a.terms.get(mention.key)!,
    };
    return rankDistractors(a, sentence, answer, 0.45, 8, { articleFree: true });
  };
  it('no blank right after "another"', () => {
    expect(optionsAt(analyse(studies), 'we work through another', 'case study')).toHaveLength(0);
    // The same sentence naming which study it means still gets its options.
    const named = studies.map((x) => x.replace('another case study', 'the first case study'));
    expect(
      optionsAt(analyse(named), 'we work through the first', 'case study').length,
    ).toBeGreaterThan(0);
  });
  it('no options in a sentence cut inside a quotation', () => {
    expect(
      englishStemDiscriminates('Public Code!” initiative, which was started in 2017, grew fast.', {
        start: 0,
        end: 11,
        kind: 'term',
      }),
    ).toBe(false);
    expect(
      englishStemDiscriminates('The “Public Code” initiative was started in 2017.', {
        start: 5,
        end: 17,
        kind: 'term',
      }),
    ).toBe(true);
  });
});

describe('a blank that only a pointer back introduces', () => {
  it('gets no options after "this idea of (a)"', () => {
    const pointer = (text: string) =>
      englishStemDiscriminates(text, {
        start: text.indexOf('randomization test'),
        end: text.indexOf('randomization test') + 'randomization test'.length,
        kind: 'term',
      });
    expect(pointer("Let's look more carefully at this idea of a randomization test.")).toBe(false);
    expect(pointer('A randomization test shuffles the group labels many times.')).toBe(true);
  });
});

describe('expert asks the NOT-one-of item first when the material has one', () => {
  it('is the first multiple-choice question (every seed)', async () => {
    const sampling = [
      'Here we consider four random sampling techniques: simple, stratified, cluster, and multistage sampling.',
      'In stratified sampling, the population is divided into groups called strata, and each stratum is sampled.',
      'In cluster sampling, we break the population into many groups, called clusters, and sample whole clusters.',
      'Multistage sampling first samples clusters and then samples observations within those clusters.',
      'Simple sampling gives every case in the population the same chance of being chosen for the sample.',
      'A convenience sample is made of individuals who are easily accessible to the researchers.',
      'Results from a convenience sample are hard to generalise to the whole population of interest.',
      'Random sampling techniques protect a study against the bias of a sample chosen by hand.',
      'Each of the random sampling techniques needs a list of the population before any case is chosen.',
      'The population, the sample and the sampling frame are the three things every survey names.',
      'A sampling frame lists the cases of the population from which the sample is drawn.',
      'Researchers compare the sample with the population to see whether the sample is representative.',
      // Many more sentences to choose from.
      ...['harbour', 'river', 'valley', 'market', 'station', 'college', 'factory', 'garden'].map(
        (place, i) =>
          `The ${place} survey of ${120 + i * 40} households used stratified sampling with ${3 + i} strata and a sampling frame from the census.`,
      ),
      ...['nurses', 'farmers', 'drivers', 'teachers', 'bakers', 'miners'].map(
        (group, i) =>
          `A cluster sampling study of ${group} chose ${4 + i} clusters before any random sample of cases was drawn.`,
      ),
    ];
    for (const seed of [1, 2, 3, 4, 5]) {
      // The first multiple-choice question an expert quiz of this material asks.
      const result = await createBuiltinGenerator().generate(docOf(sampling), {
        questionCount: 1,
        questionTypes: ['multiple_choice'],
        difficulty: 'expert',
        language: 'en-US',
        seed,
      });
      expect(
        result.questions.some((q) => /NOT one of the four random sampling/.test(q.question)),
      ).toBe(true);
    }
  });
});
