import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import { figureShape, plausibleFigures } from '../../api/quizgen/builtin/build-choice.js';
import { createBuiltinGenerator, withinTrueFalseSplit } from '../../api/quizgen/builtin/index.js';
import {
  isQuestionSentence,
  lacksFiniteVerb,
  looksLikeHeading,
  pointsAway,
  startsMidClause,
  talksAboutTheBook,
} from '../../api/quizgen/builtin/material/statement-shape.js';
import { sameConcept } from '../../api/quizgen/builtin/select.js';
import { checkQuiz, keyTexts } from '../../api/quizgen/checks.js';
import {
  QUESTION_TYPES,
  type GeneratedQuestion,
  type QuizSettings,
} from '../../api/quizgen/types.js';

/** A small chapter: headings as paragraphs, a callout title, cross-references, one concept asked in many sentences. */
const chapter: Array<{ text: string; heading: string[] }> = [
  { text: 'Variables and their kinds', heading: ['Variables and their kinds'] },
  {
    text: 'A categorical variable takes values that are categories, such as a state or a blood type.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'Because the responses are categories, state is called a categorical variable in the county dataset.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'A numerical variable can take a wide range of numerical values, and it is sensible to add or average them.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'This variable is a hybrid: it is a categorical variable, but its levels have a natural ordering.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'Computing expected counts in a two-way table.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'The expected count of a cell is the row total times the column total divided by the table total.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'Section the section also provides the chi-squared statistic for larger tables with many cells.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'In the next chapter you will learn how researchers design studies that collect such data.',
    heading: ['Variables and their kinds'],
  },
  {
    text: 'The chi-squared statistic sums the squared differences between observed and expected counts, each divided by the expected count.',
    heading: ['Testing independence'],
  },
  {
    text: 'A large chi-squared statistic is evidence against the null hypothesis of independence between the two variables.',
    heading: ['Testing independence'],
  },
  {
    text: 'The chi-squared statistic follows a chi-squared distribution when each expected count is at least 5.',
    heading: ['Testing independence'],
  },
  {
    text: 'The degrees of freedom of a two-way table are the number of rows minus one times the number of columns minus one.',
    heading: ['Testing independence'],
  },
  {
    text: 'A p-value below the significance level of 0.05 leads researchers to reject the null hypothesis.',
    heading: ['Testing independence'],
  },
  {
    text: 'In the stent study, 20% of the treatment group had a stroke within 365 days, against 12% of the control group.',
    heading: ['Testing independence'],
  },
  {
    text: 'The response variable is the variable that the explanatory variable might affect in a study.',
    heading: ['Testing independence'],
  },
  {
    text: 'When researchers assign treatments to cases, the study is an experiment rather than an observational study.',
    heading: ['Testing independence'],
  },
  {
    text: 'Random assignment balances the groups, so an experiment can show a causal connection between the variables.',
    heading: ['Testing independence'],
  },
];

const docOf = (): ExtractedDocument => ({
  language: 'en',
  warnings: [],
  blocks: chapter.map((b, i) => ({
    fileId: 'ch',
    text: b.text,
    location: { kind: 'paragraph', index: i + 1, headingPath: b.heading },
  })),
});

describe('quiz-level round 4: keys, statements, figures', () => {
  it('takes two wordings of one key for one concept, and a longer term for another', () => {
    expect(sameConcept('categorical variable', 'categorical variables')).toBe(true);
    expect(sameConcept('the response variable', 'Response variable')).toBe(true);
    expect(sameConcept('test statistic', 'the test statistic value')).toBe(true);
    expect(sameConcept('45%', '45 percent')).toBe(true);
    expect(sameConcept('variable', 'categorical variable')).toBe(false);
    expect(sameConcept('p-value', 'significance level')).toBe(false);
    expect(sameConcept('數位韌性', '數位韌性法')).toBe(true);
    expect(sameConcept('韌性', '數位韌性')).toBe(false);
  });

  it('never asks one visible key twice in a quiz, at any level and seed, and says so when short', async () => {
    const generator = createBuiltinGenerator();
    const doc = docOf();
    for (const difficulty of ['basic', 'expert'] as const)
      for (const seed of [1, 2, 3]) {
        const settings: QuizSettings = {
          questionCount: 12,
          questionTypes: [...QUESTION_TYPES],
          difficulty,
          language: 'en-US',
          seed,
        };
        const result = await generator.generate(doc, settings);
        expect(checkQuiz(doc, settings, result)).toEqual([]);
        const keys = result.questions.flatMap((q) => keyTexts(q));
        for (let i = 0; i < keys.length; i++)
          for (let j = i + 1; j < keys.length; j++)
            expect(sameConcept(keys[i]!, keys[j]!), `${keys[i]} / ${keys[j]}`).toBe(false);
        if (result.questions.length < settings.questionCount)
          expect(result.notices.map((n) => n.code)).toContain('NOT_ENOUGH_MATERIAL');
      }
  });

  it('never makes a heading, a cross-reference or a note about the book a stem or statement', async () => {
    const generator = createBuiltinGenerator();
    const doc = docOf();
    const banned = [
      'Computing expected counts',
      'Section the section',
      'In the next chapter',
      'Variables and their kinds',
    ];
    for (const seed of [1, 2, 3, 4]) {
      const result = await generator.generate(doc, {
        questionCount: 10,
        questionTypes: [...QUESTION_TYPES],
        difficulty: 'expert',
        language: 'en-US',
        seed,
      });
      for (const q of result.questions)
        for (const b of banned) {
          expect(q.question).not.toContain(b);
          expect(q.citation.quote).not.toContain(b);
        }
    }
    const a = analyseDocument(doc, () => {});
    const usable = a.sentences.filter((s) => s.usable).map((s) => s.text);
    expect(usable.some((t) => t.startsWith('Computing expected counts'))).toBe(false);
    expect(usable.some((t) => t.startsWith('The expected count of a cell'))).toBe(true);
  });

  it('tells a claim from a heading, a pointer, a question and a cut-off piece', () => {
    expect(
      looksLikeHeading(
        'Computing expected counts in a two-way table.',
        'Computing expected counts in a two-way table.',
      ),
    ).toBe(true);
    expect(
      looksLikeHeading(
        'Using a significance level of 0.05, we reject it.',
        'Using a significance level of 0.05, we reject it.',
      ),
    ).toBe(false);
    expect(
      looksLikeHeading(
        'Checking Conditions For The Chi Squared Test',
        'Checking Conditions For The Chi Squared Test',
      ),
    ).toBe(true);
    expect(pointsAway('Section the section also provides more detail.', 'en')).toBe(true);
    expect(pointsAway('The figure highlights both the shuffle and the reallocation.', 'en')).toBe(
      true,
    );
    expect(pointsAway('As shown below, the groups differ.', 'en')).toBe(true);
    expect(talksAboutTheBook('Throughout the book so far, you have worked with data.', 'en')).toBe(
      true,
    );
    expect(
      talksAboutTheBook('In the next chapter you will learn how to design studies.', 'en'),
    ).toBe(true);
    expect(
      talksAboutTheBook('A hypothesis test evaluates competing claims using data.', 'en'),
    ).toBe(false);
    expect(pointsAway('A two-way table summarizes two categorical variables.', 'en')).toBe(false);
    expect(pointsAway('如上所述，政府網站應該整合。', 'zh')).toBe(true);
    expect(pointsAway('本章介紹數位韌性的三個面向。', 'zh')).toBe(true);
    expect(pointsAway('數位韌性是社會面對攻擊時的復原能力。', 'zh')).toBe(false);
    expect(isQuestionSentence('那你覺得這個制度有用嗎。', 'zh')).toBe(true);
    expect(isQuestionSentence('這個制度已經實施三年。', 'zh')).toBe(false);
    expect(isQuestionSentence('Does the use of stents reduce the risk of stroke?', 'en')).toBe(
      true,
    );
    expect(
      startsMidClause(
        'the proportion of\nPatients who had a stroke.',
        18,
        'Patients who had a stroke.',
        'en',
      ),
    ).toBe(true);
    expect(
      startsMidClause(
        'It ended.\nPatients who had a stroke.',
        10,
        'Patients who had a stroke.',
        'en',
      ),
    ).toBe(false);
    expect(
      startsMidClause('x', 0, 'And so on until we repeat the simulation many times.', 'en'),
    ).toBe(true);
    expect(
      startsMidClause('我們的政府網站\n分散在十七個部會。', 8, '分散在十七個部會。', 'zh'),
    ).toBe(true);
    expect(lacksFiniteVerb('Explanatory and response variables of the county dataset.')).toBe(true);
    expect(lacksFiniteVerb('Researchers studied the effect of stents at two time points.')).toBe(
      false,
    );
    expect(lacksFiniteVerb('The variables sex and decision are independent of each other.')).toBe(
      false,
    );
  });

  it('offers a figure among figures written like it and near it', () => {
    const d = (text: string, stated = true) => ({ text, relation: 'number' as const, stated });
    const picked = plausibleFigures({ value: 8, text: '8%' }, [
      d('12%'),
      d('20%'),
      d('50%'),
      d('16%', false),
      d('4%', false),
      d('9%', false),
    ]).slice(0, 3);
    expect(picked.map((x) => x.text)).not.toContain('50%');
    expect(figureShape(29.2, '29.2%')).toBe('d1');
    expect(figureShape(35, '35%')).toBe('round');
    expect(figureShape(37, '37%')).toBe('exact');
    const exact = plausibleFigures({ value: 37, text: '37%' }, [
      d('40%'),
      d('50%'),
      d('30%'),
      d('47%', false),
      d('27%', false),
      d('42%', false),
    ]);
    expect(exact.slice(0, 3).map((x) => x.text)).toEqual(['47%', '27%', '42%']);
  });
});

describe('a statement dropped after balancing leaves no lopsided split', () => {
  const statement = (id: string, truth: boolean): GeneratedQuestion => ({
    id,
    type: 'true_false',
    question: `Statement ${id}.`,
    explanation: '',
    relatedConcepts: [],
    citation: { fileId: 'f', location: { kind: 'paragraph', index: 1 }, quote: '' },
    options: [
      { id: 'true', text: 'True' },
      { id: 'false', text: 'False' },
    ],
    correctOptionId: truth ? 'true' : 'false',
  });
  it('drops the last statements of the surplus truth until 20–80%', () => {
    const quiz = [true, true, false, true, true, true].map((t, i) => statement(`q${i + 1}`, t));
    const kept = withinTrueFalseSplit(quiz);
    expect(kept.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(withinTrueFalseSplit(kept)).toEqual(kept);
  });
  it('keeps a short or balanced set as it is', () => {
    const few = [true, true, true, false].map((t, i) => statement(`q${i + 1}`, t));
    expect(withinTrueFalseSplit(few)).toEqual(few);
  });
});
