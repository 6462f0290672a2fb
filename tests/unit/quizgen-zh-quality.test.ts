import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import { closeExtractionWorkers } from '../../api/extract/run-in-worker.js';
import { sniffKind } from '../../api/extract/sniff.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import { materialAliases } from '../../api/quizgen/builtin/answers.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { materialLanguage } from '../../api/quizgen/builtin/material/language.js';
import { planSlots } from '../../api/quizgen/builtin/select.js';
import { acceptedAnswers } from '../../api/quizgen/builtin/variants.js';
import {
  dottedFragment,
  fitsLocalFrame,
  sameEntity,
  typedZhDistractors,
  verifiedKind,
} from '../../api/quizgen/builtin/zh-distractors.js';
import { sentenceKind } from '../../api/quizgen/builtin/material/sentence-kinds.js';
import { isAskableZh, isGluedCount, isTypeableZh } from '../../api/quizgen/builtin/zh-keys.js';
import { checkQuiz } from '../../api/quizgen/checks.js';
import { simplifiedOnlyChars } from '../../api/quizgen/text/chinese-script.js';
import {
  QUESTION_TYPES,
  type GeneratedQuestion,
  type QuizSettings,
} from '../../api/quizgen/types.js';
import { shortAnswerMatches } from '../../api/scoring/short-answer.js';
import { CORPUS_DIR, STUDY_CORPUS_DIR } from '../support/study-documents.js';

/*
 * Chinese question quality and the type mix (issue 16, helper Q2 of session 7): each failure
 * class the blind graders quoted on 2026-11-27 is pinned here on the development documents
 * (and the v1 hold-out column, development material since that measurement).
 */

const generator = createBuiltinGenerator();
let resilience: ExtractedDocument;
let column: ExtractedDocument;

async function extract(file: string): Promise<ExtractedDocument> {
  const fileName = path.basename(file);
  const kind = await sniffKind(file, fileName);
  return extractDocument([{ fileId: fileName, path: file, fileName, kind }]);
}

beforeAll(async () => {
  resilience = await extract(
    path.join(STUDY_CORPUS_DIR, 'transcripts/zh_digital_resilience_talk.md'),
  );
  column = await extract(path.join(CORPUS_DIR, 'md/zh_audrey_tang_2025_ai_safety_column.md'));
}, 120_000);
afterAll(() => closeExtractionWorkers());

const settings = (over: Partial<QuizSettings> = {}): QuizSettings => ({
  questionCount: 10,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'zh-TW',
  seed: 7,
  ...over,
});

/** A term of the analysed material by its text. */
function term(a: ReturnType<typeof analyseDocument>, text: string) {
  const found = [...a.terms.values()].find((t) => t.text === text);
  if (!found) throw new Error(`no term ${text}`);
  return found;
}

function statementText(q: GeneratedQuestion): string {
  return q.question;
}

describe('Chinese terms and distractors are typed', () => {
  it('does not trust jieba name tags on common words (榮譽, 高昂, 青少年, 普及, 上路)', () => {
    const a = analyseDocument(column, () => {});
    // 高昂 and 青少年 are tagged nr (person) by jieba; neither is a person's name.
    expect(term(a, '青少年').kind).toBe('person');
    expect(verifiedKind(a, { text: '青少年', kind: 'person' })).toBe('term');
    expect(verifiedKind(a, { text: '高昂', kind: 'person' })).toBe('term');
    expect(verifiedKind(a, { text: '榮譽', kind: 'person' })).toBe('term');
    expect(verifiedKind(a, { text: '普及', kind: 'place' })).toBe('term');
    expect(verifiedKind(a, { text: '上路', kind: 'place' })).toBe('term');
    // Real names keep their kind.
    expect(verifiedKind(a, { text: '約翰', kind: 'person' })).toBe('person');
    expect(verifiedKind(a, { text: '亞洲', kind: 'place' })).toBe('place');
    expect(verifiedKind(a, { text: '愛沙尼亞', kind: 'place' })).toBe('place');
  });

  it('never offers a "person" beside a common noun, nor a word of another length class', () => {
    const a = analyseDocument(column, () => {});
    const key = term(a, '青少年');
    const s = a.sentences.find((x) => x.text.includes('青少年'))!;
    const at = s.text.indexOf('青少年');
    const answer = {
      kind: 'term' as const,
      text: '青少年',
      start: at,
      end: at + 3,
      mention: s.mentions.find((m) => m.text === '青少年')!,
      term: key,
    };
    const kept = typedZhDistractors(a, answer, [
      { text: '約翰', relation: 'kind' },
      { text: '高昂', relation: 'kind' },
    ]);
    expect(kept).toEqual([]);
  });

  it('asks no blank on filler, glued words, determiners or a small count (大家, 上有, 整個社會, 一次)', () => {
    const a = analyseDocument(resilience, () => {});
    const t = term(a, '數位發展部');
    const answer = (text: string) =>
      ({ kind: 'term', text, start: 0, end: text.length, mention: undefined, term: t }) as never;
    expect(isAskableZh(answer('大家'))).toBe(false);
    expect(isAskableZh(answer('接下來'))).toBe(false);
    expect(isAskableZh(answer('上有'))).toBe(false);
    expect(isAskableZh(answer('整個社會'))).toBe(false);
    expect(isAskableZh(answer('數位發展部'))).toBe(true);
    const count = (text: string, value: number, unit: string) =>
      ({
        kind: 'number',
        text,
        start: 0,
        end: text.length,
        number: { text, start: 0, end: text.length, value, unit, style: 'chinese', ordinal: false },
      }) as never;
    expect(isAskableZh(count('一次', 1, '次'))).toBe(false);
    expect(isAskableZh(count('一天', 1, '天'))).toBe(false);
    expect(isAskableZh(count('三個', 3, '個'))).toBe(false);
    expect(isAskableZh(count('五千人', 5000, '人'))).toBe(true);
    expect(isAskableZh(count('二十五歲', 25, '歲'))).toBe(true);
  });
});

describe('Chinese options of one kind and one answer', () => {
  it('reads no place into a common word (倫理) or a phrase around a place (關心臺灣)', () => {
    const a = analyseDocument(resilience, () => {});
    expect(verifiedKind(a, { text: '倫理', kind: 'place' })).toBe('term');
    expect(verifiedKind(a, { text: '關心臺灣', kind: 'place' })).toBe('term');
    expect(verifiedKind(a, { text: '塔林', kind: 'place' })).toBe('place');
    expect(verifiedKind(a, { text: '登山', kind: 'place' })).toBe('term');
  });

  it('offers no second short form of the key (數位部 beside 數發部)', () => {
    const a = analyseDocument(resilience, () => {});
    expect(sameEntity(a, '數位部', '數發部')).toBe(true);
    expect(sameEntity(a, '數位部', '數位發展部')).toBe(true);
    expect(sameEntity(a, '數位部', '經濟部')).toBe(false);
  });

  it('asks no lower-case English gloss or speaker numbering in Chinese text', () => {
    const a = analyseDocument(resilience, () => {});
    const t = term(a, '數位發展部');
    const word = (text: string) =>
      ({ kind: 'term', text, start: 0, end: text.length, mention: undefined, term: t }) as never;
    expect(isAskableZh(word('department'))).toBe(false);
    expect(isAskableZh(word('NFT'))).toBe(true);
    const ordinal = (text: string, value: number, unit: string) =>
      ({
        kind: 'number',
        text,
        start: 0,
        end: text.length,
        number: { text, start: 0, end: text.length, value, unit, style: 'chinese', ordinal: true },
      }) as never;
    expect(isAskableZh(ordinal('第三個', 3, '個'))).toBe(false);
    expect(isAskableZh(ordinal('第二次', 2, '次'))).toBe(false);
    expect(isAskableZh(ordinal('第一條', 1, '條'))).toBe(true);
  });

  it('offers no fragment of a dotted name (Pol of Pol.is, sli of sli.do)', () => {
    const doc: ExtractedDocument = {
      language: 'zh-TW',
      warnings: [],
      blocks: [
        {
          fileId: 'f',
          text: '我們用 Pol.is 收集意見，也用 sli.do 提問，Join 平台則是連署的地方。',
          location: { kind: 'paragraph', index: 0 },
        },
      ],
    };
    const a = analyseDocument(doc, () => {});
    expect(dottedFragment(a, 'Pol')).toBe(true);
    expect(dottedFragment(a, 'sli')).toBe(true);
    expect(dottedFragment(a, 'Join')).toBe(false);
  });

  it('keeps a transcript page notice out of the study text', () => {
    expect(
      sentenceKind(
        '🌐此為逐字稿共筆頁面，如有任何欲調整自己發言之文字，敬請直接點選於此頁面左上方圖示「筆」進行編修。',
        'zh',
      ),
    ).toBe('note');
  });
});

describe('counts and names that are not facts', () => {
  it('does not read a common word jieba knows as a name (向前走) as a person', () => {
    const a = analyseDocument(resilience, () => {});
    expect(verifiedKind(a, { text: '向前走', kind: 'person' })).toBe('term');
    expect(verifiedKind(a, { text: '陳泉錫', kind: 'person' })).toBe('person');
  });

  it('treats a count glued into a word (二元關係, 兩秒鐘) as no fact, 八個月 as one', () => {
    const count = (text: string, start: number, unit: string, value: number) =>
      ({
        kind: 'number',
        text,
        start,
        end: start + text.length,
        number: {
          text,
          start,
          end: start + text.length,
          value,
          unit,
          style: 'chinese',
          ordinal: false,
        },
      }) as never;
    expect(isGluedCount('個人二元關係中', count('二元', 2, '元', 2))).toBe(true);
    expect(isGluedCount('只要兩秒鐘，', count('兩秒', 2, '秒', 2))).toBe(true);
    expect(isGluedCount('歷經八個月研發', count('八個', 2, '個', 8))).toBe(false);
    expect(isGluedCount('要到五千人，這', count('五千人', 2, '人', 5000))).toBe(false);
    // 一、兩秒: a rough range, changing it writes 「一、三秒」.
    expect(isGluedCount('非常多一、兩秒的橋段', count('兩秒', 5, '秒', 2))).toBe(true);
  });
});

describe('true/false statements contradict the source on a checkable point', () => {
  it('does not swap a word into a nonsense compound (成本高昂 → 成本青少年)', () => {
    const a = analyseDocument(column, () => {});
    const s = a.sentences.find((x) => x.text.includes('成本高昂'))!;
    const at = s.text.indexOf('高昂');
    expect(fitsLocalFrame(a, s, { start: at, end: at + 2 }, '青少年')).toBe(false);
  });

  it('writes no garbled false statement on the column and the talk (three seeds)', async () => {
    for (const seed of [7, 11, 23])
      for (const doc of [column, resilience]) {
        const quiz = await generator.generate(doc, settings({ seed }));
        const statements = quiz.questions.filter((q) => q.type === 'true_false');
        for (const q of statements) {
          expect(statementText(q)).not.toContain('成本青少年');
          expect(statementText(q)).not.toContain('每個瞭解');
          expect(statementText(q)).not.toContain('單位時間在自己');
          // A place moved into a causal statement may be true too (no ties with the US).
          expect(statementText(q)).not.toMatch(/跟(?:臺灣|台北|美國)沒有邦交/);
        }
      }
  }, 60_000);
});

describe('short answers accept what a teacher would, and nothing wrong', () => {
  it('lists Traditional forms only, 臺/台 both, and the noun without a generic determiner', () => {
    const taiwan = acceptedAnswers({ kind: 'term', text: '臺灣' });
    expect(taiwan).toEqual(expect.arrayContaining(['臺灣', '台灣']));
    const industry = acceptedAnswers({ kind: 'term', text: '整個產業' });
    expect(industry).toEqual(expect.arrayContaining(['整個產業', '產業']));
    for (const form of [...taiwan, ...industry, ...acceptedAnswers({ kind: 'term', text: '國際' })])
      expect(simplifiedOnlyChars(form)).toEqual([]);
    expect(acceptedAnswers({ kind: 'term', text: 'Uber' })).toEqual(['Uber']);
    expect(acceptedAnswers({ kind: 'term', text: 'control group' })).toContain('control groups');
  });

  it('scores the determiner either way, entire = whole, and no fragment', () => {
    expect(shortAnswerMatches('產業', ['整個產業'])).toBe(true);
    expect(shortAnswerMatches('整個產業', ['產業'])).toBe(true);
    expect(shortAnswerMatches('台灣', ['臺灣'])).toBe(true);
    expect(shortAnswerMatches('entire breast', ['whole breast'])).toBe(true);
    expect(shortAnswerMatches('100 percent', ['100%'])).toBe(true);
    expect(shortAnswerMatches('產', ['產業'])).toBe(false);
    expect(shortAnswerMatches('所有權人', ['權人'])).toBe(false);
    expect(shortAnswerMatches('整個', ['整個產業'])).toBe(false);
  });

  it('takes no clause in parentheses for another name of the key', () => {
    const text = '並應州立法會或州行政長官（在州立法會不能召集時）之請求平定內亂。';
    expect(materialAliases(text, '行政長官')).toEqual([]);
    expect(materialAliases('國家發展委員會（簡稱國發會）', '國家發展委員會')).toEqual(['國發會']);
  });

  it('asks a typed answer only for a term, not a clause', () => {
    expect(isTypeableZh('數位發展部')).toBe(true);
    expect(isTypeableZh('在州立法會不能召集時')).toBe(false);
    expect(isTypeableZh('透明、參與')).toBe(false);
  });
});

describe('type mix and notices', () => {
  it('gives the extra slots to true/false and short answer', () => {
    const slots = planSlots(10, [...QUESTION_TYPES]);
    const count = (t: string) => slots.filter((s) => s === t).length;
    expect(count('true_false')).toBe(3);
    expect(count('short_answer')).toBe(3);
    expect(count('multiple_choice')).toBe(2);
    expect(count('dropdown_fill_in_blank')).toBe(2);
    expect(planSlots(4, [...QUESTION_TYPES])).toEqual([...QUESTION_TYPES]);
  });

  it('says a type is unavailable only when the quiz has none of it', async () => {
    for (const doc of [column, resilience])
      for (const difficulty of ['basic', 'expert'] as const) {
        const quiz = await generator.generate(
          doc,
          settings({ difficulty, questionCount: difficulty === 'expert' ? 20 : 10 }),
        );
        const produced = new Set(quiz.questions.map((q) => q.type));
        for (const n of quiz.notices.filter((x) => x.code === 'TYPE_UNAVAILABLE'))
          expect(produced.has(n.params!.type as never)).toBe(false);
        const short = quiz.notices.find((x) => x.code === 'NOT_ENOUGH_MATERIAL');
        expect(Boolean(short)).toBe(quiz.questions.length < (difficulty === 'expert' ? 20 : 10));
        if (short) expect(short.params!.produced).toBe(quiz.questions.length);
      }
  }, 60_000);
});

describe('expert is not basic repeated', () => {
  it('tests other sentences than basic at the same seed', async () => {
    const basic = await generator.generate(resilience, settings());
    const expert = await generator.generate(
      resilience,
      settings({ difficulty: 'expert', questionCount: 20 }),
    );
    const tested = new Set(expert.questions.map((q) => q.citation.quote));
    const shared = basic.questions.filter((q) => tested.has(q.citation.quote)).length;
    // Before: 8 of the 10 basic sentences were tested again at expert. Decision 0044 refuses
    // Latin-name options of another kind (fewer choice candidates in this talk) and decision
    // 0046's supply-based type mix asks basic's blanks elsewhere: a few shared sentences remain.
    // Round 6 (0050) refuses stems and statements without their context, so this talk has
    // fewer candidates. Over seeds 1–8 expert shares 5–9 of basic's ten sentences (mean 6.5,
    // with or without the learned ranker of 0051, which only moves which seed lands where).
    expect(shared).toBeLessThanOrEqual(8);
    // A panel: the panellists' lines give blanks but no true/false statements (a claim someone
    // else makes is not a fact of the material), so expert may fall a question short.
    expect(expert.questions.length).toBeGreaterThanOrEqual(18);
  }, 60_000);
});

describe('a calendar table', () => {
  const rows: Array<[string, string, string]> = [
    ['20260101', '四', '開國紀念日'],
    ['20260102', '五', ''],
    ['20260214', '六', ''],
    ['20260215', '日', '小年夜'],
    ['20260216', '一', '農曆除夕'],
    ['20260217', '二', '春節'],
    ['20260218', '三', '春節'],
    ['20260220', '五', '補假'],
    ['20260228', '六', '和平紀念日'],
    ['20260403', '五', '補假'],
    ['20260404', '六', '兒童節'],
    ['20260405', '日', '清明節'],
    ['20260619', '五', '端午節'],
    ['20260925', '五', '中秋節'],
    ['20261010', '六', '國慶日'],
    ['20261225', '五', '行憲紀念日'],
  ];
  const calendar: ExtractedDocument = {
    language: 'zh-TW',
    warnings: [],
    blocks: rows.map(([date, day, note], i) => ({
      fileId: 'cal.csv',
      text: `西元日期: ${date}; 星期: ${day}${note ? `; 備註: ${note}` : ''}`,
      location: { kind: 'sheet', sheet: 'cal.csv', rowStart: i + 2, rowEnd: i + 2 },
    })),
  };

  it('states and offers the notes of nearby dates, never 春節 in April', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const quiz = await generator.generate(calendar, settings({ seed }));
      for (const q of quiz.questions) {
        const options = [
          ...(q.options ?? []).map((o) => o.text),
          ...(q.blanks ?? []).flatMap((b) => b.options.map((o) => o.text)),
        ].join(' ');
        const text = `${q.question} ${options}`;
        if (/4 月/.test(q.question)) expect(text).not.toMatch(/春節|國慶日|行憲紀念日/);
        if (/2 月 1[5-7] 日/.test(q.question)) expect(text).not.toMatch(/國慶日|行憲紀念日|中秋節/);
      }
    }
  }, 60_000);
});

describe('a short English workbook', () => {
  /** Two sheets of three rows, as the extractor writes them; extraction calls it "other". */
  const workbook: ExtractedDocument = {
    language: 'other',
    warnings: [],
    blocks: ['Stanley Cups', 'Stanley Cups Since 67'].map((sheet, i) => ({
      fileId: 'cups.xlsx',
      text: [
        sheet,
        'Team: Blues; Location: STL; Stanley Cups: 1',
        'Team: Flyers; Location: PHI; Stanley Cups: 2',
        `Team: Maple Leafs; Location: TOR; Stanley Cups: ${i ? 0 : 13}`,
      ].join('\n'),
      location: { kind: 'sheet', sheet, rowStart: 1, rowEnd: 5 },
    })),
  };

  it('is English and gives table questions, each fact once', async () => {
    expect(materialLanguage(workbook)).toBe('en');
    const s = settings({ language: 'en-US' });
    const quiz = await generator.generate(workbook, s);
    expect(quiz.questions.length).toBeGreaterThanOrEqual(6);
    expect(quiz.notices.map((n) => n.code)).not.toContain('LANGUAGE_MISMATCH');
    expect(new Set(quiz.questions.map((q) => q.type)).size).toBeGreaterThanOrEqual(3);
    expect(checkQuiz(workbook, s, quiz).filter((f) => f.check !== 'count')).toEqual([]);
    // A long text extraction could not place stays "other".
    expect(
      materialLanguage({
        ...workbook,
        blocks: [{ ...workbook.blocks[0]!, text: 'Le chat est là. '.repeat(400) }],
      }),
    ).toBe('other');
  });
});
