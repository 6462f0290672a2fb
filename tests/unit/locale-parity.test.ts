import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// English pages load no Chinese fallback (src/i18n/index.ts): every key must exist in both.
const dir = path.resolve(import.meta.dirname, '../../src/i18n/locales');
const PLURAL = /_(?:zero|one|two|few|many|other)$/;

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix.replace(PLURAL, '')];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const read = (lng: string, file: string) =>
  new Set(keys(JSON.parse(fs.readFileSync(path.join(dir, lng, file), 'utf8'))));

describe('translation catalogs', () => {
  const files = fs.readdirSync(path.join(dir, 'zh-TW')).sort();

  it('are the same namespaces in zh-TW and en', () => {
    expect(fs.readdirSync(path.join(dir, 'en')).sort()).toEqual(files);
  });

  it.each(files)('%s has the same keys in both languages (plural forms aside)', (file) => {
    expect([...read('en', file)].sort()).toEqual([...read('zh-TW', file)].sort());
  });
});
