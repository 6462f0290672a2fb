import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import { closeExtractionWorkers } from '../../api/extract/run-in-worker.js';
import { sniffKind } from '../../api/extract/sniff.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument, type DocAnalysis } from '../../api/quizgen/builtin/analysis.js';
import { clozeCandidates } from '../../api/quizgen/builtin/candidates/cloze.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { glossedBeside } from '../../api/quizgen/builtin/material/collocation.js';
import { findSpeakers } from '../../api/quizgen/builtin/material/speakers.js';
import { sentenceKind } from '../../api/quizgen/builtin/material/sentence-kinds.js';
import { findNumbers } from '../../api/quizgen/builtin/numbers.js';
import { clauseWindows, lendsWindows } from '../../api/quizgen/builtin/zh-clauses.js';
import { zhListCandidates } from '../../api/quizgen/builtin/zh-enumeration.js';
import { templatesFor } from '../../api/quizgen/builtin/templates/index.js';
import type { BuildContext } from '../../api/quizgen/builtin/draft.js';
import { latinPerson } from '../../api/quizgen/builtin/zh-distractors.js';
import {
  COMMON_IDF,
  EVERYDAY_IDF,
  generalIdf,
  isNumberWorthAskingZh,
  isWorthKnowingZh,
  settingPlaceZh,
} from '../../api/quizgen/builtin/zh-importance.js';
import { isAskableZh } from '../../api/quizgen/builtin/zh-keys.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';
import { STUDY_CORPUS_DIR } from '../support/study-documents.js';

/*
 * Round 3 of issue 16 for Chinese (decision 0031): keys worth knowing, giveaways beside the
 * blank, and long transcripts that give the count asked. Fixtures are sentences written for
 * these tests (each pins one failure class the blind graders found), plus one development
 * transcript for the count.
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
          headingPath: who ? ['座談', `${who}：`] : ['座談'],
        },
      };
    }),
  };
  return analyseDocument(doc, () => {});
}

/** Whether the term `word` of the sentence containing it is worth a blank. */
function worth(a: DocAnalysis, sentenceText: string, word: string): boolean {
  const sentence = a.sentences.find((s) => s.text.includes(sentenceText))!;
  expect(sentence, sentenceText).toBeDefined();
  const start = sentence.text.indexOf(word);
  const mention = sentence.mentions.find((m) => m.start === start && m.text === word);
  const term = mention ? a.terms.get(mention.key)! : undefined;
  return isWorthKnowingZh(
    a,
    sentence,
    { text: word, start, end: start + word.length },
    term ?? { text: word, key: word, kind: 'term', sentenceIds: [sentence.id], pos: 'n' },
  );
}

describe('importance: what a Chinese blank may ask', () => {
  it('reads how common a word is in general Chinese from jieba’s IDF table', () => {
    expect(generalIdf('資料')!).toBeLessThan(EVERYDAY_IDF);
    expect(generalIdf('技術')!).toBeLessThan(EVERYDAY_IDF);
    expect(generalIdf('秋後算帳')!).toBeGreaterThan(COMMON_IDF);
    // A compound jieba reads as two words is the material's own term.
    expect(generalIdf('公民社會')).toBeUndefined();
    // 計畫 and 部會 are everyday Taiwanese words jieba's Simplified dictionary splits in two.
    expect(generalIdf('計畫')!).toBeLessThan(EVERYDAY_IDF);
    expect(generalIdf('部會')!).toBeLessThan(EVERYDAY_IDF);
  });

  it('asks no everyday word the material neither quotes, defines nor lists', () => {
    const a = material([
      '委員會每個月把審查過的資料整理好，再交給各縣市的承辦人員。',
      '所謂「秋後算帳」，是指事後追究參加集會的人，這會讓大家不敢上街。',
      '承辦人員把資料上傳以後，系統會自動產生一份報表。',
    ]);
    expect(worth(a, '審查過的資料整理好', '資料')).toBe(false);
    expect(worth(a, '所謂「秋後算帳」', '秋後算帳')).toBe(true);
  });

  it('never asks the place the material is set in', () => {
    const a = material([
      '臺灣的健保制度讓大多數人都能就醫，這是臺灣社會很重要的基礎。',
      '台灣的醫院在疫情期間建立了分流制度，減少院內感染的機會。',
      '臺灣也把口罩實名制的資料開放出來，讓民間做出地圖。',
      '在臺灣，藥局是發放口罩的地點，民眾用健保卡排隊領取。',
      '日本後來也參考了類似的做法，但規模比較小。',
    ]);
    expect(settingPlaceZh(a).has('臺灣')).toBe(true);
    expect(settingPlaceZh(a).has('台灣')).toBe(true);
    expect(worth(a, '藥局是發放口罩', '臺灣')).toBe(false);
  });

  it('counts Taiwan as a zh-TW material’s home even when another country is named as often', () => {
    const a = material([
      '愛沙尼亞的數位身分證讓手機過戶可以線上辦理，我們去愛沙尼亞參訪過兩次。',
      '愛沙尼亞的做法是用公證服務確認真人，臺灣也在研究類似的認證方式。',
      '臺灣現在是歐洲關心數位人權的人一定會想到的地方，愛沙尼亞的部長也來拜訪過。',
      '台灣的行動自然人憑證已經上線，愛沙尼亞則是更早就有電子身分。',
      '我們跟愛沙尼亞簽了合作備忘錄，兩邊的工程師每個月開一次會。',
    ]);
    expect(settingPlaceZh(a).has('臺灣')).toBe(true);
    expect(settingPlaceZh(a).has('愛沙尼亞')).toBe(false);
  });

  it('asks no member of a list, no category word of a name, nothing the document names itself', () => {
    const a = material([
      '民主網絡司處理 web3、區塊鏈等等的題目，也讓地方政府可以使用這些工具。',
      '後來她轉到指南國小就讀，中間有好幾個月的時間在家自學。',
      '對本憲法條文不得作有損於任何一州權利的解釋，這是修正案的原則。',
    ]);
    expect(worth(a, 'web3、區塊鏈', '區塊鏈')).toBe(false);
    expect(worth(a, '指南國小', '國小')).toBe(false);
    expect(worth(a, '本憲法條文', '憲法')).toBe(false);
  });

  it('does not split a quoted term, nor the slot of 越…越', () => {
    const a = material([
      '作為一個「性別流動」或者是「酷兒」的人，每一個人都有他的難處。',
      '在網路論壇上，大家越討論會越偏，往四個角落飄過去。',
    ]);
    expect(worth(a, '「性別流動」', '性別')).toBe(false);
    expect(worth(a, '「酷兒」', '酷兒')).toBe(true);
    expect(worth(a, '越討論會越偏', '討論會')).toBe(false);
  });

  it('asks no adjective after a degree word and no verb before its object', () => {
    const a = material([
      '在台南或者是高雄，新創產業其實是非常蓬勃的，很多公司都在那裡設點。',
      '想出一些方法讓不同世代的人還是可以協作，是整個社會需要的事情。',
    ]);
    expect(worth(a, '非常蓬勃', '蓬勃')).toBe(false);
    expect(worth(a, '想出一些方法', '想出')).toBe(false);
  });

  it('treats sentence adverbs (事實上, 原則上) as no term', () => {
    for (const text of ['事實上', '原則上', '一般來說'])
      expect(
        isAskableZh({
          kind: 'term',
          text,
          start: 0,
          end: text.length,
          mention: { key: text, text, start: 0, end: text.length, kind: 'term', head: text },
          term: { key: text, text, kind: 'term', head: text, sentenceIds: [0], score: 1 },
        }),
      ).toBe(false);
  });
});

describe('importance: numbers of the room and the clock', () => {
  const ask = (text: string, numeral: string) => {
    const numbers = findNumbers(text);
    const n = numbers.find((x) => x.text.startsWith(numeral))!;
    expect(n, `${numeral} in ${text}`).toBeDefined();
    return isNumberWorthAskingZh({ text, numbers }, n);
  };

  it('asks no time of day, no rough or hypothetical figure, no value of a pair', () => {
    expect(ask('到十一點三十分，整個空間要讓出來給下一場活動。', '三十分')).toBe(false);
    expect(ask('大概二十年前提出這種想法時，社會各界都覺得值得一起想像。', '二十年')).toBe(false);
    expect(ask('任何研究都要投入五年、十年才能看到成果。', '十年')).toBe(false);
    expect(ask('每天會上十個、二十個新的提案到平臺上。', '二十個')).toBe(false);
    expect(ask('短短兩分鐘之內，最好的意見就浮上來了。', '兩分')).toBe(false);
    expect(ask('我阿媽已經九十五歲了，她還會去教更年輕的朋友用手機。', '九十五歲')).toBe(false);
    expect(ask('在上禮拜9月3日的遊行，網路上有很多謠言在流傳。', '9月')).toBe(false);
    expect(ask('金管會讓他有六至十二個月的時間接受輔導。', '十二個')).toBe(false);
  });

  it('asks a stated figure, and a duration a rule sets', () => {
    expect(ask('逐字稿在十天之後經與會者修訂，再公開在網站上。', '十天')).toBe(true);
    expect(ask('勞工每日正常工作時間不得超過八小時。', '八小時')).toBe(true);
  });
});

describe('importance: a talk’s own logistics', () => {
  it('reads the day’s time and room arrangements as chatter', () => {
    expect(
      sentenceKind('先解釋一下今天時間跟空間的結構，十一點以後要讓出空間給下一個活動。', 'zh'),
    ).toBe('chatter');
    expect(sentenceKind('時間結構上面就是說今天有兩批朋友，一批坐在前面。', 'zh')).toBe('chatter');
    expect(sentenceKind('這個空間本來是為了公民黑客松設計的開放場地。', 'zh')).toBe('study');
  });
});

describe('importance: a transcript’s host and questioners', () => {
  const a = material([
    ['主持人', '你好，我是銘傳國小六年級的Joseph，請問政務委員是做什麼事情？'],
    ['主持人', '像我們高中生也會有匿名批評別人的版，大家很害怕。'],
    [
      '唐鳳',
      '在中央政府裡面，關於勞動的就是勞動部，關於經濟的就是經濟部，每一個部有一個部長負責決策。',
    ],
    [
      '唐鳳',
      '政務委員就是部長的同事，在二、三個部會都想對同一件事有貢獻的時候，負責跟他們好好協調。',
    ],
    ['唐鳳', '虛擬實境要怎麼樣應用在開放政府上，往往要牽涉到三、四個不同的部會一起處理。'],
    ['唐鳳', '我第一件事會把辦公室布置好，讓我在辦公室裡面就可以跟其他國家的朋友一起開會。'],
  ]);

  it('counts a speaker who says much less and asks or hosts as minor, not a panel guest', () => {
    const speakers = findSpeakers(a.sentences);
    expect(speakers.main).toBe('唐鳳');
    expect([...(speakers.minor ?? [])]).toEqual(['主持人']);
    const panel = material([
      ['林教授', '開放資料的授權條款必須相容，否則民間無法把不同機關的資料合併使用。'],
      ['唐鳳', '我們在政府裡面推動開放資料，先從中央部會開始，再請地方政府一起加入。'],
      ['唐鳳', '授權條款採用政府資料開放授權條款第一版，和創用CC姓名標示相容。'],
      ['唐鳳', '每一個資料集都要寫清楚更新頻率，讓使用的人知道資料多久更新一次。'],
      ['唐鳳', '如果資料格式不是開放格式，民間就要花很多時間轉檔，這也是成本。'],
      ['司儀', '謝謝唐政委。接下來請林教授提問。'],
    ]);
    const guests = findSpeakers(panel.sentences);
    expect(guests.minor?.has('司儀')).toBe(true);
    expect(guests.minor?.has('林教授')).toBe(false);
  });

  it('takes no blank from a minor speaker’s line', () => {
    const quoted = new Set(clozeCandidates(a).map((c) => c.sentence.text));
    for (const s of a.sentences.filter((x) => x.text.includes('高中生')))
      expect(quoted.has(s.text)).toBe(false);
  });

  it('offers no person’s Latin name beside a product', () => {
    const b = material([
      '你好，我是「青春發言人」的伃婷，你也可以叫我Judy。',
      '我們用一般像Skype或者是Facetime的方式，都沒有辦法一次呈現六、七個人的影像。',
    ]);
    expect(latinPerson(b, 'Judy')).toBe(true);
    const c = material(['你是Schiller嗎？很高興可以跟你聊天。', '我們在Skype上開會。']);
    expect(latinPerson(c, 'Schiller')).toBe(true);
    const d = material([
      '我與 Meta 首席 AI 科學家 Yann LeCun 一起啟動了這個基金會，也邀請了其他公司。',
      'Tina？',
      '我們用 ChatGPT 與 Sora 這些每天實際運作的系統來測試。',
    ]);
    expect(latinPerson(d, 'Yann LeCun')).toBe(true);
    expect(latinPerson(d, 'Tina')).toBe(true);
    expect(latinPerson(d, 'Sora')).toBe(false);
    const e = material(['有一位思想家叫做Cass Sunstein，他說抽象的議題會讓大家選邊站。']);
    expect(latinPerson(e, 'Cass Sunstein')).toBe(true);
    expect(latinPerson(b, 'Skype')).toBe(false);
    expect(latinPerson(b, 'Facetime')).toBe(false);
  });
});

describe('giveaways beside the blank', () => {
  it('sees an English gloss of the phrase the key opens', () => {
    const text = '這就是我們說「性別開放填空」（gender is an input field），也就是名從主人的意思。';
    const start = text.indexOf('性別');
    expect(glossedBeside(text, { start, end: start + 2 })).toBe(true);
    const plain = '這就是我們說的性別平等，也就是名從主人的意思。';
    const at = plain.indexOf('性別');
    expect(glossedBeside(plain, { start: at, end: at + 2 })).toBe(false);
  });

  it('asks no acronym spelled out beside it, no piece of a Latin name', () => {
    const a = material([
      '我們試辦了兩、三年的USR，也就是大學社會責任計畫，讓大學走進地方。',
      '我們的對談會在 Taiwan plus 播出，立陶宛的部長對這個想法很有興趣。',
      '在 TWID 行動電話認證之後，手機報稅已經是大家習慣的事情。',
    ]);
    expect(worth(a, '年的USR', 'USR')).toBe(false);
    expect(worth(a, 'Taiwan plus', 'Taiwan')).toBe(false);
    expect(worth(a, 'TWID', 'TWID')).toBe(true);
    const b = material(['民主網絡司處理像 web3、IPFS 等等的題目，也讓地方政府可以使用。']);
    expect(worth(b, 'web3、IPFS', 'IPFS')).toBe(false);
  });
});

describe('relations: which is not one of a stated list', () => {
  const a = material([
    '國會有權徵收直接稅、間接稅與關稅，用來償付國債和提供共同防務。',
    '各州未經國會同意，不得對進口或出口貨物徵收進口稅、出口稅或噸位稅。',
    '總統每四年選舉一次，由各州選出的選舉人投票產生，任期屆滿即卸任。',
    '眾議員每兩年由各州人民選舉一次，人數依各州人口比例分配給各州。',
  ]);
  const ctx = (): BuildContext => ({
    a,
    t: templatesFor('zh-TW'),
    closeness: 1,
    blankOptions: 4,
    maxBlanks: 2,
    mcqLongest: { used: 0, max: 10 },
    blankLongest: { used: 0, max: 10 },
    usedKeys: new Set(),
    allowReuse: false,
  });

  it('offers three members and an outsider of their category that no list names with them', () => {
    const candidates = zhListCandidates(a, a.sentences, (s) => s.usable);
    const taxes = candidates.find((c) => c.sentence.text.startsWith('國會有權'))!;
    expect(taxes.answers.map((x) => x.text)).toEqual(['直接稅', '間接稅', '關稅']);
    const draft = taxes.build(ctx(), 'multiple_choice', true)!;
    expect(draft.keys).toHaveLength(1);
    const key = draft.keys[0]!;
    expect(['進口稅', '出口稅', '噸位稅']).toContain(key);
    expect(draft.choices).toEqual(expect.arrayContaining(['直接稅', '間接稅', '關稅', key]));
    // The passage is shown with its list blanked: no member is visible in the stem.
    for (const m of ['直接稅', '間接稅', '關稅']) expect(draft.question).not.toContain(m);
    expect(draft.question).toContain('「不是」');
    // Only as a choice item: a statement or a blank would ask one member again.
    expect(taxes.build(ctx(), 'true_false', true)).toBeUndefined();
  });

  it('writes no item for a list without a shared category (an outsider could be anything)', () => {
    const b = material([
      '公民社會的空間包括表達意見、集會與結社的自由，這是民主的基礎。',
      '學校的課程包括數學、國文與英文，每一科都有考試。',
    ]);
    for (const c of zhListCandidates(b, b.sentences, (s) => s.usable))
      expect(c.build({ ...ctx(), a: b }, 'multiple_choice', true)).toBeUndefined();
  });
});

describe('long transcripts: run-on turns lend their opening clauses', () => {
  const long =
    '另外，我們是連結、媒合的單位，所以我們發現在國際上碰到這樣子的網路攻擊、韌性上的挑戰不只我們，' +
    '我們在兩個月前去義大利跟包含烏克蘭在內的十七個國家的數位首長都有這一方面的討論，' +
    '大家其實都不會閉門造車，都想出一些辦法來，如果有人要把做到一半的東西帶往不同的方向，' +
    '也都可以公開討論，我們也把這些做法整理成報告，讓其他國家的數位部門可以直接參考使用，' +
    '這樣大家在碰到同樣的攻擊時就不用從頭開始。';
  const a = material([['唐鳳', long]]);
  const sentence = a.sentences.find((s) => s.text.startsWith('另外'))!;

  it('keeps a long sentence out of stems but lends verbatim windows of whole clauses', () => {
    expect(sentence.usable).toBe(false);
    expect(lendsWindows(sentence, 'zh')).toBe(true);
    const windows = clauseWindows(sentence);
    expect(windows.length).toBeGreaterThanOrEqual(2);
    for (const w of windows) {
      expect(sentence.text.includes(w.text)).toBe(true);
      expect(w.text.length).toBeLessThanOrEqual(120);
      expect(w.text).not.toMatch(/^[，,]|^(?:如果|因為|雖然)/u);
      expect(w.text).not.toMatch(/[，,]$/u);
      for (const m of w.mentions) expect(w.text.slice(m.start, m.end)).toBe(m.text);
    }
    // Two windows of one turn are two sentences to selection.
    expect(new Set(windows.map((w) => w.id)).size).toBe(windows.length);
  });
});

describe('long transcripts give the count asked', () => {
  const generator = createBuiltinGenerator();
  let resilience: ExtractedDocument;
  beforeAll(async () => {
    const file = path.join(STUDY_CORPUS_DIR, 'transcripts/zh_digital_resilience_talk.md');
    const fileName = path.basename(file);
    resilience = await extractDocument([
      { fileId: fileName, path: file, fileName, kind: await sniffKind(file, fileName) },
    ]);
  }, 120_000);
  afterAll(() => closeExtractionWorkers());

  const settings = (over: Partial<QuizSettings>): QuizSettings => ({
    questionCount: 10,
    questionTypes: [...QUESTION_TYPES],
    difficulty: 'basic',
    language: 'zh-TW',
    ...over,
  });

  it('gives 10 at basic and 20 at expert for a 35 KB talk, none from the host', async () => {
    // Before: 9 of 10 and 18–19 of 20 with NOT_ENOUGH_MATERIAL.
    const minor = findSpeakers(analyseDocument(resilience, () => {}).sentences).minor!;
    expect(minor.has('張培鏞（司儀）')).toBe(true);
    for (const seed of [7, 11]) {
      const basic = await generator.generate(resilience, settings({ seed }));
      expect(basic.questions).toHaveLength(10);
      expect(basic.notices.some((n) => n.code === 'NOT_ENOUGH_MATERIAL')).toBe(false);
      const expert = await generator.generate(
        resilience,
        settings({ seed, difficulty: 'expert', questionCount: 20 }),
      );
      expect(expert.questions).toHaveLength(20);
      for (const q of [...basic.questions, ...expert.questions]) {
        const where = q.citation.location;
        const label = where.kind === 'paragraph' ? where.headingPath?.at(-1) : undefined;
        expect(minor.has(label?.replace(/[:：]$/u, '') ?? '')).toBe(false);
      }
    }
  }, 120_000);
});
