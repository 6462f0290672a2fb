import { describe, expect, it } from 'vitest';
import { mentionAnswer } from '../support/quizgen-material.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument, type DocAnalysis } from '../../api/quizgen/builtin/analysis.js';
import type { Distractor } from '../../api/quizgen/builtin/distractors.js';
import { findNumbers } from '../../api/quizgen/builtin/numbers.js';
import { typedZhDistractors } from '../../api/quizgen/builtin/zh-distractors.js';
import {
  isNumberWorthAskingZh,
  isWorthKnowingZh,
} from '../../api/quizgen/builtin/zh-importance.js';

/*
 * Round 7 of issue 16 for Chinese (decision 0053): blanks worth asking and options that are
 * not a second right answer. The classes come from the tally of the seen graded hold-outs
 * (v5–v7); every passage here is written for these tests.
 */

/** A material of paragraphs; with `speakers`, turns alternate between two speakers' labels. */
function material(paragraphs: string[], speakers?: [string, string], title = '訪談'): DocAnalysis {
  const doc: ExtractedDocument = {
    language: 'zh-TW',
    warnings: [],
    blocks: paragraphs.map((text, index) => ({
      fileId: 'f.md',
      text,
      location: {
        kind: 'paragraph' as const,
        index,
        headingPath: speakers ? [title, `${speakers[index % 2]}：`] : ['文章'],
      },
    })),
  };
  return analyseDocument(doc, () => {});
}

const termAnswer = mentionAnswer;

const option = (text: string): Distractor => ({ text, relation: 'head' });

/** The options of a set that typedZhDistractors keeps for the key's blank. */
function keptOptions(a: DocAnalysis, key: string, texts: string[]): string[] {
  const { answer, sentence } = termAnswer(a, key);
  return typedZhDistractors(a, answer, texts.map(option), sentence).map((d) => d.text);
}

function numberIn(text: string, value: string) {
  const numbers = findNumbers(text);
  const n = numbers.find((x) => x.text === value);
  if (!n) throw new Error(`no number ${value} in ${text}`);
  return { sentence: { text, numbers }, n };
}

describe('blanks worth asking', () => {
  it("refuses a key a speaker gives only as an example, and keeps a writer's example", () => {
    const turns = [
      '你們在國外的時候怎麼處理公文？',
      '好比在德國的時候，我也要用手機查看臺灣的電子郵件，所以系統一定要能遠端登入。',
      '那德國的同事怎麼看這件事？',
      '他們覺得遠端登入很正常，德國很多機關早就這樣做了。',
    ];
    const talk = material(turns, ['記者', '部長']);
    const spoken = termAnswer(talk, '德國');
    expect(isWorthKnowingZh(talk, spoken.sentence, spoken.answer, spoken.answer.term)).toBe(false);
    const prose = material(turns.filter((_, i) => i % 2 === 1));
    const written = termAnswer(prose, '德國');
    expect(isWorthKnowingZh(prose, written.sentence, written.answer, written.answer.term)).toBe(
      true,
    );
  });

  it('does not take an everyday word (政府) for marked because a marked compound holds it', () => {
    const a = material([
      '我們推動「開放政府」，讓民眾看得到決策的過程。',
      '這一件事是這一任政府最大的差別，政策形成的時候就納入大家的看法。',
      '政府的角色是提供平台，民眾的角色是提出意見。',
    ]);
    const { answer, sentence } = termAnswer(a, '政府', '這一任');
    expect(isWorthKnowingZh(a, sentence, answer, answer.term)).toBe(false);
  });

  it('refuses a place a talk names in one sentence only, and keeps one it keeps naming', () => {
    const turns = [
      '臺灣的公民社會現在發展得怎麼樣？',
      '我們在表達意見跟集會結社的自由上，是亞洲最開放的，所以開源的文化才有意義。',
      '那愛沙尼亞的經驗呢？',
      '愛沙尼亞很早就有數位身分，我們去愛沙尼亞看過他們的做法。',
      '愛沙尼亞的做法可以直接用在臺灣嗎？',
      '不一定，愛沙尼亞的人口比較少，臺灣要自己想辦法。',
    ];
    const talk = material(turns, ['記者', '部長']);
    const passing = termAnswer(talk, '亞洲');
    expect(isWorthKnowingZh(talk, passing.sentence, passing.answer, passing.answer.term)).toBe(
      false,
    );
    const named = termAnswer(talk, '愛沙尼亞');
    expect(isWorthKnowingZh(talk, named.sentence, named.answer, named.answer.term)).toBe(true);
  });

  it('refuses a span counted on from the day of speaking (過兩天)', () => {
    const { sentence, n } = numberIn('我覺得搞不好過兩天就要往那個方向走了。', '兩天');
    expect(isNumberWorthAskingZh(sentence, n)).toBe(false);
  });
});

describe('options that are of the key’s kind and not a second right answer', () => {
  it('offers after a measure word only nouns the material counts with it (五家銀行)', () => {
    const a = material([
      '如果五家銀行各放一台區塊鏈的伺服器，就等於一個分散式資料庫。',
      '兩家券商也想加入，但是交易模式還沒有確定。',
      '換成台幣的時候，手續費由銀行負責。',
    ]);
    const kept = keptOptions(a, '銀行', ['券商', '模式', '台幣']);
    expect(kept).toContain('券商');
    expect(kept).not.toContain('模式');
    expect(kept).not.toContain('台幣');
  });

  it('offers no adverb glued to the modal 會 beside a meeting (勢必會 beside 公聽會)', () => {
    const a = material([
      '如我在公聽會分享的，金融科技對銀行並不是衝擊。',
      '這樣的規定勢必會影響業者，研討會上大家也提到了。',
      '金管會表示，下一次公聽會會在三月舉行，研討會則在四月。',
    ]);
    const kept = keptOptions(a, '公聽會', ['勢必會', '研討會', '金管會']);
    expect(kept).not.toContain('勢必會');
    expect(kept).toContain('研討會');
  });

  it('offers no word the material itself writes in the key’s place (辦這個座談會)', () => {
    const a = material([
      '我們今天辦這個討論會，是想聽聽社會企業的意見。',
      '上個月辦這個座談會的時候，大家也談了公司法。',
      '公聽會跟研討會都有人提到同樣的問題。',
    ]);
    const kept = keptOptions(a, '討論會', ['座談會', '公聽會', '研討會']);
    expect(kept).not.toContain('座談會');
    expect(kept).toContain('研討會');
  });

  it('offers no word the title names after a pointer at the occasion itself (這個_____)', () => {
    const a = material(
      [
        '我們先請業者發言。',
        '我們參加這個討論會，是希望公司法的修正可以讓社會企業更容易成立。',
        '上次的公聽會跟研討會也有人提到同樣的問題嗎？',
        '有，公聽會跟研討會都談過，討論會的紀錄也會公開在網路上。',
        '座談會之後會整理大家的意見嗎？',
        '會，座談會之後我們會把意見整理給主管機關。',
      ],
      ['主持人', '業者'],
      '公司法修法第二次焦點座談會',
    );
    const { answer, sentence } = termAnswer(a, '討論會', '這個討論會');
    const kept = typedZhDistractors(
      a,
      answer,
      [option('座談會'), option('公聽會'), option('研討會')],
      sentence,
    ).map((d) => d.text);
    expect(kept).not.toContain('座談會');
    expect(kept).toContain('研討會');
  });
});
