import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusDir, corpusFile, leftovers, upload } from '../support/multipart.js';
import { buildZip, readZip } from '../support/zip.js';
import type { Block, ExtractedDocument, Location } from '../../api/extract/index.js';

/*
 * Every document of the shared corpus goes through the real upload API, one per request, and
 * the extracted text is checked against passages picked by hand from each file (read with
 * pdftotext -layout, LibreOffice, unzip and iconv). Study-like files must yield their text in
 * the right place; robustness files must yield a clear error code or a best-effort result.
 * OCR and LibreOffice make this file slow (about a minute on 2 cores with the uploads run five
 * at a time, a few minutes one by one): it runs on SQLite only, since the database plays no part
 * in what it checks, with per-file timeouts of 3 minutes.
 */

const SLOW = 180_000;

interface Row {
  file: string;
  format: string;
  language: string;
  kind: 'study-like' | 'robustness';
}

const manifest: Row[] = fs
  .readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const cols = line.split('\t');
    return { file: cols[0]!, format: cols[1]!, language: cols[2]!, kind: cols[8] as Row['kind'] };
  });

type Content = ExtractedDocument & { files: Array<{ id: string; file_name: string }> };

/** Whitespace collapsed, NFC: line breaks and layout spaces do not decide a match. */
const flat = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
/** No whitespace at all: CJK text is compared without the spaces layout adds between glyphs. */
const dense = (s: string) => s.normalize('NFC').replace(/\s+/g, '');
const all = (doc: Content) => doc.blocks.map((b) => b.text).join('\n');

/** Asserts that one block, optionally at a location, holds the passage intact. */
function hasPassage(doc: Content, passage: string, where?: Partial<Location>, cjk = false) {
  const norm = cjk ? dense : flat;
  const inPlace = (b: Block) =>
    !where ||
    Object.entries(where).every(([k, v]) => (b.location as Record<string, unknown>)[k] === v);
  const found = doc.blocks.find((b) => inPlace(b) && norm(b.text).includes(norm(passage)));
  expect(
    found,
    `no block${where ? ` at ${JSON.stringify(where)}` : ''} contains: ${passage}`,
  ).toBeDefined();
}

/** One row holding these cells in this order (whatever labels or separators surround them). */
const rowWith = (...cells: string[]) =>
  new RegExp(cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\n]*?'));

/** A picture is read by OCR into numbered paragraphs (no OCR_USED warning: it is the only way). */
const ocrParagraphs = (doc: Content) =>
  expect(doc.blocks.every((b) => b.location.kind === 'paragraph')).toBe(true);

const warned = (doc: Content, code: string) =>
  expect(doc.warnings.map((w) => w.code)).toContain(code);

type Expectation =
  | { ok: (doc: Content) => void; language?: 'en' | 'zh-TW' | 'other' }
  | { error: string; status: number };

const expectations: Record<string, Expectation> = {
  'pdf/en_tracemonkey_pldi09_2col.pdf': {
    language: 'en',
    ok: (doc) => {
      hasPassage(doc, 'Trace-based Just-in-Time Type Specialization for Dynamic Languages', {
        kind: 'page',
        page: 1,
      });
      // Left column of page 2, across four lines: the columns must not be interleaved.
      hasPassage(
        doc,
        'In this way, our system can trace any number of loops nested to any depth without causing excessive tail duplication.',
        { kind: 'page', page: 2 },
      );
      hasPassage(doc, 'Dynamo: A transparent dynamic optimization system.', {
        kind: 'page',
        page: 14,
      });
    },
  },
  'pdf/en_gao_national_cybersecurity_strategy_malformed.pdf': {
    language: 'en',
    ok: (doc) =>
      hasPassage(
        doc,
        'designated information security as a government-wide high-risk area in 1997',
        { kind: 'page', page: 1 },
      ),
  },
  'pdf/en_scanned_huckfinn_p22_image_only.pdf': {
    language: 'en',
    ok: (doc) => {
      warned(doc, 'OCR_USED');
      expect(doc.blocks[0]!.location).toEqual({ kind: 'page', page: 1 });
      expect(all(doc)).toMatch(/widow/i);
      expect(all(doc)).toMatch(/kitchen/i);
    },
  },
  'pdf/en_scanned_typewriter_with_ocr_layer.pdf': {
    ok: (doc) => expect(all(doc)).toMatch(/Foundation/i),
  },
  'pdf/en_password_protected_user_pw.pdf': { error: 'PDF_PASSWORD_PROTECTED', status: 422 },
  // pdf.js rebuilds the missing trailer that poppler gives up on: best effort wins.
  'pdf/broken_no_trailer_unrecoverable.pdf': {
    ok: (doc) => expect(doc.blocks.some((b) => /a{20}/.test(b.text))).toBe(true),
  },
  'pdf/zh_exam114_fire_science_questions.pdf': {
    language: 'zh-TW',
    ok: (doc) => {
      const page1 = { kind: 'page', page: 1 } as const;
      hasPassage(doc, '請說明水滅火之原理，以及使用水系統控制鋰電池火災之原理', page1, true);
      hasPassage(
        doc,
        '火場中輻射為熱傳遞主要的方式之一，輻射熱之性質及其計算的方式下列何者錯誤',
        page1,
        true,
      );
      hasPassage(
        doc,
        '依據我國公共危險物品之分類，下列有關可燃液體與易燃液體之敘述，何者正確',
        { kind: 'page', page: 2 },
        true,
      );
      // Traditional characters as printed, never converted to Simplified ones.
      expect(all(doc)).not.toMatch(/[灾题烧气]/);
    },
  },
  'pdf/zh_exam114_fire_science_answer_key.pdf': {
    language: 'zh-TW',
    ok: (doc) => {
      hasPassage(doc, '測驗式試題標準答案', { kind: 'page', page: 1 }, true);
      hasPassage(doc, '火災學概要', undefined, true);
    },
  },
  'docx/en_doj_chapter13_trustee_handbook_ch1.docx': {
    language: 'en',
    ok: (doc) => {
      hasPassage(
        doc,
        'The Handbook does not present a full and complete statement of the law; it should not be used as a substitute for legal research and analysis.',
        { kind: 'paragraph' },
      );
      hasPassage(
        doc,
        'The standing trustee has a fiduciary responsibility to the bankruptcy estate.',
      );
    },
  },
  'docx/en_calibre_docx_feature_demo.docx': {
    language: 'en',
    ok: (doc) => {
      hasPassage(doc, 'Demonstration of DOCX support in calibre');
      hasPassage(
        doc,
        'Tables in Word can vary from the extremely simple to the extremely complex.',
      );
    },
  },
  'docx/zh_moda_account_permission_review_form.docx': {
    language: 'zh-TW',
    ok: (doc) => {
      hasPassage(doc, '帳號權限審查表(範本)', undefined, true);
      hasPassage(doc, '審查意見：管理者審查使用者權限是否符合現狀。', undefined, true);
    },
  },
  'doc/en_emphasized_text.doc': {
    language: 'en',
    ok: (doc) => hasPassage(doc, 'I am a bold italic bold-italic text.'),
  },
  'pptx/en_nih_government_university_identity_mgmt.pptx': {
    language: 'en',
    ok: (doc) => {
      hasPassage(
        doc,
        'Government online services shall trust externally-issued electronic identity credentials at known levels of assurance',
        { kind: 'slide', slide: 3 },
      );
      hasPassage(doc, 'Peter Alterman', { kind: 'slide', slide: 1 });
      // The deck's notes pages are empty (docProps/app.xml: <Notes>0</Notes>): no empty notes.
      expect(doc.blocks.filter((b) => b.location.kind === 'notes')).toEqual([]);
    },
  },
  'pptx/en_sample_nested_bullets_table.pptx': {
    language: 'en',
    ok: (doc) => {
      hasPassage(doc, 'This one is a sub-sub-bullet', { kind: 'slide', slide: 2 });
      hasPassage(doc, 'B2', { kind: 'slide', slide: 4 });
    },
  },
  'ppt/en_nih_government_university_identity_mgmt.ppt': {
    language: 'en',
    ok: (doc) =>
      hasPassage(
        doc,
        'Government online services shall trust externally-issued electronic identity credentials at known levels of assurance',
      ),
  },
  // Team names and numbers carry no English function words: no language expectation.
  'xlsx/en_stanley_cups_two_sheets.xlsx': {
    ok: (doc) => {
      const sheet = (name: string) =>
        doc.blocks
          .filter((b) => b.location.kind === 'sheet' && b.location.sheet === name)
          .map((b) => b.text)
          .join('\n');
      expect(sheet('Stanley Cups')).toMatch(rowWith('Maple Leafs', 'TOR', '13'));
      expect(sheet('Stanley Cups Since 67')).toMatch(rowWith('Maple Leafs', 'TOR', '0'));
    },
  },
  'xlsx/en_password_protected.xlsx': { error: 'OFFICE_PASSWORD_PROTECTED', status: 422 },
  'xlsx/zh_taiwan_plants_mandarin_taigi_vocab.xlsx': {
    language: 'zh-TW',
    ok: (doc) => {
      const text = all(doc).normalize('NFC');
      expect(text).toMatch(rowWith('松葉蕨', '松葉蘭', 'Siông-hio̍h-lân'));
      // The last of 4,448 rows: nothing cut off.
      expect(text).toMatch(rowWith('茅瓜', '埔瓜', 'Poo-kue'));
    },
  },
  'xls/en_blackboard_quiz_question_import.xls': {
    language: 'en',
    ok: (doc) =>
      hasPassage(
        doc,
        'How have the original Henry Hornbostel buildings influenced campus architecture and design in the last 30 years?',
        { kind: 'sheet', sheet: 'Example Test' } as Partial<Location>,
      ),
  },
  // An HTML table saved as .xls: read as the HTML it is.
  'xls/zh_ly_bills_labor_standards_act_html_as_xls.xls': {
    language: 'zh-TW',
    ok: (doc) => hasPassage(doc, '勞動基準法第五十四條條文修正草案', undefined, true),
  },
  'csv/en_semicolon_delimited.csv': {
    ok: (doc) => {
      const text = all(doc);
      // Cells that contain commas stay whole; the semicolons were taken as the delimiter.
      expect(text).toContain('Lorem, ipsum');
      expect(text).toContain('veniam, quis');
      expect(text).not.toContain('ipsum;');
    },
  },
  'csv/zh_gov_office_calendar_115_utf8_bom.csv': {
    language: 'zh-TW',
    ok: (doc) => {
      const text = all(doc);
      expect(text).toMatch(rowWith('20260101', '四', '2', '開國紀念日'));
      expect(text).toMatch(rowWith('20261010', '六', '2', '國慶日'));
      expect(text).not.toContain('\uFEFF');
    },
  },
  // Kanji names without kana cannot be told from Chinese: no language expectation.
  'csv/ja_names_cp932_shiftjis.csv': {
    ok: (doc) => {
      const text = all(doc);
      // 髙 exists only in CP932, not in plain Shift_JIS: the Windows code page was used.
      expect(text).toMatch(rowWith('髙橋淳', '35', '名古屋'));
      expect(text).toMatch(rowWith('佐藤太郎', '30', '東京'));
      expect(text).not.toContain('\uFFFD');
    },
  },
  'txt/zh_us_constitution_taiwan_phrasing.txt': {
    language: 'zh-TW',
    ok: (doc) =>
      hasPassage(
        doc,
        '我們合眾國人民，為建立一個更完善的聯邦，樹立正義，保障國內安寧',
        undefined,
        true,
      ),
  },
  // Named "with BOM" but it has none: UTF-16BE must be recognised from its zero bytes.
  'txt/en_utf16be_with_bom.txt': {
    ok: (doc) => {
      hasPassage(doc, 'This is a test document to use for unit tests.');
      hasPassage(doc, 'I love fuzzy blankets');
      expect(all(doc)).not.toContain('\u0000');
    },
  },
  'md/zh_audrey_tang_2025_ai_safety_column.md': {
    language: 'zh-TW',
    ok: (doc) => hasPassage(doc, '上週，OpenAI 釋出全球首次開放的安全推理模型', undefined, true),
  },
  'md/en_audrey_tang_2025_ai_safety_column.md': {
    language: 'en',
    ok: (doc) =>
      hasPassage(
        doc,
        'Last week, OpenAI released the world’s first openly available safety reasoning model',
      ),
  },
  'jpg/en_us_cfr_civil_service_rules_2col_scan.jpg': {
    language: 'en',
    ok: (doc) => {
      ocrParagraphs(doc);
      expect(all(doc)).toMatch(/CIVIL SERVICE RULES/i);
      expect(all(doc)).toMatch(/competitive service/i);
    },
  },
  'png/en_table_disability_usability_study.png': {
    ok: (doc) => {
      ocrParagraphs(doc);
      for (const label of ['Low Vision', 'Dexterity', 'Mobility'])
        expect(all(doc)).toContain(label);
    },
  },
  'jpg/zh_moda_account_permission_filled_form.jpg': {
    language: 'zh-TW',
    ok: (doc) => {
      ocrParagraphs(doc);
      hasPassage(doc, '帳號權限審查表', undefined, true);
    },
  },
};

/**
 * Runs `fn` as a fresh learner in an app of their own (own database and DATA_DIR), so the
 * uploads can run side by side and each can check that it left no temp files behind.
 */
async function asLearner(fn: (t: TestApp, token: string) => Promise<void>) {
  // The test app's settings do not inherit the environment: give it PATH to find LibreOffice.
  const t = await createTestApp({ env: { PATH: process.env.PATH ?? '' } });
  try {
    const { token } = await registerVerifiedUser(t, {
      email: 'corpus@example.com',
      password: 'Study2026',
    });
    await fn(t, token);
  } finally {
    await t.close();
  }
}

// Concurrent: most of each upload's time is spent starting workers and LibreOffice, not on CPU.
describe.concurrent('the shared corpus through the upload API', () => {
  it('has a hand-checked expectation for every file in MANIFEST.tsv', () => {
    expect(manifest.length).toBeGreaterThan(0);
    expect(Object.keys(expectations).sort()).toEqual(manifest.map((r) => r.file).sort());
  });

  for (const row of manifest) {
    it(
      `${row.kind}: ${row.file}`,
      () =>
        asLearner(async (t, token) => {
          const expected = expectations[row.file];
          if (!expected) throw new Error(`no expectation for ${row.file}`);
          const file = corpusFile(row.file);
          const res = await upload(t, token, [file]);
          if ('error' in expected) {
            expect(res.body.code, JSON.stringify(res.body)).toBe(expected.error);
            expect(res.status).toBe(expected.status);
            expect(res.body.message).toContain(file.name);
            expect(leftovers(t).temp).toEqual([]);
            return;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          const material = res.body.data;
          expect(material.type).toBe(row.format);
          expect(material.files[0]).toMatchObject({
            file_name: file.name,
            file_size: file.bytes.length,
          });
          const stored = await t.db
            .selectFrom('material_files')
            .select('sha256')
            .where('id', '=', material.files[0].id)
            .executeTakeFirstOrThrow();
          expect(stored.sha256).toBe(createHash('sha256').update(file.bytes).digest('hex'));

          const content = await t.call(
            'GET',
            `/api/v1/materials/${material.id}/content`,
            undefined,
            {
              token,
            },
          );
          expect(content.status).toBe(200);
          const doc = content.body.data as Content;
          expect(doc.blocks.length).toBeGreaterThan(0);
          expect(doc.blocks.every((b) => b.fileId === material.files[0].id)).toBe(true);
          if (expected.language) expect(doc.language).toBe(expected.language);
          expect(material.language).toBe(doc.language);
          expected.ok(doc);
        }),
      SLOW,
    );
  }

  // Neither corpus deck has speaker notes (their notes pages are empty placeholders), so the
  // sample deck gets one typed into slide 2's notes page, as a presenter would.
  it(
    'keeps speaker notes as their own blocks of kind notes',
    () =>
      asLearner(async (t, token) => {
        const deck = corpusFile('pptx/en_sample_nested_bullets_table.pptx');
        const parts = await readZip(deck.bytes);
        const note = 'Remind the class that sub-bullets can nest three levels deep.';
        const notes = parts.get('ppt/notesSlides/notesSlide2.xml')!.toString('utf8');
        expect(notes).toContain('<a:t></a:t>');
        parts.set(
          'ppt/notesSlides/notesSlide2.xml',
          Buffer.from(notes.replace('<a:t></a:t>', `<a:t>${note}</a:t>`)),
        );
        const withNotes = buildZip([...parts].map(([name, data]) => ({ name, data })));
        const res = await upload(t, token, [{ name: 'deck-with-notes.pptx', bytes: withNotes }]);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const content = await t.call(
          'GET',
          `/api/v1/materials/${res.body.data.id}/content`,
          undefined,
          { token },
        );
        const doc = content.body.data as Content;
        hasPassage(doc, note, { kind: 'notes', slide: 2 });
        hasPassage(doc, 'This one is a sub-sub-bullet', { kind: 'slide', slide: 2 });
      }),
    SLOW,
  );
});
