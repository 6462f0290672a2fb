import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import { extractDocx } from '../../api/extract/formats/docx.js';
import { extractPptx } from '../../api/extract/formats/pptx.js';
import { extractXlsx } from '../../api/extract/formats/xlsx.js';
import { defaultLimits, type Location } from '../../api/extract/types.js';
import {
  appError,
  blockWith,
  buildZip,
  corpus,
  job,
  readZip,
  scratch,
  source,
  texts,
} from './extract-fixtures.js';

const SLOW = 60_000;
let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.done());

const DOJ = corpus('docx/en_doj_chapter13_trustee_handbook_ch1.docx');
const CALIBRE = corpus('docx/en_calibre_docx_feature_demo.docx');
const MODA = corpus('docx/zh_moda_account_permission_review_form.docx');
const NIH = corpus('pptx/en_nih_government_university_identity_mgmt.pptx');
const SAMPLE_DECK = corpus('pptx/en_sample_nested_bullets_table.pptx');
const STANLEY = corpus('xlsx/en_stanley_cups_two_sheets.xlsx');
const PLANTS = corpus('xlsx/zh_taiwan_plants_mandarin_taigi_vocab.xlsx');

describe('DOCX', () => {
  it('keeps the sections of a handbook formatted by hand as headingPath', async () => {
    const result = await extractDocx(job('docx', DOJ));
    const purpose = blockWith(
      result,
      'The Handbook does not present a full and complete statement of the law; it should not be used as a substitute for legal research and analysis.',
    );
    expect(purpose.location).toMatchObject({
      kind: 'paragraph',
      headingPath: ['CHAPTER 1 INTRODUCTION', 'A. PURPOSE'],
    });
    expect(
      blockWith(
        result,
        'The standing trustee has a fiduciary responsibility to the bankruptcy estate.',
      ).location,
    ).toMatchObject({
      headingPath: ['CHAPTER 1 INTRODUCTION', 'C. STATUTORY DUTIES OF A STANDING TRUSTEE'],
    });
    // Blocks are numbered in reading order.
    const indexes = result.blocks.map((b) => (b.location as { index: number }).index);
    expect(indexes).toEqual(indexes.map((_, i) => i + 1));
  });

  it('reads Heading styles, table rows as "header: value", drop caps, and footnotes last', async () => {
    const result = await extractDocx(job('docx', CALIBRE));
    expect(
      blockWith(
        result,
        'Tables in Word can vary from the extremely simple to the extremely complex.',
      ).location,
    ).toMatchObject({ headingPath: ['Tables'] });
    expect(blockWith(result, 'ITEM: Highlighter; NEEDED: 2 colors').location).toMatchObject({
      kind: 'paragraph',
      headingPath: ['Tables'],
    });
    expect(texts(result)).toContain(
      'College: Oak Institute; New students: 202; Graduating students: 210; Change: -8',
    );
    expect(
      blockWith(result, 'This bullet uses an image as the bullet item').location,
    ).toMatchObject({
      headingPath: ['Lists', 'Multi-level Lists'],
    });
    // The one-letter drop cap "D" is joined back to "rop caps ...".
    blockWith(result, 'Drop caps are used to emphasize the leading paragraph');
    // The table of contents (page numbers after a tab) is not learning material.
    expect(texts(result).some((t) => /^Fun with fonts\s*2$/.test(t))).toBe(false);
    // Footnote and endnote text come last, without reference markers or back-links.
    const last = texts(result).slice(-2);
    expect(last[0]).toMatch(
      /^In paged media, footnotes are usually displayed at the bottom of the text\./,
    );
    expect(last[1]).toMatch(/^Endnotes are typically used for longer notes/);
    expect(texts(result).join('\n')).not.toContain('↑');
  });

  it('reads a Traditional Chinese form table row by row', async () => {
    const result = await extractDocx(job('docx', MODA));
    expect(texts(result)).toContain('帳號權限審查表(範本)');
    // A form's first row holds blanks ({{UNIT}}, 年 月 日), so it is not taken for a header.
    expect(texts(result)).toContain('單位名稱 | {{UNIT}} | 審查日期 | 年 月 日');
    expect(texts(result)).toContain('使用人員{{table1}} | 帳號 | 帳號權限 | 審查意見 | 備註');
    blockWith(result, '3. 審查意見：管理者審查使用者權限是否符合現狀。');
  });

  it('refuses a DOCX whose XML declares entities (billion laughs) before mammoth sees it', async () => {
    const parts = await readZip(DOJ);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
      ).join('') +
      ']><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>';
    parts.set('word/document.xml', Buffer.from(laughs));
    const file = await tmp.write(
      'laughs.docx',
      buildZip([...parts].map(([name, data]) => ({ name, data }))),
    );
    const err = await appError(extractDocx(job('docx', file)));
    expect(err.code).toBe('FILE_DAMAGED');
    expect(err.details).toMatchObject({ entry: 'word/document.xml', reason: 'xml-dtd' });
  });
});

describe('zip bombs', () => {
  const small = { ...defaultLimits, maxUnzippedBytes: 10 * 1024 * 1024, maxZipEntries: 50 };
  const wordParts = async () => [...(await readZip(DOJ))].map(([name, data]) => ({ name, data }));

  it('stops a docx whose parts declare more than the limit', async () => {
    const bomb = buildZip([
      ...(await wordParts()),
      { name: 'word/media/zeros.bin', data: Buffer.alloc(11 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const file = await tmp.write('bomb.docx', bomb);
    const err = await appError(extractDocx(job('docx', file, small)));
    expect(err.code).toBe('ARCHIVE_TOO_LARGE');
    expect(err.details).toMatchObject({ max: small.maxUnzippedBytes });
  });

  it('stops an entry that inflates past the size its header declares', async () => {
    const liar = buildZip([
      ...(await wordParts()),
      { name: 'word/media/zeros.bin', data: Buffer.alloc(11 * 1024 * 1024), declaredSize: 1000 },
    ]);
    const file = await tmp.write('liar.docx', liar);
    expect((await appError(extractDocx(job('docx', file, small)))).code).toBe('ARCHIVE_TOO_LARGE');
  });

  it('stops too many entries and an absurd compression ratio', async () => {
    const many = buildZip([
      ...(await wordParts()),
      ...Array.from({ length: 60 }, (_, i) => ({
        name: `word/media/p${i}.bin`,
        data: Buffer.from([i]),
      })),
    ]);
    const manyFile = await tmp.write('many.docx', many);
    expect((await appError(extractDocx(job('docx', manyFile, small)))).details).toMatchObject({
      max: 50,
    });

    // 30 MB of zeros in 30 KB: within the default 300 MB budget, but no Office part does that.
    const dense = buildZip([
      ...(await wordParts()),
      { name: 'word/media/zeros.bin', data: Buffer.alloc(30 * 1024 * 1024) },
    ]);
    const denseFile = await tmp.write('dense.docx', dense);
    const err = await appError(extractDocx(job('docx', denseFile)));
    expect(err.code).toBe('ARCHIVE_TOO_LARGE');
    expect(err.details).toMatchObject({ entry: 'word/media/zeros.bin' });
  });

  it(
    'reaches the caller through the worker with the file named',
    async () => {
      const bomb = buildZip([
        ...(await wordParts()),
        { name: 'word/media/zeros.bin', data: Buffer.alloc(11 * 1024 * 1024) },
      ]);
      const file = await tmp.write('bomb-worker.docx', bomb);
      const err = await appError(extractDocument([source('docx', file, '期末報告.docx')], small));
      expect(err.code).toBe('ARCHIVE_TOO_LARGE');
      expect(err.messages()['zh-TW']).toBe(
        '「期末報告.docx」解壓縮後過大或內含過多項目，為了安全無法處理。',
      );
    },
    SLOW,
  );
});

const slides = (result: { blocks: Array<{ text: string; location: Location }> }) =>
  result.blocks.filter((b) => b.location.kind === 'slide') as Array<{
    text: string;
    location: Extract<Location, { kind: 'slide' }>;
  }>;

describe('PPTX', () => {
  it('reads all 23 slides in order with their titles', async () => {
    const result = await extractPptx(job('pptx', NIH));
    const deck = slides(result);
    expect(deck.map((s) => s.location.slide)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(deck[0]!.location.title).toBe('Government-University Identity Management Opportunities');
    expect(deck[0]!.text).toContain('Peter Alterman, Ph.D.');
    expect(deck[2]!.location.title).toBe('Foundational Assumption');
    expect(deck[2]!.text).toContain(
      'Government online services shall trust externally-issued electronic identity credentials at known levels of assurance (LOA)',
    );
    expect(deck[20]!.location.title).toBe('Password Entropy (Copied From Bill Burr)*');
    // The slide-number placeholder ("2") is not content.
    expect(deck[1]!.text.split('\n')).not.toContain('2');
    // The last slide is a slide titled "Notes": its questions belong to slide 23.
    expect(deck[22]!.location.title).toBe('Notes');
    expect(deck[22]!.text).toContain(
      'How does your institution issue IDs? Is there a signature station',
    );
  });

  it('has no notes blocks for a deck without notes pages', async () => {
    const names = [...(await readZip(NIH)).keys()];
    expect(names.some((n) => n.startsWith('ppt/notesSlides/'))).toBe(false);
    const result = await extractPptx(job('pptx', NIH));
    expect(result.blocks.filter((b) => b.location.kind === 'notes')).toEqual([]);
  });

  it('keeps nested bullets indented and table rows with their header', async () => {
    const deck = slides(await extractPptx(job('pptx', SAMPLE_DECK)));
    expect(deck[1]!.text).toContain(
      '- And a list of bulleted information\n  - With a sub-bullet\n  - And another one\n    - This one is a sub-sub-bullet',
    );
    expect(deck[3]!.location.title).toBe('This is kinda backwards, huh?');
    expect(deck[3]!.text).toContain('Table: 2; A: A2; B: B2; C: C2');
  });

  it(
    'puts speaker notes on the slide they belong to, in the deck’s real order (through the worker)',
    async () => {
      // The sample's notes pages are empty: type a note into slide 2's notes page, renumber that
      // page notesSlide9 and move slide 2 to the front, as PowerPoint does after editing.
      const parts = await readZip(SAMPLE_DECK);
      const note = 'Remind the class that sub-bullets can nest three levels deep.';
      const notes = parts.get('ppt/notesSlides/notesSlide2.xml')!.toString('utf8');
      expect(notes).toContain('<a:t></a:t>');
      parts.delete('ppt/notesSlides/notesSlide2.xml');
      parts.set(
        'ppt/notesSlides/notesSlide9.xml',
        Buffer.from(notes.replace('<a:t></a:t>', `<a:t>${note}</a:t>`)),
      );
      parts.set(
        'ppt/notesSlides/_rels/notesSlide9.xml.rels',
        parts.get('ppt/notesSlides/_rels/notesSlide2.xml.rels')!,
      );
      parts.delete('ppt/notesSlides/_rels/notesSlide2.xml.rels');
      const edit = (name: string, from: string, to: string) => {
        const xml = parts.get(name)!.toString('utf8');
        expect(xml).toContain(from);
        parts.set(name, Buffer.from(xml.replace(from, to)));
      };
      edit('ppt/slides/_rels/slide2.xml.rels', 'notesSlide2.xml', 'notesSlide9.xml');
      edit(
        '[Content_Types].xml',
        '/ppt/notesSlides/notesSlide2.xml',
        '/ppt/notesSlides/notesSlide9.xml',
      );
      const pres = parts.get('ppt/presentation.xml')!.toString('utf8');
      const ids = [...pres.matchAll(/<p:sldId [^>]*\/>/g)].map((m) => m[0]);
      expect(ids).toHaveLength(4);
      parts.set(
        'ppt/presentation.xml',
        Buffer.from(pres.replace(ids.join(''), [ids[1], ids[0], ids[2], ids[3]].join(''))),
      );
      const file = await tmp.write(
        'edited-deck.pptx',
        buildZip([...parts].map(([name, data]) => ({ name, data }))),
      );

      const doc = await extractDocument([source('pptx', file)]);
      expect(
        doc.blocks
          .filter((b) => b.location.kind === 'slide')
          .map((b) => (b.location as { title?: string }).title),
      ).toEqual([
        'This is the first content slide',
        'Title Slide',
        'This is the second content slide',
        'This is kinda backwards, huh?',
      ]);
      expect(blockWith(doc, note).location).toEqual({ kind: 'notes', slide: 1 });
      expect(doc.language).toBe('en');
    },
    SLOW,
  );
});

const sheetOf = (result: { blocks: Array<{ text: string; location: Location }> }, sheet: string) =>
  result.blocks.filter((b) => b.location.kind === 'sheet' && b.location.sheet === sheet);

describe('XLSX', () => {
  it('reads both sheets, the banner row as it is and rows as "column: value"', async () => {
    const result = await extractXlsx(job('xlsx', STANLEY));
    const first = sheetOf(result, 'Stanley Cups');
    expect(first).toHaveLength(1);
    expect(first[0]!.location).toEqual({
      kind: 'sheet',
      sheet: 'Stanley Cups',
      rowStart: 1,
      rowEnd: 5,
    });
    expect(first[0]!.text).toBe(
      [
        'Stanley Cups',
        'Team: Blues; Location: STL; Stanley Cups: 1',
        'Team: Flyers; Location: PHI; Stanley Cups: 2',
        'Team: Maple Leafs; Location: TOR; Stanley Cups: 13',
      ].join('\n'),
    );
    expect(sheetOf(result, 'Stanley Cups Since 67')[0]!.text).toContain(
      'Team: Maple Leafs; Location: TOR; Stanley Cups: 0',
    );
  });

  it('keeps header names and spreadsheet row numbers in a 4,448-row vocabulary list', async () => {
    const result = await extractXlsx(job('xlsx', PLANTS));
    const blocks = sheetOf(result, '工作表1');
    expect(blocks).toHaveLength(Math.ceil(4448 / 20));
    expect(blocks[0]!.location).toMatchObject({ rowStart: 2, rowEnd: 21 });
    expect(blocks[0]!.text.split('\n')[0]).toBe(
      '華語: 松葉蕨; 台語漢字: 松葉蘭; 臺羅: Siông-hio̍h-lân',
    );
    // Row 11 of the sheet (checked in xl/worksheets/sheet1.xml) is the 10th line of block 1.
    expect(blocks[0]!.text.split('\n')[9]).toBe(
      '華語: 過山龍; 台語漢字: 羊角草; 臺羅: Îunn-kak-tsháu',
    );
    const last = blocks[blocks.length - 1]!;
    expect(last.location).toMatchObject({ rowEnd: 4449 });
    expect(last.text.split('\n').pop()).toBe('華語: 茅瓜; 台語漢字: 埔瓜; 臺羅: Poo-kue');
    expect(result.warnings).toEqual([]);
  });

  it(
    'gives formulas their cached result, dates as YYYY-MM-DD, and cuts huge sheets with TRUNCATED',
    async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('成績');
      sheet.addRow(['姓名', '考試日期', '分數', '加權']);
      sheet.addRow([
        '王小明',
        new Date(Date.UTC(2026, 2, 14)),
        42,
        { formula: 'C2*2', result: 84 },
      ]);
      for (let i = 0; i < 20_100; i++) sheet.addRow([`學生${i}`, null, i]);
      const file = `${tmp.dir}/scores.xlsx`;
      await workbook.xlsx.writeFile(file);

      const result = await extractXlsx(job('xlsx', file));
      expect(result.blocks[0]!.text.split('\n')[0]).toBe(
        '姓名: 王小明; 考試日期: 2026-03-14; 分數: 42; 加權: 84',
      );
      expect(result.warnings).toEqual([{ code: 'TRUNCATED', params: { rows: 20_000 } }]);
      const lastBlock = result.blocks[result.blocks.length - 1]!;
      expect(lastBlock.location).toMatchObject({ rowEnd: 20_000 });
    },
    SLOW,
  );

  it('refuses the encrypted workbook even when handed over as xlsx', async () => {
    const err = await appError(extractXlsx(job('xlsx', corpus('xlsx/en_password_protected.xlsx'))));
    expect(err.code).toBe('OFFICE_PASSWORD_PROTECTED');
  });
});

describe('office files through the worker (extractDocument)', () => {
  it(
    'merges DOCX, PPTX and XLSX into one document with each file’s blocks',
    async () => {
      const doc = await extractDocument([
        source('docx', MODA),
        source('pptx', SAMPLE_DECK),
        source('xlsx', STANLEY),
      ]);
      const byFile = (name: string) => doc.blocks.filter((b) => b.fileId === name);
      expect(byFile('zh_moda_account_permission_review_form.docx').map((b) => b.text)).toContain(
        '使用人員{{table1}} | 帳號 | 帳號權限 | 審查意見 | 備註',
      );
      expect(byFile('en_sample_nested_bullets_table.pptx')[0]!.location).toEqual({
        kind: 'slide',
        slide: 1,
        title: 'Title Slide',
      });
      expect(
        byFile('en_stanley_cups_two_sheets.xlsx').map(
          (b) => (b.location as { sheet: string }).sheet,
        ),
      ).toEqual(['Stanley Cups', 'Stanley Cups Since 67']);
    },
    SLOW,
  );

  it(
    'reports the encrypted workbook as OFFICE_PASSWORD_PROTECTED, in both languages',
    async () => {
      const err = await appError(
        extractDocument([source('xlsx', corpus('xlsx/en_password_protected.xlsx'), '成績.xlsx')]),
      );
      expect(err.code).toBe('OFFICE_PASSWORD_PROTECTED');
      expect(err.messages()['zh-TW']).toContain('「成績.xlsx」有密碼保護');
    },
    SLOW,
  );
});
