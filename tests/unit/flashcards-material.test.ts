import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { isStudyPair, materialTermCards } from '../../api/flashcards/material-cards.js';

/*
 * A material's term ↔ definition cards (docs/decisions/0029-flashcards.md): only sentences
 * that define a term on their own, each term once, in the material's order. The real-document
 * case (a statistics textbook) is in tests/api/flashcards.test.ts.
 */

const doc = (language: 'zh-TW' | 'en', paragraphs: string[]): ExtractedDocument => ({
  blocks: paragraphs.map((text, index) => ({
    fileId: 'f1',
    text,
    location: { kind: 'paragraph', index },
  })),
  language,
  warnings: [],
});

const pairs = (d: ExtractedDocument) => materialTermCards(d).map((c) => [c.term, c.definition]);

describe('material term cards', () => {
  it('reads 「X是指…」, 「所謂X，是…」 and 「…稱為X」 in Chinese', () => {
    const d = doc('zh-TW', [
      '光合作用是指植物利用光能把二氧化碳和水轉化為有機物並釋放氧氣的過程。',
      '細胞中負責產生能量的胞器稱為粒線體。',
      '所謂「生態系」，是指生物群落與其無機環境相互作用而形成的統一整體。',
      '如果溫度太高，這種反應稱為變性。',
      '今天天氣很好，我們一起去公園散步，看看花草樹木。',
    ]);
    expect(pairs(d)).toEqual([
      ['光合作用', '植物利用光能把二氧化碳和水轉化為有機物並釋放氧氣的過程'],
      ['粒線體', '細胞中負責產生能量的胞器'],
      ['生態系', '生物群落與其無機環境相互作用而形成的統一整體'],
    ]);
    const [first] = materialTermCards(d);
    expect(first!.source).toMatchObject({
      fileId: 'f1',
      location: { kind: 'paragraph', index: 0 },
    });
  });

  it('keeps English definitions and drops clauses, pointers, conditions and judgements', () => {
    const d = doc('en', [
      'A hypothesis test is a statistical technique used to evaluate competing claims using data.',
      'The previous example is a reminder that samples vary from one to the next.',
      'When individuals are randomly assigned to a group, the experiment is called a randomized experiment.',
      'Data collected in this haphazard fashion are called anecdotal evidence.',
      'The term replication crisis refers to the ongoing crisis in which past findings could not be reproduced.',
      'A study is an experiment, as subjects were randomly assigned a file.',
      'Fat bytecodes are a problem for the compiler because they need special cases.',
      'The best case is a loop where the types at the loop edge are the same as on entry.',
    ]);
    expect(pairs(d)).toEqual([
      ['hypothesis test', 'A statistical technique used to evaluate competing claims using data'],
      ['replication crisis', 'The ongoing crisis in which past findings could not be reproduced'],
    ]);
  });

  it('answers no cards for a document without definitions, and refuses junk pairs', () => {
    expect(materialTermCards(doc('en', []))).toEqual([]);
    expect(materialTermCards(doc('en', ['We met on Monday and talked for an hour.']))).toEqual([]);
    expect(isStudyPair('42', 'the answer to everything', 'en')).toBe(false);
    expect(isStudyPair('x', 'a variable of the model in use', 'en')).toBe(false);
    expect(isStudyPair('link', 'see https://example.com for more', 'en')).toBe(false);
    expect(isStudyPair('census', 'all', 'en')).toBe(false);
    expect(isStudyPair('census', 'Collecting data for an entire population', 'en')).toBe(true);
  });
});
