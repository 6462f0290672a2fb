import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recognizeExam } from '../../api/exam/recognize.js';
import { extractDocument } from '../../api/extract/index.js';
import { isHeldOut } from '../support/holdout.js';

const shared = path.resolve(import.meta.dirname, '../../../shared');
const exams = path.join(shared, 'study-corpus/exams');

/** The development papers: every set in study-corpus/exams but the hold-out, and the 114 paper. */
function papers(): Array<{ name: string; files: string[] }> {
  const sets = new Map<string, string[]>();
  for (const name of readdirSync(exams).sort()) {
    const paper = /^(\d{3}_\d{3}_\d{4})_[QSM]\.pdf$/.exec(name)?.[1];
    if (!paper || isHeldOut(`exams/${name}`)) continue;
    sets.set(paper, [...(sets.get(paper) ?? []), path.join(exams, name)]);
  }
  const fire = path.join(shared, 'corpus/pdf/zh_exam114_fire_science');
  return [
    ...[...sets].map(([name, files]) => ({ name, files })),
    { name: '114 火災學概要', files: [`${fire}_answer_key.pdf`, `${fire}_questions.pdf`] },
  ];
}

describe('national exam papers (development set)', () => {
  for (const { name, files } of papers()) {
    it(`${name}: 40 items with four options and a key, essays apart, corrections applied`, async () => {
      const doc = await extractDocument(
        files.map((file) => ({
          fileId: path.basename(file),
          path: file,
          fileName: path.basename(file),
          kind: 'pdf' as const,
        })),
      );
      const r = recognizeExam(doc);
      expect(r.skipped).toEqual([]);
      expect(r.items.map((i) => i.number)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      for (const item of r.items) {
        expect(item.options.map((o) => o.letter)).toEqual(['A', 'B', 'C', 'D']);
        for (const o of item.options) expect(o.text.trim()).not.toBe('');
        expect(item.stem).not.toMatch(/代號|頁次|※|\n/u);
        expect(item.anyAnswer || item.key.length > 0).toBe(true);
        expect(item.citation.fileId).toMatch(/_Q\.pdf$|_questions\.pdf$/u);
      }
      expect(r.keyFound).toBe(true);
      // The essay part gives essays, never items.
      expect(r.essays.length).toBeGreaterThan(0);
      for (const essay of r.essays) {
        expect(r.items.some((i) => i.stem.includes(essay.text.slice(0, 20)))).toBe(false);
      }
      // Every # of the correction grid is applied, with its note.
      const correction = doc.blocks
        .filter((b) => b.fileId.endsWith('_M.pdf'))
        .map((b) => b.text)
        .join(' ');
      const marks = correction.match(/(?<=\s)#(?=\s)/gu)?.length ?? 0;
      expect(r.corrections).toBe(marks);
      expect(r.items.filter((i) => i.correctionNote).length).toBe(marks);
    }, 300_000);
  }
});
