import { describe, expect, it } from 'vitest';
import {
  composeAccents,
  joinInline,
  joinLine,
  removeCjkSpaces,
  Vocabulary,
} from '../../api/extract/pdf/join-text.js';

describe('joining lines of extracted text', () => {
  it('mends a word broken by a hyphen at the end of a line', () => {
    expect(joinLine('type speci-', 'alization of traces')).toBe('type specialization of traces');
    expect(joinLine('a soft hyphen\u00ad', 'ated word')).toBe('a soft hyphenated word');
  });

  it('keeps the hyphen when the document spells the word with one', () => {
    const vocabulary = new Vocabulary();
    vocabulary.addLine('efficient type-specialized code for traces');
    expect(joinLine('nested, type-', 'specialized trace trees', vocabulary)).toBe(
      'nested, type-specialized trace trees',
    );
    // ...and drops it before a capital when the document writes the word closed up.
    vocabulary.addLine('TraceMonkey supports all the features');
    expect(joinLine('tracing VM Trace-', 'Monkey.', vocabulary)).toBe('tracing VM TraceMonkey.');
    expect(joinLine('the non-', 'American case')).toBe('the non-American case');
  });

  it('adds no space between CJK characters and one between Latin words', () => {
    expect(joinLine('依公共危險物品的規定，自反', '應物質屬何種')).toBe(
      '依公共危險物品的規定，自反應物質屬何種',
    );
    expect(joinLine('火災之原理。', '（25 分）')).toBe('火災之原理。（25 分）');
    expect(joinLine('the compiler', 'can no longer')).toBe('the compiler can no longer');
    expect(joinInline('燃燒', 'Fuel')).toBe('燃燒 Fuel');
    expect(removeCjkSpaces('高 等 暨 普 通 考 試、普 通')).toBe('高等暨普通考試、普通');
    // Korean writes spaces between words: they stay.
    expect(removeCjkSpaces('한국어 문장')).toBe('한국어 문장');
  });

  it('composes accents drawn as separate glyphs', () => {
    expect(composeAccents('a na\u00a8\u0131ve implementation')).toBe('a naïve implementation');
    expect(composeAccents('\u00b4etude')).toBe('étude');
  });
});
