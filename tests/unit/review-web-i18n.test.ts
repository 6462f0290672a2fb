import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zhReview from '../../src/i18n/locales/zh-TW/review.json';
import enReview from '../../src/i18n/locales/en/review.json';
import zhProgress from '../../src/i18n/locales/zh-TW/progress.json';
import enProgress from '../../src/i18n/locales/en/progress.json';
import zhQuiz from '../../src/i18n/locales/zh-TW/quiz.json';
import enQuiz from '../../src/i18n/locales/en/quiz.json';
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

const namespaces = {
  review: { zh: keysOf(zhReview as Tree), en: keysOf(enReview as Tree) },
  progress: { zh: keysOf(zhProgress as Tree), en: keysOf(enProgress as Tree) },
  quiz: { zh: keysOf(zhQuiz as Tree), en: keysOf(enQuiz as Tree) },
  common: { zh: keysOf(zhCommon as Tree), en: keysOf(enCommon as Tree) },
} as const;
type Ns = keyof typeof namespaces;
const root = join(__dirname, '../..');

/** Literal keys a file asks for: t('ns:x.y'), or t('x.y') in its default namespace. */
function keysUsed(file: string, defaultNs: Ns): Array<[string, string]> {
  const src = readFileSync(join(root, file), 'utf8');
  return [...src.matchAll(/\bt\(\s*'(?:([\w-]+):)?([\w.-]+)'/g)].map((m) => [
    m[1] ?? defaultNs,
    m[2]!,
  ]);
}

describe('review and progress strings in both languages', () => {
  it('zh-TW and en have the same keys', () => {
    for (const [ns, { zh, en }] of Object.entries(namespaces)) {
      expect(
        [...zh].filter((k) => !en.has(k)),
        `${ns}: missing in en`,
      ).toEqual([]);
      expect(
        [...en].filter((k) => !zh.has(k)),
        `${ns}: missing in zh-TW`,
      ).toEqual([]);
    }
  });

  it('says what the header badge promises, word for word', () => {
    expect(zhCommon.header.reviewDue_other.replace('{{count}}', '3')).toBe('3 張卡片待複習');
    expect(enCommon.header.reviewDue_other.replace('{{count}}', '3')).toBe(
      '3 cards due for review',
    );
  });

  it('every literal key the screens ask for exists', () => {
    const dir = 'src/features';
    const files: Array<[string, Ns]> = [
      [`${dir}/review/components/review-page.tsx`, 'review'],
      [`${dir}/review/components/review-card-view.tsx`, 'review'],
      [`${dir}/review/components/review-reveal.tsx`, 'review'],
      [`${dir}/review/components/review-summary.tsx`, 'review'],
      [`${dir}/review/components/review-empty.tsx`, 'review'],
      [`${dir}/review/components/review-progress.tsx`, 'review'],
      [`${dir}/review/components/reminders-dialog.tsx`, 'review'],
      [`${dir}/review/components/due-badge.tsx`, 'common'],
      [`${dir}/progress/components/progress-page.tsx`, 'progress'],
      [`${dir}/progress/components/score-section.tsx`, 'progress'],
      [`${dir}/progress/components/score-chart.tsx`, 'progress'],
      [`${dir}/progress/components/concept-list.tsx`, 'progress'],
      [`${dir}/progress/components/streak-card.tsx`, 'progress'],
      [`${dir}/quiz/components/results-quiz-export.tsx`, 'quiz'],
      ['src/app/layouts/user-menu.tsx', 'common'],
    ];
    const missing = files.flatMap(([file, ns]) =>
      keysUsed(file, ns)
        .filter(([n, key]) => {
          const set = namespaces[n as Ns];
          // 'common:common.cancel' and the like: the common namespace.
          return !(set ?? namespaces.common).zh.has(key) && !namespaces.common.zh.has(key);
        })
        .map(([n, key]) => `${file}: ${n}:${key}`),
    );
    expect(missing).toEqual([]);
  });
});
