import { describe, expect, it } from 'vitest';
import { normalizeShortAnswer, shortAnswerMatches } from '../../api/scoring/short-answer.js';
import { parseTrueFalse } from '../../api/scoring/true-false.js';

describe('true/false answers', () => {
  it.each([
    'true',
    'TRUE',
    'True',
    'ｔｒｕｅ',
    't',
    'yes',
    'Y',
    '1',
    '１',
    '是',
    '對',
    '正確',
    '真',
    '○',
    'O',
    'ｏ',
    '✓',
    ' 正確。 ',
  ])('reads %j as true', (text) => {
    expect(parseTrueFalse(text)).toBe(true);
  });

  it.each([
    'false',
    'FALSE',
    'False',
    'Ｆａｌｓｅ',
    'f',
    'no',
    'N',
    '0',
    '否',
    '錯',
    '錯誤',
    '错误',
    '假',
    '×',
    'X',
    'ｘ',
    '✗',
  ])('reads %j as false', (text) => {
    expect(parseTrueFalse(text)).toBe(false);
  });

  it.each(['', '   ', 'maybe', '對錯', 'truth', '2', undefined])('reads %j as neither', (text) => {
    expect(parseTrueFalse(text)).toBeUndefined();
  });
});

describe('short answers', () => {
  it('folds width, case, punctuation, symbols, spaces and Simplified characters', () => {
    expect(normalizeShortAnswer(' ＣＥＬＬ membrane ')).toBe('cellmembrane');
    expect(normalizeShortAnswer('cell-membrane')).toBe('cellmembrane');
    expect(normalizeShortAnswer('「细胞膜」。')).toBe('細胞膜');
    expect(normalizeShortAnswer('光合作用！')).toBe('光合作用');
  });

  it.each([
    ['細胞膜', ['細胞膜']],
    ['细胞膜', ['細胞膜']],
    ['細胞膜。', ['細胞膜']],
    ['细胞膜', ['细胞膜']],
    ['叶绿体', ['葉綠體']],
    [' ＣＥＬＬ membrane ', ['cell-membrane']],
    ['Cell Membrane.', ['cell membrane']],
    ['质膜', ['細胞膜', '質膜']],
    ['1,000', ['1000']],
    ['COVID-19', ['covid 19']],
    ['３．１４', ['3.14']],
  ])('accepts %j for %j', (given, accepted) => {
    expect(shortAnswerMatches(given, accepted)).toBe(true);
  });

  it.each([
    ['細胞壁', ['細胞膜']],
    ['membran', ['membrane']],
    ['cell', ['cell membrane']],
    ['3.14', ['314']],
    ['-5', ['5']],
    ['', ['細胞膜']],
    ['   ', ['細胞膜']],
    ['。！', ['細胞膜']],
    ['', ['']],
    ['？', ['!']],
    ['細胞膜', []],
  ])('rejects %j for %j', (given, accepted) => {
    expect(shortAnswerMatches(given, accepted)).toBe(false);
  });

  it('marks each submission of the same key by its own answer (the key is folded once, the answer every time)', () => {
    const accepted = ['細胞膜', '質膜'];
    const marks = ['细胞膜', '細胞壁', '質膜。', '', '細胞膜'].map((given) =>
      shortAnswerMatches(given, accepted),
    );
    expect(marks).toEqual([true, false, true, false, true]);
    // A key that folds like an earlier one is still its own: 'membrane' is not 'cell membrane'.
    expect(shortAnswerMatches('membrane', ['cell membrane'])).toBe(false);
    expect(shortAnswerMatches('membrane', ['membrane'])).toBe(true);
  });
});

describe('short answers a teacher would accept (issue 16, class 3)', () => {
  it.each([
    ['台灣', ['臺灣']],
    ['臺北', ['台北']],
    ['台湾', ['臺灣']],
    ['這裏', ['這裡']],
    ['100 percent', ['100%']],
    ['100 per cent', ['100%']],
    ['百分之百', ['100%']],
    ['百分之二十五', ['25%']],
    ['100', ['100%']],
    ['１００％', ['100 percent']],
    ['二十五', ['25']],
    ['第三', ['第3']],
    ['5 kilometres', ['5 km']],
    ['5公里', ['5 km']],
    ['3 hours', ['3小時']],
    ['Cells', ['cell']],
    ['studies', ['study']],
    ['the control group', ['control groups']],
    ['ＤＮＡ', ['dna']],
  ])('accepts %j for %j', (given, accepted) => {
    expect(shortAnswerMatches(given, accepted)).toBe(true);
  });

  it.each([
    ['5 km', ['5 m']],
    ['25%', ['2.5%']],
    ['二十', ['25']],
    ['cell', ['cell membrane']],
    ['class', ['cla']],
    ['analysis', ['analysi']],
    ['3 hours', ['3 minutes']],
  ])('still rejects %j for %j', (given, accepted) => {
    expect(shortAnswerMatches(given, accepted)).toBe(false);
  });
});
