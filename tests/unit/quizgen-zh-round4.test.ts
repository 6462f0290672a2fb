import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument, type DocAnalysis } from '../../api/quizgen/builtin/analysis.js';
import { findNumbers } from '../../api/quizgen/builtin/numbers.js';
import { acceptedAnswers } from '../../api/quizgen/builtin/variants.js';
import { broadSameHead, insideLongerTerm } from '../../api/quizgen/builtin/zh-distractors.js';
import {
  isNumberWorthAskingZh,
  typedKeyPinnedZh,
} from '../../api/quizgen/builtin/zh-importance.js';
import { taiwanWording } from '../../api/quizgen/text/zh-vocabulary.js';
import { shortAnswerMatches } from '../../api/scoring/short-answer.js';

/*
 * Round 4 of issue 16 for Chinese (decision 0038): cross-strait wordings of one term are one
 * short answer, a broad class sharing the key's head is no distractor, a count whose noun is
 * left out is no key, and a name beside its other-script form is no blank. Fixtures are
 * sentences written for these tests.
 */

/** A material of paragraphs, each optionally under a speaker label. */
function material(paragraphs: Array<string | [string, string]>): DocAnalysis {
  const doc: ExtractedDocument = {
    language: 'zh-TW',
    warnings: [],
    blocks: paragraphs.map((p, index) => {
      const [who, text] = typeof p === 'string' ? [undefined, p] : p;
      return {
        fileId: 'f.md',
        text,
        location: {
          kind: 'paragraph' as const,
          index,
          headingPath: who ? ['座談', `${who}：`] : ['講稿'],
        },
      };
    }),
  };
  return analyseDocument(doc, () => {});
}

/** Whether a learner's answer is marked right for a key, through the accepted list. */
const marks = (given: string, key: string) =>
  shortAnswerMatches(given, acceptedAnswers({ kind: 'term', text: key }, 'zh'));

describe('short answers: Taiwan and mainland wordings of one term', () => {
  it('accepts either wording of a term, both ways', () => {
    expect(marks('資料庫', '數據庫')).toBe(true);
    expect(marks('數據庫', '資料庫')).toBe(true);
    expect(marks('資訊', '信息')).toBe(true);
    expect(marks('軟體', '軟件')).toBe(true);
    expect(marks('網路', '網絡')).toBe(true);
    expect(marks('網際網路', '互聯網')).toBe(true);
    expect(marks('人工智慧', '人工智能')).toBe(true);
    // Inside a longer answer and in Simplified script alike.
    expect(marks('資料庫系統', '數據庫系統')).toBe(true);
    expect(marks('数据库', '資料庫')).toBe(true);
    expect(marks('台灣', '臺灣')).toBe(true);
  });

  it('lists the Taiwan wording beside the key, so the learner and the grader see it', () => {
    expect(acceptedAnswers({ kind: 'term', text: '數據庫' }, 'zh')).toContain('資料庫');
    expect(taiwanWording('網絡安全')).toBe('網路安全');
    expect(taiwanWording('臺灣')).toBeUndefined();
  });

  it('keeps apart a Taiwan word that means something else than its mainland look-alike', () => {
    // 程序 is "procedure" in Taiwan, 程式 "program"; 社區 a neighbourhood, 社群 a community.
    expect(marks('程式', '程序')).toBe(false);
    expect(marks('社群', '社區')).toBe(false);
    expect(marks('支援', '支持')).toBe(false);
    expect(marks('設定', '設置')).toBe(false);
    expect(marks('物件', '對象')).toBe(false);
    expect(marks('檔案', '文件')).toBe(false);
  });
});

describe('distractors: no broad class of the key beside it', () => {
  it('drops an option of the key’s head after one of the most frequent words', () => {
    expect(broadSameHead('主管機關', '政府機關')).toBe(true);
    expect(broadSameHead('雲端資料', '政府資料')).toBe(true);
    // 數據資料 says its head twice: it is 資料 itself.
    expect(broadSameHead('雲端資料', '數據資料')).toBe(true);
  });

  it('keeps another member of the head’s class', () => {
    expect(broadSameHead('雲端資料', '金融資料')).toBe(false);
    expect(broadSameHead('法律規定', '憲法規定')).toBe(false);
    expect(broadSameHead('參議院', '眾議院')).toBe(false);
  });
});

describe('numbers: a count must say what it counts', () => {
  const ask = (text: string, number: string) => {
    const numbers = findNumbers(text);
    const n = numbers.find((m) => m.text === number)!;
    expect(n, number).toBeDefined();
    return isNumberWorthAskingZh({ text, numbers }, n);
  };

  it('asks no count whose noun is left out', () => {
    expect(ask('以前政府網站分散在十七個，民眾很難找到要辦的事。', '十七個')).toBe(false);
  });

  it('asks no number of an anecdote dated from the day of speaking', () => {
    expect(ask('我們在兩個月前去義大利，跟十七個國家的數位首長都有討論。', '十七個')).toBe(false);
    expect(ask('上禮拜我們到高雄，一共拜訪了八個學校。', '八個')).toBe(false);
  });

  it('asks a count that names what it counts', () => {
    expect(ask('美國目前一共有五十個州，每州各選出兩名參議員。', '五十個')).toBe(true);
  });
});

describe('giveaways: a name beside its other-script form', () => {
  const a = material([
    '全球最大的企業徵信資料庫由 Dun & Bradstreet 鄧白氏 經營，各國政府都向它購買資料。',
    '我們參考了鄧白氏（Dun & Bradstreet）的做法，建立企業的統一編號。',
    '每一家企業都有一個編號，政府可以用它來查詢企業的登記資料。',
  ]);
  const blankOf = (sentenceText: string, word: string) => {
    const sentence = a.sentences.find((s) => s.text.includes(sentenceText))!;
    const start = sentence.text.indexOf(word);
    return insideLongerTerm(a, sentence, { start, end: start + word.length });
  };

  it('blanks no piece of a Latin name joined by &', () => {
    expect(blankOf('Dun & Bradstreet 鄧白氏 經營', 'Dun')).toBe(true);
    expect(blankOf('Dun & Bradstreet 鄧白氏 經營', 'Bradstreet')).toBe(true);
  });

  it('blanks no name its other-script form stands beside', () => {
    expect(blankOf('Dun & Bradstreet 鄧白氏 經營', '鄧白氏')).toBe(true);
    expect(blankOf('鄧白氏（Dun & Bradstreet）', '鄧白氏')).toBe(true);
  });

  it('still blanks a term with no other form beside it', () => {
    expect(blankOf('政府可以用它來查詢', '政府')).toBe(false);
  });
});

describe('short answers: a typed key the words around it pin', () => {
  const talk = material([
    ['主持人', '今天我們請到講者來談照顧，也談談社群。'],
    ['講者', '我們發現，接受關懷的人最需要的是被理解，而不是被管理。'],
    ['講者', '所以我們設計了一套規格書，向社群公開承諾系統會做什麼、不做什麼。'],
    ['主持人', '那數位韌性呢？'],
    ['講者', '數位韌性就是全民一起面對攻擊的能力，我們每天都在練習，也在社區裡面練習。'],
  ]);
  const prose = material([
    '本憲法和依此所制定的法律以及已締結的一切條約，皆為國家最高法律。',
    '國會有權批准條約，但須經參議院三分之二議員同意。',
  ]);
  const key = (a: DocAnalysis, text: string) => {
    const sentence = a.sentences.find((s) => s.text.includes(text))!;
    const start = sentence.text.indexOf(text);
    const mention = sentence.mentions.find((m) => m.start === start && m.text === text);
    const term = mention
      ? a.terms.get(mention.key)!
      : { text, key: text, kind: 'term' as const, sentenceIds: [sentence.id], pos: 'n' };
    return { kind: 'term' as const, text, start, end: start + text.length, mention, term };
  };

  it('types no single ordinary word of a talk: the speaker’s wording is one of several', () => {
    expect(typedKeyPinnedZh(talk, key(talk, '關懷') as never)).toBe(false);
  });

  it('types a rare word, a compound of the material, and the fixed words of written prose', () => {
    expect(typedKeyPinnedZh(talk, key(talk, '規格書') as never)).toBe(true);
    expect(typedKeyPinnedZh(talk, key(talk, '數位韌性') as never)).toBe(true);
    expect(typedKeyPinnedZh(prose, key(prose, '條約') as never)).toBe(true);
  });
});
