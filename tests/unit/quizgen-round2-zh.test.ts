import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import { closeExtractionWorkers } from '../../api/extract/run-in-worker.js';
import { sniffKind } from '../../api/extract/sniff.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import type { Answer } from '../../api/quizgen/builtin/answers.js';
import { tiedNumber, withoutAsides } from '../../api/quizgen/builtin/build-statement.js';
import { variantKey } from '../../api/quizgen/builtin/distractors.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import {
  enumeratedNeighbour,
  fixedByCollocation,
  glossedBeside,
} from '../../api/quizgen/builtin/material/collocation.js';
import {
  findSpeakers,
  isSpeakerName,
  speakerLabel,
  speakerWeight,
} from '../../api/quizgen/builtin/material/speakers.js';
import { sentenceKind } from '../../api/quizgen/builtin/material/sentence-kinds.js';
import { findNumbers } from '../../api/quizgen/builtin/numbers.js';
import { acceptedAnswers } from '../../api/quizgen/builtin/variants.js';
import { isAskableZh } from '../../api/quizgen/builtin/zh-keys.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';
import { shortAnswerMatches } from '../../api/scoring/short-answer.js';
import { STUDY_CORPUS_DIR } from '../support/study-documents.js';

/*
 * Round 2 of issue 16 (helper Q4, session 7): importance in transcripts (the main speaker's
 * substance), short answers in the source's own forms, giveaways by collocation. Fixtures are
 * development documents or written sentences.
 */

const generator = createBuiltinGenerator();
let care: ExtractedDocument;
let coa: ExtractedDocument;
let resilience: ExtractedDocument;

async function extract(file: string): Promise<ExtractedDocument> {
  const fileName = path.basename(file);
  const kind = await sniffKind(file, fileName);
  return extractDocument([{ fileId: fileName, path: file, fileName, kind }]);
}

beforeAll(async () => {
  care = await extract(path.join(STUDY_CORPUS_DIR, 'transcripts/zh_ai_ethics_6pack_care.md'));
  coa = await extract(path.join(STUDY_CORPUS_DIR, 'transcripts/zh_open_government_coa_talk.md'));
  resilience = await extract(
    path.join(STUDY_CORPUS_DIR, 'transcripts/zh_digital_resilience_talk.md'),
  );
}, 120_000);
afterAll(() => closeExtractionWorkers());

const settings = (over: Partial<QuizSettings> = {}): QuizSettings => ({
  questionCount: 10,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'zh-TW',
  ...over,
});

describe('importance: the main speaker of a transcript', () => {
  it('reads speaker labels from headings, with a role in parentheses', () => {
    expect(speakerLabel('唐鳳：')).toBe('唐鳳');
    expect(speakerLabel('張培鏞（司儀）：')).toBe('張培鏞（司儀）');
    expect(speakerLabel('**Audrey Tang:**')).toBe('Audrey Tang');
    expect(speakerLabel('關懷六力的第一力')).toBeUndefined();
    expect(speakerLabel('結論：我們該怎麼做？')).toBeUndefined();
  });

  it('finds the speaker with the most text as the main one', () => {
    const s = (who: string, text: string) => ({
      text,
      location: { kind: 'paragraph' as const, index: 1, headingPath: ['訪談', `${who}：`] },
    });
    const speakers = findSpeakers([
      s('主持人甲', '歡迎回來。'),
      s('唐鳳', '關懷六力是一套讓 AI 系統在地化、可問責的框架，包含覺察力與回應力。'),
      s('主持人甲', '請談談第一力。'),
    ]);
    expect(speakers.main).toBe('唐鳳');
    expect(isSpeakerName(speakers, '唐鳳')).toBe(true);
    expect(isSpeakerName(speakers, '覺察力')).toBe(false);
    expect(isSpeakerName(speakers, '唐政委')).toBe(true);
    expect(isSpeakerName(speakers, '王政委')).toBe(false);
    const en = findSpeakers([
      {
        text: 'Welcome.',
        location: { kind: 'paragraph', index: 1, headingPath: ['Hadi Partovi:'] },
      },
      {
        text: 'Code.org teaches computer science in schools around the world.',
        location: { kind: 'paragraph', index: 2, headingPath: ['Audrey Tang:'] },
      },
    ]);
    expect(isSpeakerName(en, 'Minister Tang')).toBe(true);
    expect(isSpeakerName(en, 'computer science')).toBe(false);
  });

  it('asks about the guest, not the host, in an interview (AI 倫理 podcast)', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await generator.generate(care, settings({ seed }));
      const speakers = result.questions.map((q) => {
        const where = q.citation.location;
        return where.kind === 'paragraph' ? where.headingPath?.at(-1) : undefined;
      });
      // The host (Caroline Green) had 7 of 10 questions before; the guest's substance now.
      expect(speakers.filter((s) => s === 'Caroline Green：').length).toBeLessThanOrEqual(1);
      // Round 6 (0050): blanks right after a pointer (「這樣的_____」) are refused; at seed 2
      // the dropdown slot then finds no sound item and the quiz is one short, and says so.
      expect(result.questions.length).toBeGreaterThanOrEqual(9);
      if (result.questions.length < 10)
        expect(result.notices.some((n) => n.code === 'NOT_ENOUGH_MATERIAL')).toBe(true);
    }
  });

  it('never blanks a speaker’s name', async () => {
    const result = await generator.generate(care, settings({ seed: 4 }));
    for (const q of result.questions)
      if (q.type === 'short_answer' || q.type === 'multiple_choice')
        expect(q.question).not.toMatch(/Caroline|Green/);
  });

  it('weighs a question read out under an inline label (sli.do：「…」) like another speaker', () => {
    const at = { kind: 'paragraph' as const, index: 1, headingPath: ['唐鳳：'] };
    const speakers = findSpeakers([{ text: '開放政府的做法很多。', location: at }]);
    expect(
      speakerWeight(speakers, {
        location: at,
        text: 'sli.do：「對於不太會利用網路的人，誰來關心他們」',
      }),
    ).toBeLessThan(0.5);
    expect(speakerWeight(speakers, { location: at, text: '我們的做法是：先公開，再討論。' })).toBe(
      1,
    );
  });

  it('takes no filler as a key (試著, 基本上, 辦法, 說是, 不太會)', () => {
    for (const text of ['試著', '基本上', '辦法', '說是', '不太會'])
      expect(
        isAskableZh({
          kind: 'term',
          text,
          start: 0,
          end: text.length,
          mention: { key: text, text, start: 0, end: text.length },
          term: { pos: 'n' },
        } as unknown as Answer),
      ).toBe(false);
  });
});

describe('short answers in the source’s own forms', () => {
  it('accepts a percentage in every form and no other value', () => {
    for (const form of ['80%', '百分之八十', '八成', '80 percent', '８０％'])
      expect(shortAnswerMatches(form, ['80%'])).toBe(true);
    for (const wrong of ['七成', '8', '百分之八', '800%'])
      expect(shortAnswerMatches(wrong, ['80%'])).toBe(false);
    expect(shortAnswerMatches('100%', ['100 percent'])).toBe(true);
  });

  it('accepts a count with or without its measure word', () => {
    for (const form of ['九個', '9個', '9']) expect(shortAnswerMatches(form, ['九個'])).toBe(true);
    expect(shortAnswerMatches('十個', ['九個'])).toBe(false);
    expect(shortAnswerMatches('九', ['九月'])).toBe(false);
  });

  it('accepts a noun without a generic head the stem makes plain (青年朋友 = 青年)', () => {
    expect(shortAnswerMatches('青年', ['青年朋友'])).toBe(true);
    expect(shortAnswerMatches('開放政府', ['開放政府議題'])).toBe(true);
    expect(shortAnswerMatches('老年', ['青年朋友'])).toBe(false);
    expect(shortAnswerMatches('人', ['人們'])).toBe(false);
    expect(acceptedAnswers({ kind: 'term', text: '青年朋友' })).toContain('青年');
  });

  it('lists the forms a learner may type for a percentage and a count', () => {
    const sentence = '大約有80%的人同意，另外九個縣市反對。';
    const [pct, count] = findNumbers(sentence);
    const forms = acceptedAnswers(
      { kind: 'number', text: pct!.text, start: pct!.start, end: pct!.end, number: pct! },
      'zh',
    );
    expect(forms).toEqual(expect.arrayContaining(['80%', '80 percent', '百分之八十', '八成']));
    const counts = acceptedAnswers(
      { kind: 'number', text: count!.text, start: count!.start, end: count!.end, number: count! },
      'zh',
    );
    expect(counts).toEqual(expect.arrayContaining(['九個', '9個', '9']));
  });
});

describe('giveaways by collocation', () => {
  const at = (sentence: string, key: string): Answer => {
    const start = sentence.indexOf(key);
    return { kind: 'term', text: key, start, end: start + key.length } as unknown as Answer;
  };

  it('drops a blank whose neighbour the material only ever uses with the key (二級_____)', () => {
    const material = '數位部是二級機關。各部會的二級機關都要配合。三級機關則由署負責。';
    const sentence = '數位部是二級機關。';
    expect(fixedByCollocation(material, sentence, at(sentence, '機關'), 'zh')).toBe(true);
    // A neighbour used with several fillers does not fix the key.
    const varied = '數位部是二級機關。二級單位不同。';
    expect(fixedByCollocation(varied, sentence, at(sentence, '機關'), 'zh')).toBe(false);
  });

  it('drops a number blank beside the next value of a sequence (_____或者是十個, 延到_____或者7月)', () => {
    for (const [sentence, key] of [
      ['大概是九個或者是十個部會一起參與。', '九個'],
      ['這個計畫可能延到6月或者7月。', '6月'],
      ['第一個是10月底或者是11月初去東西吉嶼的案子。', '10月'],
    ] as const) {
      const numbers = findNumbers(sentence);
      const n = numbers.find((x) => x.text === key)!;
      const answer = {
        kind: 'number',
        text: n.text,
        start: n.start,
        end: n.end,
        number: n,
      } as Answer;
      expect(enumeratedNeighbour(sentence, answer, numbers)).toBe(true);
    }
    const apart = '從1990年到2020年，人口增加了。';
    const numbers = findNumbers(apart);
    const n = numbers[0]!;
    const answer = {
      kind: 'number',
      text: n.text,
      start: n.start,
      end: n.end,
      number: n,
    } as Answer;
    expect(enumeratedNeighbour(apart, answer, numbers)).toBe(false);
  });

  it('drops a term glossed in English beside it, and the gloss (性別（gender）)', () => {
    const sentence = '表單上的性別（gender）欄位可以留白。';
    expect(glossedBeside(sentence, at(sentence, '性別'))).toBe(true);
    expect(glossedBeside(sentence, at(sentence, 'gender'))).toBe(true);
    expect(glossedBeside(sentence, at(sentence, '欄位'))).toBe(false);
  });

  it('keeps the e2e count on a one-speaker talk (農委會演講)', async () => {
    const result = await generator.generate(coa, settings({ seed: 5 }));
    expect(result.questions.length).toBe(10);
  });
});

describe('true/false: a changed number and the verbatim tell', () => {
  const tied = (sentence: string, key: string) => {
    const numbers = findNumbers(sentence);
    const n = numbers.find((x) => x.text.startsWith(key))!;
    return tiedNumber({ kind: 'number', start: n.start, end: n.end, number: n }, numbers, sentence);
  };

  it('never changes a number tied to its sentence’s arithmetic, sequence or direction', () => {
    // Shares of one whole, a total and its parts, consecutive values, a stated change.
    expect(tied('調查中有60%的人支持，40%的人反對。', '60')).toBe(true);
    expect(tied('全班30人，其中18人通過，12人沒有通過。', '18')).toBe(true);
    expect(tied('大概是九個或者是十個部會一起參與。', '九')).toBe(true);
    expect(tied('Trust rose from just 9% in 2014 to more than 70% by 2020.', '9')).toBe(true);
    // A year and a count of years (the e2e constitution: 1787年，即獨立後第十二年).
    expect(tied('本憲法於西元1787年，即美利堅合眾國獨立後第十二年的九月十七日制定。', '1787')).toBe(
      true,
    );
    // Unrelated values of one sentence stay changeable.
    expect(tied('憲法於1787年制定，共有7條。', '7條')).toBe(false);
  });

  it('writes a true statement without its asides, keeping the tested point and restrictions', () => {
    const text = '所以，數位發展部（簡稱數位部）負責推動數位韌性。';
    const key = { start: text.indexOf('數位韌性'), end: text.indexOf('數位韌性') + 4 };
    expect(withoutAsides(text, key)).toBe('數位發展部負責推動數位韌性。');
    const filler = '這個協進會其實是為了數位發展而成立的。';
    const at0 = filler.indexOf('協進會');
    expect(withoutAsides(filler, { start: at0, end: at0 + 3 })).toBe(
      '這個協進會是為了數位發展而成立的。',
    );
    // A restricting aside and one with a number stay; so does the aside glossing the key.
    const kept = '選舉人（不含外國人）須年滿二十歲（2020年起）。';
    expect(withoutAsides(kept, { start: 0, end: 3 })).toBe(kept);
    const gloss = '表單上的性別（gender）欄位可以留白。';
    const at = gloss.indexOf('性別');
    expect(withoutAsides(gloss, { start: at, end: at + 2 })).toBe(gloss);
  });

  it('gives true statements that stay true to their source on a development transcript', async () => {
    let trues = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const quiz = await generator.generate(resilience, settings({ seed }));
      for (const q of quiz.questions)
        if (q.type === 'true_false' && q.correctOptionId === 'true') {
          const statement = /「(.*)」$/u.exec(q.question)?.[1] ?? '';
          trues++;
          // Still true: every character of the statement is in the source sentence, in order
          // (round 6: the turn's speaker named for 我 — 「唐鳳大概三年前退休」 — is the
          // speaker label of the cited turn).
          const where = q.citation.location;
          const speaker =
            where.kind === 'paragraph'
              ? (where.headingPath?.at(-1) ?? '').replace(/[:：]$/u, '')
              : '';
          const quote = speaker
            ? q.citation.quote.replace(/(?<!自)我(?!們)/gu, speaker)
            : q.citation.quote;
          let i = 0;
          for (const ch of statement) i = quote.indexOf(ch, i) + 1 || -1;
          expect(i).toBeGreaterThan(0);
        }
    }
    // Round 6 (0050): a statement copied from a conversational turn is no statement at all;
    // the true statements left are whole sentences of fact, often with no aside to drop, so
    // they may all read as in the source (each stands alone: checked in quizgen-zh-round6).
    expect(trues).toBeGreaterThan(0);
  });
});

describe('room logistics are not study material', () => {
  it('classes a talk’s logistics as chatter, and its substance as study', () => {
    for (const text of [
      '謝謝大家，我接下來會到講桌那邊去。',
      '我會放兩部影片，來解釋目前對開放政府的一些做法跟想法。',
      '等一下會用按讚的數量來決定回答的順序。',
      'Let me share my screen so you can see the slides.',
    ])
      expect(sentenceKind(text, /[a-z]/i.test(text[0]!) ? 'en' : 'zh')).toBe('chatter');
    expect(sentenceKind('開放政府的三個支柱是透明、參與和課責。', 'zh')).toBe('study');
    expect(sentenceKind('The moda combines participation, progress and safety.', 'en')).toBe(
      'study',
    );
  });
});

describe('what someone else claims is not a fact of the material', () => {
  it('writes true/false statements from the main speaker’s lines only (AI 倫理 podcast)', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const result = await generator.generate(
        care,
        settings({ seed, questionTypes: ['true_false', 'short_answer'] }),
      );
      for (const q of result.questions.filter((x) => x.type === 'true_false')) {
        const where = q.citation.location;
        const who = where.kind === 'paragraph' ? where.headingPath?.at(-1) : undefined;
        expect(who).not.toBe('Caroline Green：');
      }
    }
  });

  it('folds Latin diacritics so one name is never two options (Ākina / Akina)', () => {
    expect(variantKey('Ākina Foundation')).toBe(variantKey('Akina Foundation'));
    expect(variantKey('résumé')).toBe(variantKey('resume'));
    expect(variantKey('臺灣')).toBe(variantKey('台灣'));
    expect(variantKey('Akina')).not.toBe(variantKey('Aiki'));
  });
});
