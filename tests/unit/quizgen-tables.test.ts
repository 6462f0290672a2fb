import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import { tableModels } from '../../api/quizgen/builtin/candidates/table.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { BLANK_MARKER, QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';

/** A workbook as the extractors write it: one "Header: value; …" line per row. */
function workbook(
  language: 'zh-TW' | 'en',
  sheets: Array<{ name: string; header: string[]; rows: string[][] }>,
): ExtractedDocument {
  const blocks: ExtractedDocument['blocks'] = [];
  for (const sheet of sheets)
    sheet.rows.forEach((cells, i) =>
      blocks.push({
        fileId: 'book.xlsx',
        text: cells
          .map((c, col) => (c ? `${sheet.header[col]}: ${c}` : ''))
          .filter(Boolean)
          .join('; '),
        location: { kind: 'sheet', sheet: sheet.name, rowStart: i + 2, rowEnd: i + 2 },
      }),
    );
  return { language, warnings: [], blocks };
}

const plants = workbook('zh-TW', [
  {
    name: '工作表1',
    header: ['華語', '台語漢字', '臺羅'],
    rows: [
      ['含羞草', '見笑草', 'Kiàn-siàu-tsháu'],
      ['葫蘆茶', '草猴草', 'Tsháu-kâu-tsháu'],
      ['天胡荽', '遍地草', 'Piàn-tē-tsháu'],
      ['寶島大戟', '八卦草', 'Pat-kuà-tsháu'],
      ['乞食碗', '金錢薄荷', 'Kim-tsînn-po̍k-hô'],
      ['血藤', '青山龍', 'Tshenn-suann-lîng'],
      ['木賊葉石松', '石子藤', 'Tsio̍h-jí-tîn'],
      ['過山龍', '小伸筋', 'Sió-tshun-kin'],
    ],
  },
]);

const calendar = workbook('zh-TW', [
  {
    name: 'calendar_115.csv',
    header: ['西元日期', '星期', '是否放假', '備註'],
    rows: [
      ['20260101', '四', '2', '開國紀念日'],
      ['20260102', '五', '0', ''],
      ['20260103', '六', '2', ''],
      ['20260104', '日', '2', ''],
      ['20260105', '一', '0', ''],
      ['20260216', '一', '2', '農曆除夕'],
      ['20260217', '二', '2', '春節'],
      ['20260228', '六', '2', '和平紀念日'],
      ['20260404', '六', '2', '兒童節'],
      ['20260405', '日', '2', '清明節'],
      ['20261010', '六', '2', '國慶日'],
    ],
  },
]);

const cities = workbook('en', [
  {
    name: 'Pivot',
    header: ['Row Labels', 'Sum of Latitude'],
    rows: [
      ['Beijing', '39.93'],
      ['Boston', '42.36'],
      ['Chicago', '41.88'],
      ['Denver', '39.74'],
      ['Grand Total', '163.91'],
    ],
  },
  {
    name: 'Cities',
    header: ['City', 'Country', 'Latitude', 'Website'],
    rows: [
      ['Beijing', 'China', '39.93', 'https://www.beijing.gov.cn'],
      ['Boston', 'United States', '42.36', 'https://www.boston.gov'],
      ['Chicago', 'United States', '41.88', 'https://www.chicago.gov'],
      ['Denver', 'United States', '39.74', 'https://www.denvergov.org'],
      ['Lyon', 'France', '45.76', 'https://www.lyon.fr'],
      ['Osaka', 'Japan', '34.69', 'https://www.city.osaka.lg.jp'],
    ],
  },
]);

const settings = (language: 'zh-TW' | 'en-US', seed = 3): QuizSettings => ({
  questionCount: 8,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language,
  seed,
});
const generator = createBuiltinGenerator();

describe('table columns are typed (issue 16, item 6)', () => {
  it('finds the key column, never asks identifiers, URLs, codes or romanisations', () => {
    const [model] = tableModels(analyseDocument(calendar, () => {}));
    expect(model!.key.header).toBe('西元日期');
    const types = Object.fromEntries(model!.columns.map((c) => [c.header, c.type]));
    expect(types['是否放假']).toBe('code');
    expect(['categorical', 'text']).toContain(types['星期']);

    const [plant] = tableModels(analyseDocument(plants, () => {}));
    expect(plant!.columns.find((c) => c.header === '臺羅')!.type).toBe('romanisation');

    const models = tableModels(analyseDocument(cities, () => {}));
    expect(models.map((m) => m.name)).toEqual(['Cities']);
    expect(models[0]!.columns.find((c) => c.header === 'Website')!.type).toBe('url');
  });
});

describe('table questions', () => {
  it('are natural sentences, never a record dump, with distractors from the same column', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await generator.generate(calendar, settings('zh-TW', seed));
      expect(result.questions.length).toBeGreaterThanOrEqual(6);
      for (const q of result.questions) {
        // No "西元日期: 20260101; 星期: 四; …; 備註: _____".
        expect(q.question).not.toMatch(/[^\s：:]+: [^;]*;/);
        expect(q.question).not.toMatch(/是否放假|20260\d{3}/);
        for (const o of q.options ?? [])
          expect(['西元日期', '星期', '是否放假', '備註']).not.toContain(o.text);
        const options = q.blanks?.[0]?.options ?? [];
        expect(new Set(options.map((o) => o.text)).size).toBe(options.length);
      }
    }
  });

  it('never shows a romanisation that spells the answer, and explains from the row', async () => {
    const result = await generator.generate(plants, settings('zh-TW'));
    expect(result.questions.length).toBeGreaterThanOrEqual(6);
    for (const q of result.questions) {
      expect(q.question).not.toMatch(/\p{Script=Latin}/u);
      expect(q.question).not.toContain('臺羅');
      expect(q.explanation).toMatch(/那一列(?:（第 \d+ 列）)?的(?:華語|台語漢字)是「/);
    }
  });

  it('makes a false statement with another row’s value that is not true of that entity', async () => {
    const result = await generator.generate(plants, {
      ...settings('zh-TW'),
      questionTypes: ['true_false'],
      questionCount: 6,
    });
    const pairs = new Map(
      plants.blocks.map((b) => {
        const [zh, tw] = b.text.split('; ').map((f) => f.split(': ')[1]!);
        return [zh!, tw!] as const;
      }),
    );
    const reverse = new Map([...pairs].map(([a, b]) => [b, a]));
    for (const q of result.questions) {
      const m = /為「(.+?)」的(華語|台語漢字)是「(.+?)」/.exec(q.question)!;
      expect(m).toBeTruthy();
      const truth = (m[2] === '華語' ? reverse.get(m[1]!) : pairs.get(m[1]!)) === m[3];
      expect(q.correctOptionId).toBe(truth ? 'true' : 'false');
    }
    expect(result.questions.some((q) => q.correctOptionId === 'false')).toBe(true);
  });

  it('uses the raw data, not the pivot table, and never asks about a URL', async () => {
    const result = await generator.generate(cities, settings('en-US'));
    expect(result.questions.length).toBeGreaterThanOrEqual(3);
    for (const q of result.questions) {
      expect(q.citation.location).toMatchObject({ sheet: 'Cities' });
      expect(q.question).not.toMatch(/Row Labels|Sum of|Grand Total|https?:/);
      expect(q.question).not.toContain(`: ${BLANK_MARKER}`);
      expect(q.question).toMatch(/^(?:In|True or false|Choose)/);
    }
  });
});
