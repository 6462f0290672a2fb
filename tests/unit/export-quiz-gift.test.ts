import { describe, expect, it } from 'vitest';
import { escapeGift, renderQuizGift } from '../../api/export/quiz-gift.js';
import { quizExport } from '../../api/export/quiz-questions.js';
import { cleanText } from '../../api/export/labels.js';
import { tricky, zhQuiz } from './export-quiz-fixtures.js';

/*
 * A small GIFT reader, written from Moodle's format description, to read the files back:
 * `\x` is a literal x (`\n` a line break), ~ = # { } : unescaped are syntax.
 */
type Token = { special: string } | { text: string };

function tokens(src: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\' && i + 1 < src.length) {
      const next = src[++i]!;
      out.push({ text: next === 'n' ? '\n' : next });
    } else if ('~=#{}:'.includes(ch)) out.push({ special: ch });
    else out.push({ text: ch });
  }
  return out;
}

interface GiftQuestion {
  name: string;
  before: string;
  after: string;
  answers: Array<{ right: boolean; text: string }>;
  raw: string;
  feedback?: string;
}

function parseQuestion(block: string): GiftQuestion {
  const t = tokens(block);
  let i = 0;
  const isSpecial = (k: number, ch: string) => {
    const tok = t[k];
    return tok !== undefined && 'special' in tok && tok.special === ch;
  };
  const text = (k: number) => {
    const tok = t[k];
    return tok && 'text' in tok ? tok.text : '';
  };
  expect(isSpecial(0, ':') && isSpecial(1, ':')).toBe(true);
  i = 2;
  let name = '';
  while (!(isSpecial(i, ':') && isSpecial(i + 1, ':'))) name += text(i++);
  i += 2;
  let before = '';
  while (i < t.length && !isSpecial(i, '{')) {
    expect('special' in t[i]!, `unescaped ${JSON.stringify(t[i])} in ${block}`).toBe(false);
    before += text(i++);
  }
  i += 1;
  const answers: GiftQuestion['answers'] = [];
  let raw = '';
  let feedback: string | undefined;
  while (i < t.length && !isSpecial(i, '}')) {
    if ([0, 1, 2, 3].every((k) => isSpecial(i + k, '#'))) {
      i += 4;
      feedback = '';
      while (!isSpecial(i, '}')) feedback += text(i++);
      break;
    }
    if (isSpecial(i, '=') || isSpecial(i, '~')) {
      answers.push({ right: isSpecial(i, '='), text: '' });
      i += 1;
      continue;
    }
    expect('special' in t[i]!, `unescaped ${JSON.stringify(t[i])} in ${block}`).toBe(false);
    if (answers.length) answers[answers.length - 1]!.text += text(i);
    raw += text(i);
    i += 1;
  }
  i += 1;
  let after = '';
  while (i < t.length) after += text(i++);
  return {
    name: name.trim(),
    before: before.trim(),
    after: after.trim(),
    answers: answers.map((a) => ({ ...a, text: a.text.trim() })),
    raw: raw.trim(),
    feedback: feedback?.trim(),
  };
}

const parseGift = (src: string) =>
  src
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter((b) => b && !b.startsWith('//'))
    .map(parseQuestion);

describe('GIFT escaping', () => {
  it('escapes = ~ # { } : and the backslash, and writes line breaks as \\n', () => {
    expect(escapeGift('=')).toBe('\\=');
    expect(escapeGift('~')).toBe('\\~');
    expect(escapeGift('#')).toBe('\\#');
    expect(escapeGift('{')).toBe('\\{');
    expect(escapeGift('}')).toBe('\\}');
    expect(escapeGift(':')).toBe('\\:');
    expect(escapeGift('C:\\x')).toBe('C\\:\\\\x');
    expect(escapeGift('一行\n兩行')).toBe('一行\\n兩行');
    expect(escapeGift('a = b ~ c # d {e} f: g')).toBe('a \\= b \\~ c \\# d \\{e\\} f\\: g');
    // Nothing special is left bare.
    expect(escapeGift('{x : x = 1} #1 ~ \\')).not.toMatch(/(^|[^\\])(\\\\)*[~=#{}:]/);
  });
});

describe('quiz as Moodle GIFT', () => {
  it('maps each type and keeps the zh-TW text intact when read back (free: no feedback)', () => {
    const gift = renderQuizGift(
      quizExport({ title: '細胞：構造與功能', language: 'zh-TW' }, zhQuiz, false),
    );
    expect(gift.startsWith('// Mnemo — 細胞：構造與功能\n')).toBe(true);
    const [mc, tf, blank1, blank2, short] = parseGift(gift);
    expect(parseGift(gift)).toHaveLength(5);

    expect(mc!.before).toBe('植物進行光合作用的胞器是？');
    expect(mc!.answers).toEqual([
      { right: false, text: '粒線體' },
      { right: true, text: '葉綠體' },
      { right: false, text: '細胞核' },
      { right: false, text: '核糖體' },
    ]);
    expect(tf!.before).toBe('細胞膜具有選擇性通透的特性。');
    expect(tf!.raw).toBe('TRUE');
    // Two blanks: two missing-word questions, the other blank filled in with its key.
    expect(blank1!.before).toBe('植物細胞有');
    expect(blank1!.answers).toEqual([
      { right: true, text: '細胞壁' },
      { right: false, text: '中心粒' },
    ]);
    expect(blank1!.after).toBe('與 葉綠體，動物細胞則沒有。');
    expect(blank2!.before).toBe('植物細胞有 細胞壁 與');
    expect(blank2!.answers.find((a) => a.right)!.text).toBe('葉綠體');
    expect(blank2!.after).toBe('，動物細胞則沒有。');
    expect(blank1!.name).toMatch(/^Q03 \(1\/2\)/);
    expect(short!.before).toBe('包圍細胞、控制物質進出的構造是什麼？');
    expect(short!.answers).toEqual([
      { right: true, text: '細胞膜' },
      { right: true, text: '質膜' },
    ]);
    for (const q of parseGift(gift)) expect(q.feedback).toBeUndefined();
    expect(gift).not.toContain('教材第 3 頁');
  });

  it('reads back special characters exactly, with premium explanation and citation as feedback', () => {
    const gift = renderQuizGift(quizExport({ title: 'Symbols', language: 'zh-TW' }, tricky, true));
    const [mc, short, tf] = parseGift(gift);
    expect(mc!.before).toBe(tricky[0]!.question);
    expect(mc!.answers.map((a) => a.text)).toEqual(tricky[0]!.options!.map((o) => o.text));
    expect(mc!.answers.map((a) => a.right)).toEqual([false, false, true, false]);
    expect(mc!.feedback).toBe(
      '集合以 {} 表示；「=」是等號。\n出處：第 3 頁「集合寫作 {x : x = 1}，含 # 與 ~ 符號。」',
    );
    expect(short!.before).toBe(cleanText(tricky[1]!.question));
    expect(short!.answers).toEqual([
      { right: true, text: '=SUM(A1:A2)' },
      { right: true, text: '+1' },
    ]);
    expect(tf!.raw).toBe('FALSE');
    expect(tf!.before).toBe('# 開頭的敘述：1 + 1 = 2');
  });
});
