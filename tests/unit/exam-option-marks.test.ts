import { describe, expect, it } from 'vitest';
import { markOptions, optionMarks, splitsOptionGrid } from '../../api/extract/pdf/option-marks.js';

// The option letters (A)–(D) of the national papers extract as these private-use glyphs.
const [A, B, C, D] = ['\ue18c', '\ue18d', '\ue18e', '\ue18f'];

describe('glyph-letter option marks in PDF extraction', () => {
  it('keeps lone private-use glyphs with a consecutive neighbour, not a repeated bullet', () => {
    const items = [A, 'text', B, C, D, '\uf06c', '\uf06c', `${A}x`].map((str) => ({ str }));
    expect([...optionMarks(items)].sort()).toEqual([A, B, C, D]);
  });

  it('writes options told apart by position: a line break, spaces between, none inside', () => {
    expect(markOptions(`1 熱釋放率為： ${A}1 MW ${B}1 kW ${C}10 MW ${D}10 kW`)).toBe(
      '1 熱釋放率為：\n1\u00a0MW 1\u00a0kW 10\u00a0MW 10\u00a0kW',
    );
    // Read as plain text, the options still appear as printed with one space between them.
    expect(markOptions(`2 何者不包括？ ${A}熱能 ${B}連鎖反應 ${C}氧氣 ${D}可燃物`)).toContain(
      '熱能 連鎖反應 氧氣 可燃物',
    );
  });

  it('drops marks that are not one run of letters (two questions, letters out of order)', () => {
    expect(markOptions(`3 何者？ ${A}甲 ${C}丙`)).toBe('3 何者？ 甲 丙');
    expect(markOptions(`${A}a ${B}b 4 何者？ ${A}c ${B}d`)).toBe('a b 4 何者？ c d');
  });

  it('refuses a column gutter between options printed two by two', () => {
    const left = [{ text: `${A}甲` }, { text: `${C}丙` }, { text: '5 下列何者正確？' }];
    expect(splitsOptionGrid(left, [{ text: `${B}乙` }, { text: `${D}丁` }])).toBe(true);
    // A real right-hand column of questions holds first letters too.
    expect(splitsOptionGrid(left, [{ text: `${A}戊` }, { text: `${B}己` }])).toBe(false);
    expect(splitsOptionGrid([{ text: 'prose' }], [{ text: 'prose' }])).toBe(false);
  });
});
