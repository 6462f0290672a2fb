import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../api/extract/language.js';
import { languageSample, LANGUAGE_SAMPLE_CHARS } from '../../api/extract/types.js';
import { corpusDir } from '../support/multipart.js';

/** A corpus file's non-empty lines, repeated until they hold at least `chars` characters. */
function blocksOf(rel: string, chars: number): string[] {
  const lines = fs
    .readFileSync(path.join(corpusDir, rel), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (let n = 0, i = 0; n < chars; i++) {
    out.push(lines[i % lines.length]!);
    n += out[out.length - 1]!.length + 1;
  }
  return out;
}

const en = (chars: number) => blocksOf('md/en_audrey_tang_2025_ai_safety_column.md', chars);
const zh = (chars: number) => blocksOf('txt/zh_us_constitution_taiwan_phrasing.txt', chars);

describe('language sample taken per file by the extraction workers', () => {
  // Each worker samples its own file; the upload joins the samples in file order.
  const cases: Array<[string, string[][]]> = [
    ['one short file', [en(3_000)]],
    ['one file longer than the sample', [zh(450_000)]],
    ['a short English file before a long Chinese one', [en(50_000), zh(400_000)]],
    ['a file that ends exactly at the sample size', [en(LANGUAGE_SAMPLE_CHARS), zh(10_000)]],
    ['three files, the last never reached', [zh(120_000), en(120_000), zh(5_000)]],
  ];
  it.each(cases)('reads the same text as the whole document would: %s', (_, files) => {
    const whole = languageSample(files.flat()).join('\n');
    const joined = languageSample(files.flatMap((blocks) => languageSample(blocks))).join('\n');
    expect(joined).toBe(whole);
    expect(joined.length).toBeLessThanOrEqual(LANGUAGE_SAMPLE_CHARS);
  });

  it('decides by what comes first: 50k English characters before 400k Chinese is Chinese', () => {
    const files = [en(50_000), zh(400_000)];
    const sample = languageSample(files.flatMap((blocks) => languageSample(blocks)));
    expect(detectLanguage(sample.join('\n'))).toBe('zh-TW');
    expect(detectLanguage(languageSample(en(400_000)).join('\n'))).toBe('en');
  });
});
