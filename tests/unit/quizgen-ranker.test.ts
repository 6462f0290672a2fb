import { describe, expect, it } from 'vitest';
import type { Draft } from '../../api/quizgen/builtin/draft.js';
import {
  acceptability,
  QUALITY_FEATURES,
  qualityFeatures,
  stemBody,
  type QualityItem,
} from '../../api/quizgen/builtin/quality-features.js';
import { QUALITY_MODEL } from '../../api/quizgen/builtin/quality-model.js';
import { draftQuality, pickRanked, RANK_WEIGHT_FLOOR } from '../../api/quizgen/builtin/rank.js';

/*
 * The learned acceptability ranker (decision 0051): one feature function for graded report
 * items and live drafts, a logistic model trained on the blind gradings in docs/quality.
 */
const feature = (item: QualityItem, name: (typeof QUALITY_FEATURES)[number]) =>
  qualityFeatures(item)[QUALITY_FEATURES.indexOf(name)];

const enCloze = (stem: string, key = 'trustee', distractors = ['debtor', 'creditor', 'court']) =>
  ({
    lang: 'en',
    type: 'multiple_choice',
    expert: false,
    question: `According to the material, which option best fills the blank? “${stem}”`,
    key,
    distractors,
  }) satisfies QualityItem;

describe('quality features', () => {
  it('gives one number per named feature, the model as many weights', () => {
    expect(qualityFeatures(enCloze('The _____ reviews every plan.'))).toHaveLength(
      QUALITY_FEATURES.length,
    );
    expect(QUALITY_MODEL.features).toEqual([...QUALITY_FEATURES]);
    expect(QUALITY_MODEL.weights).toHaveLength(QUALITY_FEATURES.length);
  });

  it('reads the quoted stem out of the template words (en and zh)', () => {
    expect(stemBody('True or false, according to the material: “The sky is blue.”')).toBe(
      'The sky is blue.',
    );
    expect(stemBody('依據教材，判斷下列敘述是否正確：「這個制度在二〇一六年開始。」')).toBe(
      '這個制度在二〇一六年開始。',
    );
  });

  it('marks a stem led by a pronoun or demonstrative, not one led by its subject', () => {
    expect(
      feature(enCloze('This _____ does not create additional rights.'), 'stem_leads_referent'),
    ).toBe(1);
    expect(feature(enCloze('They said the _____ must review it.'), 'stem_leads_referent')).toBe(1);
    expect(feature(enCloze('The handbook says the _____ reviews it.'), 'stem_leads_referent')).toBe(
      0,
    );
    // "It is important to …" is a construction, not a pointer back.
    expect(feature(enCloze('It is important to ask the _____ first.'), 'stem_leads_referent')).toBe(
      0,
    );
    const zh: QualityItem = {
      lang: 'zh',
      type: 'short_answer',
      expert: false,
      question: '請依據教材，寫出空格中的詞語：「這個_____是從裡面來的。」',
      key: '答案',
      distractors: [],
    };
    expect(feature(zh, 'stem_leads_referent')).toBe(1);
    expect(
      feature(
        { ...zh, question: '請依據教材，寫出空格中的詞語：「新課綱的_____是從裡面來的。」' },
        'stem_leads_referent',
      ),
    ).toBe(0);
  });

  it('measures whether the distractors are of the key’s kind', () => {
    const numbers = enCloze('The threshold is _____ of people.', '90 percent', [
      '80 percent',
      '95 percent',
      '70 percent',
    ]);
    const words = enCloze('The threshold is _____ of people.', '90 percent', [
      'credit',
      'ling',
      'quarter',
    ]);
    expect(feature(numbers, 'key_number')).toBe(1);
    expect(feature(numbers, 'distractor_kind_agree')).toBe(1);
    expect(feature(words, 'distractor_kind_agree')).toBe(0);
    expect(feature(words, 'distractor_len_ratio')).toBeGreaterThan(
      feature(numbers, 'distractor_len_ratio')!,
    );
  });

  it('sees a stem cut off before its end', () => {
    expect(feature(enCloze('The trustee reviews the _____ every'), 'stem_unfinished')).toBe(1);
    expect(feature(enCloze('The trustee reviews the _____ every year.'), 'stem_unfinished')).toBe(
      0,
    );
  });
});

describe('the trained model', () => {
  it('prefers a contextful stem over a pronoun-led one', () => {
    const contextful = enCloze('The handbook says the _____ reviews each plan.');
    const pronoun = enCloze('This says that the _____ reviews each plan too.');
    expect(acceptability(QUALITY_MODEL, contextful)).toBeGreaterThan(
      acceptability(QUALITY_MODEL, pronoun),
    );
  });

  it('prefers distractors of the key’s kind and length', () => {
    const same = enCloze('The threshold is _____ of the people.', '90 percent', [
      '80 percent',
      '95 percent',
      '70 percent',
    ]);
    const pool = enCloze('The threshold is _____ of the people.', '90 percent', [
      'credit',
      'convergent boundary',
      'ling',
    ]);
    expect(acceptability(QUALITY_MODEL, same)).toBeGreaterThan(acceptability(QUALITY_MODEL, pool));
  });
});

describe('ranked choice among drafts that passed every check', () => {
  const draft = (question: string, choices: string[], type: Draft['type'] = 'multiple_choice') =>
    ({ type, question, choices, keys: [choices[0]!] }) as unknown as Draft;
  const good = draft(
    'According to the material, which option best fills the blank? “The threshold is _____ of the people.”',
    ['90 percent', '80 percent', '95 percent', '70 percent'],
  );
  const poor = draft(
    'According to the material, which option best fills the blank? “This is a(n) _____ from Mandarin”',
    ['translation', 'convergent boundary', 'credit', 'ling'],
  );

  it('takes the likelier acceptable of near-equal weights', () => {
    expect(
      pickRanked(
        [
          { draft: poor, now: 1 },
          { draft: good, now: 0.9 },
        ],
        'en',
        false,
      )?.draft,
    ).toBe(good);
  });

  it('never lets the model pull in a draft weighing far less', () => {
    const now = RANK_WEIGHT_FLOOR / 2;
    expect(
      pickRanked(
        [
          { draft: poor, now: 1 },
          { draft: good, now },
        ],
        'en',
        false,
      )?.draft,
    ).toBe(poor);
  });

  it('orders only drafts of one kind (what each difficulty prefers to ask stays its own)', () => {
    expect(
      pickRanked(
        [
          { draft: poor, now: 1, kind: 'term' },
          { draft: good, now: 1, kind: 'number' },
        ],
        'en',
        false,
      )?.draft,
    ).toBe(poor);
  });

  it('leaves zh short answers in weight order (no signal there in cross-validation)', () => {
    const zhA = draft('請依據教材，寫出空格中的詞語：「這個_____」', ['甲'], 'short_answer');
    const zhB = draft(
      '請依據教材，寫出空格中的詞語：「新課綱的_____是從裡面來的。」',
      ['乙'],
      'short_answer',
    );
    expect(
      pickRanked(
        [
          { draft: zhA, now: 1 },
          { draft: zhB, now: 1 },
        ],
        'zh',
        false,
      )?.draft,
    ).toBe(zhA);
  });

  it('reads a draft as a report shows it: key first, the rest distractors', () => {
    expect(draftQuality(good, 'en', true)).toMatchObject({
      key: '90 percent',
      distractors: ['80 percent', '95 percent', '70 percent'],
      expert: true,
    });
  });
});
