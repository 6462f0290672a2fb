import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zh from '../../src/i18n/locales/zh-TW/quiz.json';
import en from '../../src/i18n/locales/en/quiz.json';
import { GRADES } from '../../src/features/quiz/lib/grade.js';
import { TYPE_ORDER } from '../../src/features/quiz/lib/report-view.js';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a locale file, plural forms folded into their base key. */
function keysOf(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = `${prefix}${k.replace(PLURAL, '')}`;
    if (typeof v === 'string') out.add(path);
    else for (const sub of keysOf(v, `${path}.`)) out.add(sub);
  }
  return out;
}

const zhKeys = keysOf(zh as Tree);
const enKeys = keysOf(en as Tree);

// The questions and results screens (the settings/loading screens use quiz-setup).
const dir = join(__dirname, '../../src/features/quiz/components');
const screenFiles = readdirSync(dir).filter((f) =>
  /^(question-|results-|quiz-questions-page|quiz-results-page|quiz-icons)/.test(f),
);

describe('quiz strings in both languages', () => {
  it('zh-TW and en have the same keys', () => {
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('every literal key the screens ask for exists', () => {
    expect(screenFiles.length).toBeGreaterThan(5);
    const used = new Set<string>();
    for (const f of screenFiles) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((k) => !zhKeys.has(k) || !enKeys.has(k));
    expect(missing).toEqual([]);
  });

  it('has a word for every grade, caption, question type and status', () => {
    const needed = [
      ...GRADES.map((g) => `results.grade.${g}`),
      'results.caption.excellent',
      'results.caption.keepImproving',
      ...TYPE_ORDER.map((type) => `types.${type}`),
      ...['correct', 'incorrect', 'unanswered'].map((s) => `results.status.${s}`),
      'results.export.pdf',
      'results.export.csv',
    ];
    expect(needed.filter((k) => !zhKeys.has(k) || !enKeys.has(k))).toEqual([]);
  });

  it("uses the spec's wording for the premium messages", () => {
    const r = en.results;
    expect(r.locked.message).toBe(
      'Content locked. Please upgrade to a membership to view detailed analysis.',
    );
    expect(r.export.premiumOnly).toBe(
      'This feature is only available for premium members. Please upgrade your account.',
    );
    expect(r.export.failed).toBe('Failed to export quiz results. Please try again later.');
  });
});
