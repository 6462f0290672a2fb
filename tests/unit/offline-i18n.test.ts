import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zhOffline from '../../src/i18n/locales/zh-TW/offline.json';
import enOffline from '../../src/i18n/locales/en/offline.json';
import zhCommon from '../../src/i18n/locales/zh-TW/common.json';
import enCommon from '../../src/i18n/locales/en/common.json';

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

const offline = { zh: keysOf(zhOffline as Tree), en: keysOf(enOffline as Tree) };
const common = { zh: keysOf(zhCommon as Tree), en: keysOf(enCommon as Tree) };
const root = join(__dirname, '../..');

/** Literal keys a file asks for: t('offline:x.y') in `ns`, t('x.y') in its default namespace. */
function keysUsed(file: string, defaultNs: string): Array<[string, string]> {
  const src = readFileSync(join(root, file), 'utf8');
  return [...src.matchAll(/\bt\(\s*'(?:([\w-]+):)?([\w.-]+)'/g)].map((m) => [
    m[1] ?? defaultNs,
    m[2]!,
  ]);
}

describe('offline strings in both languages', () => {
  it('zh-TW and en have the same keys', () => {
    expect([...offline.zh].filter((k) => !offline.en.has(k))).toEqual([]);
    expect([...offline.en].filter((k) => !offline.zh.has(k))).toEqual([]);
    expect([...common.zh].filter((k) => !common.en.has(k))).toEqual([]);
    expect([...common.en].filter((k) => !common.zh.has(k))).toEqual([]);
  });

  it("the banner's parts are whole sentences, joined as each language joins sentences", () => {
    // Joined with " · " the banner read "…自動同步。 · 1 項變更等待同步" (the walk, issue 20).
    const parts = (o: Record<string, string>, end: string) =>
      Object.entries(o)
        .filter(([k]) => /^(bannerOffline|pending_|failed_|storage)/.test(k))
        .map(([, v]) => v)
        .filter((v) => !v.endsWith(end));
    expect(parts(zhCommon.offline as Record<string, string>, '。')).toEqual([]);
    expect(parts(enCommon.offline as Record<string, string>, '.')).toEqual([]);
    expect(zhCommon.offline.join).toBe('');
    expect(enCommon.offline.join).toBe(' ');
  });

  it('has the notices the learner must see, word for word', () => {
    expect(zhOffline.saved.title).toBe('已儲存 — 恢復連線後會自動評分');
    expect(enOffline.saved.title).toBe("Saved — will be scored when you're back online");
    expect(zhOffline.mark.available).toBe('可離線使用');
    expect(enOffline.mark.available).toBe('Available offline');
    expect(zhCommon.offline.scored).toBe('測驗已評分');
    expect(enCommon.offline.scored).toBe('Your quiz was scored');
  });

  it('every literal key the offline screens ask for exists', () => {
    const files: Array<[string, string]> = [
      ['src/features/offline/components/outbox-page.tsx', 'offline'],
      ['src/features/offline/components/outbox-item.tsx', 'offline'],
      ['src/features/quiz/components/pending-submission.tsx', 'offline'],
      ['src/features/materials/components/offline-mark.tsx', 'offline'],
      ['src/features/materials/components/pending-upload-card.tsx', 'materials'],
      ['src/features/materials/components/upload-notice.tsx', 'materials'],
      ['src/features/quiz/components/question-session.tsx', 'quiz'],
      ['src/features/quiz/hooks/use-quiz-submit.ts', 'quiz'],
      ['src/features/quiz/api/outbox-kinds.ts', 'common'],
      ['src/features/quiz/lib/generation-delivery.ts', 'common'],
      ['src/features/materials/api/outbox-kinds.ts', 'common'],
      ['src/app/layouts/offline-banner.tsx', 'common'],
      ['src/app/layouts/user-menu.tsx', 'common'],
      ['src/lib/offline/delivery.ts', 'common'],
    ];
    const missing: string[] = [];
    let checked = 0;
    for (const [file, ns] of files) {
      for (const [space, key] of keysUsed(file, ns)) {
        const sets = space === 'offline' ? offline : space === 'common' ? common : null;
        if (!sets) continue; // materials / quiz keys: their own tests check those
        checked++;
        if (!sets.zh.has(key) || !sets.en.has(key)) missing.push(`${file}: ${space}:${key}`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});
