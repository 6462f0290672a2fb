import { describe, expect, it } from 'vitest';
import { findNumbers } from '../../api/quizgen/builtin/numbers.js';
import { barePronounSubject, isDependentClause } from '../../api/quizgen/builtin/zh-clauses.js';
import {
  blankAfterPointer,
  modalHuiKey,
  zhLacksContext,
  zhStatementText,
} from '../../api/quizgen/builtin/zh-context.js';
import { isNumberWorthAskingZh } from '../../api/quizgen/builtin/zh-importance.js';

// Round 6 (decision 0050): the zh failure classes of hold-out v6 — stems and statements
// without their context, incidental numbers, conversational true/false statements.

const inTurn = (speaker: string) => ({
  location: {
    kind: 'paragraph' as const,
    index: 3,
    headingPath: ['2017-01-09 專訪', `${speaker}：`],
  },
});
const inColumn = { location: { kind: 'paragraph' as const, index: 3, headingPath: ['專欄'] } };

describe('true/false statements stand alone', () => {
  it('refuses a statement whose pointer or pronoun reaches outside it', () => {
    const at = inColumn;
    expect(zhStatementText('這已經促使澳洲在今年底禁止未滿十六歲兒少使用社群平台。', at)).toBe(
      undefined,
    );
    expect(zhStatementText('經過幾輪審議，他們確定了這些橋接共識。', at)).toBe(undefined);
    expect(zhStatementText('如經複議後，該院三分之二議員同意通過該議案。', at)).toBe(undefined);
    expect(zhStatementText('剛剛提到的平台已經有上百位公務員在用。', at)).toBe(undefined);
    expect(zhStatementText('在我們國家，電競屬於技藝文化。', at)).toBe(undefined);
  });

  it('refuses conversational fragments', () => {
    const at = inTurn('唐鳳');
    // A clause cut at a comma of a run-on turn.
    expect(zhStatementText('我們的約聘比例也比一般部會來得高，公務員對約聘的情況', at)).toBe(
      undefined,
    );
    expect(zhStatementText('未來比較會有同理心，大概是這樣的想法。', at)).toBe(undefined);
    expect(zhStatementText('沒有消失，只是變成民主化，變成每個人都可以做。', at)).toBe(undefined);
    expect(zhStatementText('像司法警察調度條例之類的，也可以進行連署。', at)).toBe(undefined);
    expect(zhStatementText('你現在應該讀你的書。', at)).toBe(undefined);
  });

  it('names the speaker of a transcript turn, or the author of a column, for 我', () => {
    expect(zhStatementText('我大概三年前退休。', inTurn('唐鳳'))).toBe('唐鳳大概三年前退休。');
    expect(zhStatementText('今年二月在巴黎，我與 Eric Schmidt 啟動 ROOST 基金會。', inColumn)).toBe(
      '今年二月在巴黎，作者與 Eric Schmidt 啟動 ROOST 基金會。',
    );
    // 我們 stays; a 我 inside a quotation is someone else's and drops the item.
    expect(zhStatementText('我們每週一有一個工作會議。', inTurn('唐鳳'))).toBe(
      '我們每週一有一個工作會議。',
    );
    expect(zhStatementText('院長說：「我支持開放政府。」', inTurn('唐鳳'))).toBe(undefined);
  });

  it('keeps a plain statement of fact, 其他 / 因此 / 應該 / 其中 inside', () => {
    const at = inColumn;
    const fact = '例如在泰國，冒犯君王屬於違法內容，但在其他國家的外國公民，就可以自由談論。';
    expect(zhStatementText(fact, at)).toBe(fact);
    const inside = '當今社會需要全方面的數位轉型，其中很重要的是有監理法規的行業。';
    expect(zhStatementText(inside, at)).toBe(inside);
    const rule = '參議員因此應該分為人數儘可能相等的三個組。';
    expect(zhStatementText(rule, at)).toBe(rule);
  });
});

describe('stems carry their context', () => {
  it('refuses a subject that is a bare pointer before its verb', () => {
    expect(barePronounSubject('這已經促使澳洲在今年底，禁止未滿十六歲兒少使用社群平台。')).toBe(
      true,
    );
    expect(barePronounSubject('但是這是非常重要的法人。')).toBe(true);
    expect(barePronounSubject('最後，它會判斷這是否符合安全政策。')).toBe(true);
    expect(barePronounSubject('這個制度讓公民可以參與預算的討論。')).toBe(false);
  });

  it('refuses stems pointing back at the talk or at the speaker’s place', () => {
    expect(zhLacksContext('剛剛提到的_____，其實是開放政府的一部分。')).toBe(true);
    expect(zhLacksContext('在我們國家，它是一種_____。')).toBe(true);
    expect(zhLacksContext('數位發展部在2022年成立。')).toBe(false);
  });

  it('refuses a blank right after a pointer, not after 因此 / 應該', () => {
    const at = (text: string) => blankAfterPointer(text, text.indexOf('_'));
    expect(at('這樣的_____是一種公開承諾的方式。')).toBe(true);
    expect(at('這個_____成立的時候，大家都有共同的期待。')).toBe(true);
    expect(at('因此_____需要一部作用法。')).toBe(false);
    expect(at('政府應該_____。')).toBe(false);
  });
});

describe('numbers: the point of the sentence, not an aside', () => {
  const ask = (text: string, numeral: string) => {
    const numbers = findNumbers(text);
    const n = numbers.find((x) => x.text.startsWith(numeral))!;
    expect(n, `${numeral} in ${text}`).toBeDefined();
    return isNumberWorthAskingZh({ text, numbers }, n);
  };

  it('asks no span back from the day of the talk, no split count, no anecdotal age', () => {
    expect(ask('現在的小孩跟十年前不一樣，看到螢幕就想滑。', '十年')).toBe(false);
    expect(ask('這一些運動在二十年前確實是比較小眾的運動。', '二十年')).toBe(false);
    expect(ask('歷經八個月研發，模型終於釋出。', '八個')).toBe(false);
    expect(ask('但現在八十歲也有在用LINE。', '八十歲')).toBe(false);
  });

  it('still asks an age a rule sets, a date, and a duration after an event', () => {
    expect(ask('凡年齡不滿二十五歲者，不得擔任眾議員。', '二十五歲')).toBe(true);
    expect(ask('逐字稿在十天之後經與會者修訂，再公開在網站上。', '十天')).toBe(true);
    expect(ask('臺灣在1996年以前沒有總統直選。', '1996年')).toBe(true);
  });
});

describe('keys: a word and the modal 會 are no organisation', () => {
  const key = (text: string, word: string) => {
    const start = text.indexOf(word);
    return modalHuiKey(text, { text: word, end: start + word.length });
  };
  it('refuses 學生會 in 「學生會覺得…」 and keeps 學生會 as a body', () => {
    expect(key('學生會覺得是有自己的需求，技術是要回應他的需求。', '學生會')).toBe(true);
    expect(key('委員會認為這個方案可行。', '委員會')).toBe(true);
    expect(key('學生會舉辦了一場座談。', '學生會')).toBe(false);
    expect(key('我們請金管會協助輔導。', '金管會')).toBe(false);
  });
});

describe('windows: no clause that only sets the scene', () => {
  it('treats 「因此在這一個過程中」 as waiting for its main clause', () => {
    expect(isDependentClause('因此在這一個過程中')).toBe(true);
    expect(isDependentClause('所以在這個方面')).toBe(true);
    expect(isDependentClause('我們在這個過程中學到很多')).toBe(false);
  });
});
