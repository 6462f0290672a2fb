import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import { closeExtractionWorkers } from '../../api/extract/run-in-worker.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { materialLanguage } from '../../api/quizgen/builtin/material/language.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';

// A results table of a made-up regatta, 70 seasons: names and numbers, no sentence, so no
// English function word anywhere (extraction calls it "other"); long enough that the old
// short-table rule (≤ 3,000 letters) let it through as "other" and the quiz came out empty.
const CLUBS = ['Riverside', 'Harbour Point', 'North Lake', 'Old Mill', 'Kingsbridge', 'Westfield'];
const COACHES = ['Morgan Hale', 'Priya Nair', 'Tomas Berg', 'Helen Ortiz', 'Ivan Petrov'];
function regattaCsv(): string {
  const rows = ['Season,Winner,Runner-up,Winning time (s),Margin (lengths),Coach,Venue,Crowd'];
  for (let i = 0; i < 70; i++) {
    const winner = CLUBS[i % CLUBS.length]!;
    const second = CLUBS[(i * 5 + 1) % CLUBS.length]!;
    rows.push(
      [
        1950 + i,
        winner,
        second === winner ? CLUBS[(i + 2) % CLUBS.length] : second,
        360 + ((i * 7) % 41),
        1 + (i % 4),
        COACHES[(i * 3) % COACHES.length],
        i % 2 ? 'Henley Reach' : 'Lakeside Course',
        4000 + i * 113,
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

const settings = (over: Partial<QuizSettings> = {}): QuizSettings => ({
  questionCount: 10,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'en-US',
  seed: 1,
  ...over,
});

describe('a long English table without sentences', () => {
  let dir: string;
  let doc: ExtractedDocument;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-table-lang-'));
    const file = path.join(dir, 'regatta.csv');
    await writeFile(file, regattaCsv());
    doc = await extractDocument([
      { fileId: 'regatta.csv', path: file, fileName: 'regatta.csv', kind: 'csv' },
    ]);
  }, 60_000);
  afterAll(async () => {
    await closeExtractionWorkers();
    await rm(dir, { recursive: true, force: true });
  });

  it('is English for the generator, and gives a quiz', async () => {
    expect(doc.blocks.every((b) => b.location.kind === 'sheet')).toBe(true);
    expect(materialLanguage(doc)).toBe('en');
    const quiz = await createBuiltinGenerator().generate(doc, settings());
    expect(quiz.notices.map((n) => n.code)).not.toContain('LANGUAGE_MISMATCH');
    expect(quiz.questions.length).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('stays "other" when the table is in another Latin-script language', () => {
    const french: ExtractedDocument = {
      ...doc,
      blocks: doc.blocks.map((b) => ({ ...b, text: b.text.replace(/Winner/g, 'Équipe gagnante') })),
    };
    expect(materialLanguage({ ...french, language: 'other' })).toBe('other');
  });

  it('leaves a long prose text extraction could not place alone', () => {
    const prose: ExtractedDocument = {
      language: 'other',
      warnings: [],
      blocks: [
        {
          fileId: 'x.txt',
          text: 'Kapal itu berlayar menuju pulau yang jauh. '.repeat(200),
          location: { kind: 'paragraph', index: 1 },
        },
      ],
    };
    expect(materialLanguage(prose)).toBe('other');
  });
});
