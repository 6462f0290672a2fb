import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import {
  checkAnswerQuality,
  checkCitation,
  checkDistinctFacts,
  checkKeyLongest,
  checkKeyPositions,
  checkLanguageNotice,
  checkOptions,
  checkQuestionCount,
  checkQuiz,
  checkScript,
  checkSpread,
  checkTrueFalseBalance,
} from '../../api/quizgen/checks.js';
import type { GeneratedQuestion, GenerateResult, QuizSettings } from '../../api/quizgen/types.js';

// Four paragraphs of the US Constitution (Traditional Chinese, corpus file), one per quarter.
const paragraphs = [
  '本憲法所授予的全部立法權均屬於由參議院和眾議院組成的合眾國國會。',
  '眾議院由各州人民每兩年選舉產生的眾議員組成。',
  '合眾國副總統任參議院議長，但無表決權，除非參議員投票時贊成票和反對票相等時。',
  '合眾國的司法權屬於最高法院和國會不時委任和設立的下級法院。',
];
const doc: ExtractedDocument = {
  language: 'zh-TW',
  warnings: [],
  blocks: paragraphs.map((text, i) => ({
    fileId: 'f1',
    text,
    location: { kind: 'paragraph', index: i + 1 },
  })),
};
const settings: QuizSettings = {
  questionCount: 4,
  questionTypes: ['multiple_choice', 'true_false'],
  difficulty: 'basic',
  language: 'zh-TW',
};

function mcq(i: number, keyAt: number, options: string[], key: string): GeneratedQuestion {
  const texts = [...options];
  texts.splice(keyAt, 0, key);
  return {
    id: `q${i}`,
    type: 'multiple_choice',
    question: `依據教材，下列何者最適合填入空格？「${paragraphs[i]!.replace(key, '_____')}」`,
    options: texts.map((text, j) => ({ id: 'abcd'[j]!, text })),
    correctOptionId: 'abcd'[keyAt]!,
    explanation: `教材寫道：「${paragraphs[i]}」`,
    relatedConcepts: [key],
    citation: {
      fileId: 'f1',
      quote: paragraphs[i]!,
      location: { kind: 'paragraph', index: i + 1 },
    },
  };
}

const good: GeneratedQuestion[] = [
  mcq(0, 0, ['眾議院', '最高法院', '總統'], '國會'),
  mcq(1, 1, ['參議院', '最高法院', '國會'], '眾議院'),
  mcq(2, 2, ['眾議院議長', '總統', '國會'], '參議院議長'),
  mcq(3, 3, ['參議院', '國會', '眾議院'], '最高法院'),
];
const result = (
  questions: GeneratedQuestion[],
  notices: GenerateResult['notices'] = [],
): GenerateResult => ({
  questions,
  notices,
  generator: 'builtin',
});

describe('quiz checks', () => {
  it('pass a well-formed quiz', () => {
    expect(checkQuiz(doc, settings, result(good))).toEqual([]);
  });

  it('want the requested count, or fewer with a notice saying how many', () => {
    expect(checkQuestionCount(result(good.slice(0, 3)), 4)).toHaveLength(1);
    const notice = { code: 'NOT_ENOUGH_MATERIAL', params: { requested: 4, produced: 3 } };
    expect(checkQuestionCount(result(good.slice(0, 3), [notice]), 4)).toEqual([]);
  });

  it('want four distinct options and exactly one key', () => {
    const three = { ...good[0]!, options: good[0]!.options!.slice(0, 3) };
    const repeated = {
      ...good[0]!,
      options: good[0]!.options!.map((o) => ({ ...o, text: '國會' })),
    };
    const noKey = { ...good[0]!, correctOptionId: 'z' };
    expect(checkOptions(three, 'zh-TW').map((f) => f.check)).toContain('mcq-options');
    expect(checkOptions(repeated, 'zh-TW').map((f) => f.check)).toContain('mcq-options');
    expect(checkOptions(noKey, 'zh-TW').map((f) => f.check)).toContain('mcq-key');
  });

  it('want true/false options in the quiz language', () => {
    const tf: GeneratedQuestion = {
      ...good[0]!,
      type: 'true_false',
      options: [
        { id: 'true', text: 'True' },
        { id: 'false', text: 'False' },
      ],
      correctOptionId: 'true',
    };
    expect(checkOptions(tf, 'zh-TW')).toHaveLength(1);
    expect(checkOptions(tf, 'en-US')).toEqual([]);
  });

  it('want one blank marker per blank and 3–4 options each', () => {
    const dd: GeneratedQuestion = {
      ...good[0]!,
      type: 'dropdown_fill_in_blank',
      options: undefined,
      correctOptionId: undefined,
      question: '「_____由參議院和_____組成」',
      blanks: [{ id: 'b1', options: good[0]!.options!, correctOptionId: 'a' }],
    };
    expect(checkOptions(dd, 'zh-TW').map((f) => f.check)).toEqual(['blanks']);
  });

  it('want the key positions dealt evenly', () => {
    const allA = good.map((q, i) =>
      mcq(
        i,
        0,
        q.options!.filter((o) => o.id !== q.correctOptionId).map((o) => o.text),
        q.options!.find((o) => o.id === q.correctOptionId)!.text,
      ),
    );
    expect(checkKeyPositions(good)).toEqual([]);
    expect(checkKeyPositions(allA)).toHaveLength(1);
  });

  it('want the key to be the longest option in at most about a third of the items', () => {
    const longest = paragraphs.map((_, i) => mcq(i, i % 4, ['甲', '乙', '丙'], '最長的選項'));
    expect(checkKeyLongest(longest)).toHaveLength(1);
    expect(checkKeyLongest(good)).toEqual([]);
  });

  it('want true/false keys 40–60% true', () => {
    const tf = (i: number, truth: boolean): GeneratedQuestion => ({
      ...good[i % 4]!,
      id: `t${i}`,
      type: 'true_false',
      options: [
        { id: 'true', text: '正確' },
        { id: 'false', text: '錯誤' },
      ],
      correctOptionId: truth ? 'true' : 'false',
    });
    expect(checkTrueFalseBalance([0, 1, 2, 3, 4].map((i) => tf(i, true)))).toHaveLength(1);
    expect(checkTrueFalseBalance([0, 1, 2, 3, 4].map((i) => tf(i, i % 2 === 0)))).toEqual([]);
  });

  it('reject two questions on the same fact', () => {
    expect(checkDistinctFacts([good[0]!, { ...good[0]!, id: 'q9' }])).toHaveLength(1);
    expect(checkDistinctFacts(good)).toEqual([]);
  });

  it('want the quiz spread over the document, not its first quarter', () => {
    const firstOnly = [0, 1, 2, 3].map((i) => ({ ...good[0]!, id: `q${i}` }));
    expect(checkSpread(firstOnly, doc)).toHaveLength(1);
    expect(checkSpread(good, doc)).toEqual([]);
  });

  it('want every citation quoted verbatim at its location', () => {
    const moved = {
      ...good[0]!,
      citation: { ...good[0]!.citation, location: { kind: 'paragraph' as const, index: 2 } },
    };
    expect(checkCitation(moved, doc)).toHaveLength(1);
    expect(checkCitation(good[0]!, doc)).toEqual([]);
  });

  it('want zh-TW quizzes in Traditional characters only', () => {
    const simplified = { ...good[0]!, explanation: '教材写道：国会' };
    expect(checkScript(simplified, 'zh-TW')).toHaveLength(1);
    expect(checkScript(simplified, 'en-US')).toEqual([]);
  });

  it('reject keys that are stopwords, page numbers or visible in the stem', () => {
    const stop = mcq(0, 0, ['參議院', '最高法院', '總統'], '的');
    const page = mcq(0, 0, ['參議院', '最高法院', '總統'], '12');
    const visible = { ...good[0]!, question: good[0]!.question.replace('_____', '國會') };
    expect(checkAnswerQuality(stop)).toHaveLength(1);
    expect(checkAnswerQuality(page)).toHaveLength(1);
    expect(checkAnswerQuality(visible).map((f) => f.check)).toEqual(['giveaway']);
  });

  it('want a language notice when the quiz language differs from the material', () => {
    const en = { ...settings, language: 'en-US' as const };
    expect(checkLanguageNotice(result(good), doc, en)).toHaveLength(1);
    expect(checkLanguageNotice(result(good, [{ code: 'LANGUAGE_MISMATCH' }]), doc, en)).toEqual([]);
  });
});
