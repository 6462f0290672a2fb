import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import { extractLegacy } from '../../api/extract/formats/legacy.js';
import { extractPptx } from '../../api/extract/formats/pptx.js';
import { sniffKind } from '../../api/extract/sniff.js';
import { defaultLimits, type Location } from '../../api/extract/types.js';
import { appError, blockWith, corpus, job, sofficePath, source } from './extract-fixtures.js';

// Each LibreOffice conversion takes a few seconds.
const SLOW = 120_000;
const withSoffice = { ...defaultLimits, sofficePath };
const PPT = corpus('ppt/en_nih_government_university_identity_mgmt.ppt');

const titles = (blocks: Array<{ location: Location }>) =>
  blocks.flatMap((b) => (b.location.kind === 'slide' ? [b.location.title ?? ''] : []));

// LibreOffice works in os.tmpdir(): give this file its own, so conversions running in other test
// files cannot be mistaken for leftovers of these.
let privateTmp = '';
const savedTmp = process.env.TMPDIR;
beforeAll(async () => {
  privateTmp = await mkdtemp(path.join(tmpdir(), 'mnemo-legacy-test-'));
  process.env.TMPDIR = privateTmp;
});
afterAll(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await rm(privateTmp, { recursive: true, force: true });
});
const leftoverTempDirs = async () =>
  (await readdir(privateTmp)).filter((n) => n.startsWith('mnemo-soffice-'));

describe('legacy Office without LibreOffice', () => {
  it('answers LEGACY_FORMAT_UNAVAILABLE naming the modern format to save as', async () => {
    const err = await appError(
      extractLegacy({ ...job('ppt', PPT), limits: { ...defaultLimits, sofficePath: undefined } }),
    );
    expect(err.code).toBe('LEGACY_FORMAT_UNAVAILABLE');
    expect(err.params).toEqual({ ext: 'ppt', modern: 'pptx' });
  });

  it(
    'says so through the worker, with the file named, in both languages',
    async () => {
      const err = await appError(
        extractDocument([
          source('xls', corpus('xls/en_blackboard_quiz_question_import.xls'), '考卷.xls'),
        ]),
      );
      expect(err.code).toBe('LEGACY_FORMAT_UNAVAILABLE');
      expect(err.messages()['zh-TW']).toBe(
        '這台伺服器無法讀取舊版 .xls 格式的「考卷.xls」。請另存為 .xlsx 後再上傳。',
      );
    },
    SLOW,
  );
});

describe.skipIf(!sofficePath)('legacy Office through LibreOffice', () => {
  it(
    'reads the PPT with the same 23 slide titles as the PPTX of the same lecture',
    async () => {
      const fromPpt = await extractLegacy(job('ppt', PPT, withSoffice));
      const fromPptx = await extractPptx(
        job('pptx', corpus('pptx/en_nih_government_university_identity_mgmt.pptx')),
      );
      expect(titles(fromPpt.blocks)).toHaveLength(23);
      expect(titles(fromPpt.blocks)).toEqual(titles(fromPptx.blocks));
      expect(
        blockWith(
          fromPpt,
          'Government online services shall trust externally-issued electronic identity credentials',
        ).location,
      ).toMatchObject({ kind: 'slide', slide: 3 });
      expect(await leftoverTempDirs()).toEqual([]);
    },
    SLOW,
  );

  it(
    'reads a Word 97 document, its table row with the header',
    async () => {
      const result = await extractLegacy(
        job('doc', corpus('doc/en_emphasized_text.doc'), withSoffice),
      );
      expect(result.blocks.map((b) => b.text)).toEqual([
        'Header Col 1: A bold italic bold-italic example; Header Col 2: A Link example',
        'I am a bold italic bold-italic text.',
        'I am a normal text.',
      ]);
    },
    SLOW,
  );

  it(
    'reads every sheet of a BIFF8 workbook through the worker',
    async () => {
      const doc = await extractDocument(
        [source('xls', corpus('xls/en_blackboard_quiz_question_import.xls'))],
        withSoffice,
      );
      const question = blockWith(
        doc,
        'ESS | How have the original Henry Hornbostel buildings influenced campus architecture and design in the last 30 years?',
      );
      expect(question.location).toEqual({
        kind: 'sheet',
        sheet: 'Example Test',
        rowStart: 1,
        rowEnd: 7,
      });
      expect(
        blockWith(doc, 'Abbreviation: MC; Question Type: Multiple Choice').location,
      ).toMatchObject({
        sheet: 'Format Abbr.',
      });
      expect(await leftoverTempDirs()).toEqual([]);
    },
    SLOW,
  );

  it(
    'reads an Excel 2003 XML spreadsheet saved as .xls',
    async () => {
      const xml = `<?xml version="1.0"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
 <Worksheet ss:Name="單字"><Table>
  <Row><Cell><Data ss:Type="String">英文</Data></Cell><Cell><Data ss:Type="String">中文</Data></Cell></Row>
  <Row><Cell><Data ss:Type="String">osmosis</Data></Cell><Cell><Data ss:Type="String">滲透作用</Data></Cell></Row>
 </Table></Worksheet>
</Workbook>`;
      const file = path.join(privateTmp, 'vocab.xls');
      await writeFile(file, xml);
      expect(await sniffKind(file, 'vocab.xls')).toBe('xls');
      const result = await extractLegacy(job('xls', file, withSoffice));
      expect(result.blocks).toEqual([
        {
          text: '英文: osmosis; 中文: 滲透作用',
          location: { kind: 'sheet', sheet: '單字', rowStart: 2, rowEnd: 2 },
        },
      ]);
    },
    SLOW,
  );

  it(
    'turns a file LibreOffice cannot open into FILE_DAMAGED and cleans up',
    async () => {
      const whole = await readFile(corpus('doc/en_emphasized_text.doc'));
      const cut = path.join(privateTmp, 'cut.doc');
      await writeFile(cut, whole.subarray(0, 6000));
      const err = await appError(extractLegacy(job('doc', cut, withSoffice)));
      expect(err.code).toBe('FILE_DAMAGED');
      expect(await leftoverTempDirs()).toEqual([]);
    },
    SLOW,
  );
});
