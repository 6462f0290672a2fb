import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zh from '../../src/i18n/locales/zh-TW/billing.json';
import en from '../../src/i18n/locales/en/billing.json';

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

const zhKeys = keysOf(zh as Tree);
const enKeys = keysOf(en as Tree);
const dir = join(__dirname, '../../src/features/billing/components');

describe('billing strings in both languages', () => {
  it('zh-TW and en have the same keys', () => {
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('every literal key the screens ask for exists', () => {
    const used = new Set<string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.tsx'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((k) => !zhKeys.has(k) || !enKeys.has(k))).toEqual([]);
  });

  it('has a message for every payment failure reason and card problem', () => {
    const needed = [
      ...['cancelled', 'noSubscription', 'verifyFailed', 'notSignedIn', 'processingError'].map(
        (r) => `result.reason.${r}`,
      ),
      ...[
        'nameRequired',
        'numberRequired',
        'numberUnsupported',
        'numberIncomplete',
        'numberInvalid',
        'declined',
        'testCardRequired',
        'checkoutExpired',
        'payFailed',
        'expiryRequired',
        'expiryInvalid',
        'expiryExpired',
        'cvcRequired',
        'cvcInvalid',
      ].map((k) => `demo.errors.${k}`),
      ...['active', 'past_due', 'incomplete', 'canceled', 'unknown'].map((s) => `status.${s}`),
    ];
    expect(needed.filter((k) => !zhKeys.has(k) || !enKeys.has(k))).toEqual([]);
  });

  it('uses the spec’s load-error wording', () => {
    expect(en.subscription.loadFailed).toBe(
      'Unable to load subscription plans. Please try again later',
    );
    expect(en.result.reason.cancelled).toMatch(/payment cancelled/i);
    expect(en.result.reason.noSubscription).toMatch(/no active subscription found/i);
    expect(en.result.reason.notSignedIn).toMatch(/not logged in, cannot verify/i);
  });
});
