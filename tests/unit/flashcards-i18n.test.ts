import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zh from '../../src/i18n/locales/zh-TW/flashcards.json';
import en from '../../src/i18n/locales/en/flashcards.json';
import zhOffline from '../../src/i18n/locales/zh-TW/offline.json';
import enOffline from '../../src/i18n/locales/en/offline.json';
import { OFFLINE_NAMESPACES, OFFLINE_PAGES } from '../../scripts/build-manifest';

/*
 * Every flashcards string exists in zh-TW and en, every key the flashcards code asks for is
 * there, and the pages with their strings are precached for offline first use.
 */

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = `${prefix}${k.replace(PLURAL, '')}`;
    if (typeof v === 'string') out.add(path);
    else for (const sub of keysOf(v, `${path}.`)) out.add(sub);
  }
  return out;
}

const root = join(__dirname, '../..');
const dir = 'src/features/flashcards/components';

describe('flashcards strings', () => {
  const zhKeys = keysOf(zh as Tree);
  const enKeys = keysOf(en as Tree);

  it('has the same keys in zh-TW and en', () => {
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('has every key the pages ask for, and both faces', () => {
    const used = readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((f) => [
        ...readFileSync(join(root, dir, f), 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g),
      ])
      .map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((k) => !zhKeys.has(k))).toEqual([]);
    for (const face of ['face.front', 'face.back']) expect(zhKeys.has(face)).toBe(true);
  });

  it('names the still-learning mark in the outbox panel in both languages', () => {
    expect(zhOffline.outbox.kind['flashcard-still-learning']).toBeTruthy();
    expect(enOffline.outbox.kind['flashcard-still-learning']).toBeTruthy();
  });

  it('precaches both flashcards pages and their strings', () => {
    expect(OFFLINE_PAGES).toContain('src/features/flashcards/components/quiz-flashcards-page.tsx');
    expect(OFFLINE_PAGES).toContain(
      'src/features/flashcards/components/material-flashcards-page.tsx',
    );
    expect(OFFLINE_NAMESPACES).toContain('flashcards');
  });
});
