import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionOf, fileTypeOf, sniffKind } from '../../api/extract/sniff.js';
import type { FileKind } from '../../api/extract/types.js';
import { appError, buildZip, corpus, noise, readZip, scratch } from './extract-fixtures.js';

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.done());

/** A copy of a corpus file under another name, as a learner might have renamed it. */
async function renamed(rel: string, name: string): Promise<string> {
  const target = path.join(tmp.dir, name);
  await copyFile(corpus(rel), target);
  return target;
}

const CORPUS_KINDS: Array<[string, FileKind]> = [
  ['pdf/en_tracemonkey_pldi09_2col.pdf', 'pdf'],
  ['pdf/en_gao_national_cybersecurity_strategy_malformed.pdf', 'pdf'],
  ['pdf/en_scanned_huckfinn_p22_image_only.pdf', 'pdf'],
  ['pdf/en_scanned_typewriter_with_ocr_layer.pdf', 'pdf'],
  ['pdf/en_password_protected_user_pw.pdf', 'pdf'],
  ['pdf/broken_no_trailer_unrecoverable.pdf', 'pdf'],
  ['pdf/zh_exam114_fire_science_questions.pdf', 'pdf'],
  ['pdf/zh_exam114_fire_science_answer_key.pdf', 'pdf'],
  ['docx/en_doj_chapter13_trustee_handbook_ch1.docx', 'docx'],
  ['docx/en_calibre_docx_feature_demo.docx', 'docx'],
  ['docx/zh_moda_account_permission_review_form.docx', 'docx'],
  ['doc/en_emphasized_text.doc', 'doc'],
  ['pptx/en_nih_government_university_identity_mgmt.pptx', 'pptx'],
  ['pptx/en_sample_nested_bullets_table.pptx', 'pptx'],
  ['ppt/en_nih_government_university_identity_mgmt.ppt', 'ppt'],
  ['xlsx/en_stanley_cups_two_sheets.xlsx', 'xlsx'],
  ['xlsx/zh_taiwan_plants_mandarin_taigi_vocab.xlsx', 'xlsx'],
  ['xls/en_blackboard_quiz_question_import.xls', 'xls'],
  // The Legislative Yuan's ".xls" is a UTF-8 HTML table: read as HTML, not rejected.
  ['xls/zh_ly_bills_labor_standards_act_html_as_xls.xls', 'html'],
  ['csv/en_semicolon_delimited.csv', 'csv'],
  ['csv/zh_gov_office_calendar_115_utf8_bom.csv', 'csv'],
  ['csv/ja_names_cp932_shiftjis.csv', 'csv'],
  ['txt/zh_us_constitution_taiwan_phrasing.txt', 'text'],
  // UTF-16BE without a BOM is full of NUL bytes and still text.
  ['txt/en_utf16be_with_bom.txt', 'text'],
  ['md/zh_audrey_tang_2025_ai_safety_column.md', 'text'],
  ['md/en_audrey_tang_2025_ai_safety_column.md', 'text'],
  ['jpg/en_us_cfr_civil_service_rules_2col_scan.jpg', 'image'],
  ['jpg/zh_moda_account_permission_filled_form.jpg', 'image'],
  ['png/en_table_disability_usability_study.png', 'image'],
];

describe('sniffKind on the shared corpus', () => {
  it.each(CORPUS_KINDS)('%s is %s', async (rel, kind) => {
    expect(await sniffKind(corpus(rel), path.basename(rel))).toBe(kind);
  });

  it('covers every file of MANIFEST.tsv', async () => {
    const manifest = (await readFile(corpus('MANIFEST.tsv'), 'utf8')).trim().split('\n').slice(1);
    const listed = manifest.map((line) => line.split('\t')[0]).sort();
    expect([...CORPUS_KINDS.map(([rel]) => rel), 'xlsx/en_password_protected.xlsx'].sort()).toEqual(
      listed,
    );
  });

  it('rejects the encrypted workbook (an OLE container holding EncryptedPackage)', async () => {
    const err = await appError(
      sniffKind(corpus('xlsx/en_password_protected.xlsx'), 'en_password_protected.xlsx'),
    );
    expect(err.code).toBe('OFFICE_PASSWORD_PROTECTED');
    expect(err.messages()['zh-TW']).toContain('「en_password_protected.xlsx」有密碼保護');
  });
});

describe('sniffKind on password-protected Word 97 and Excel 97 files', () => {
  /** A copy of a corpus file with `patch` applied at the first sector that starts with `magic`. */
  async function patched(rel: string, magic: number[], patch: (buf: Buffer, at: number) => void) {
    const buf = await readFile(corpus(rel));
    let at = -1;
    for (let o = 512; o < buf.length && at < 0; o += 512)
      if (magic.every((b, i) => buf[o + i] === b)) at = o;
    expect(at, `no sector starts with ${magic}`).toBeGreaterThan(0);
    patch(buf, at);
    return tmp.write(path.basename(rel), buf);
  }

  it('sees fEncrypted in a Word 97 file header (FIB)', async () => {
    // The WordDocument stream starts with the FIB (0xA5EC); flags at 0x0A, fEncrypted = 0x0100.
    const file = await patched('doc/en_emphasized_text.doc', [0xec, 0xa5], (buf, at) => {
      buf[at + 0x0b]! |= 0x01;
    });
    expect((await appError(sniffKind(file, 'exam.doc'))).code).toBe('OFFICE_PASSWORD_PROTECTED');
  });

  it('sees a FILEPASS record right after the workbook BOF', async () => {
    // BOF (0x0809, 16 bytes of data), then the next record's type becomes FILEPASS (0x002F).
    const file = await patched(
      'xls/en_blackboard_quiz_question_import.xls',
      [0x09, 0x08, 0x10, 0x00],
      (buf, at) => {
        buf.writeUInt16LE(0x002f, at + 20);
      },
    );
    expect((await appError(sniffKind(file, 'quiz.xls'))).code).toBe('OFFICE_PASSWORD_PROTECTED');
  });
});

describe('sniffKind when name and content disagree', () => {
  it('names the real format when a PNG is called .docx', async () => {
    const file = await renamed('png/en_table_disability_usability_study.png', 'homework.docx');
    const err = await appError(sniffKind(file, 'homework.docx'));
    expect(err.code).toBe('FILE_TYPE_MISMATCH');
    expect(err.params).toMatchObject({ name: 'homework.docx', ext: 'docx', actual: 'PNG' });
    expect(err.messages().en).toBe(
      '"homework.docx" is named .docx but its content looks like PNG. Please check the file.',
    );
  });

  it('names the real format when a PDF is called .xlsx or a Word file is called .pdf', async () => {
    const pdf = await renamed('pdf/en_tracemonkey_pldi09_2col.pdf', 'scores.xlsx');
    expect((await appError(sniffKind(pdf, 'scores.xlsx'))).params).toMatchObject({
      ext: 'xlsx',
      actual: 'PDF',
    });
    const docx = await renamed('docx/en_doj_chapter13_trustee_handbook_ch1.docx', 'notes.pdf');
    const err = await appError(sniffKind(docx, 'notes.pdf'));
    expect(err.code).toBe('FILE_TYPE_MISMATCH');
    expect(err.params).toMatchObject({ ext: 'pdf', actual: 'DOCX' });
  });

  it('calls plain text named .pdf a mismatch', async () => {
    const file = await tmp.write('chapter.pdf', 'Chapter 1\n\nThe cell is the unit of life.\n');
    expect((await appError(sniffKind(file, 'chapter.pdf'))).params).toMatchObject({
      ext: 'pdf',
      actual: 'TXT',
    });
  });

  it('calls random bytes under a known binary extension damaged', async () => {
    const file = await tmp.write('grades.xlsx', noise(4096));
    const err = await appError(sniffKind(file, 'grades.xlsx'));
    expect(err.code).toBe('FILE_DAMAGED');
    expect(err.params.name).toBe('grades.xlsx');
  });

  it('calls random bytes under any other name unsupported', async () => {
    const file = await tmp.write('archive.bin', noise(4096));
    expect((await appError(sniffKind(file, 'archive.bin'))).code).toBe('FILE_TYPE_UNSUPPORTED');
  });

  it('calls a plain zip unsupported, and a zip named .docx without Word parts damaged', async () => {
    const zip = buildZip([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    const plain = await tmp.write('bundle.zip', zip);
    expect((await appError(sniffKind(plain, 'bundle.zip'))).code).toBe('FILE_TYPE_UNSUPPORTED');
    const fake = await tmp.write('essay.docx', zip);
    expect((await appError(sniffKind(fake, 'essay.docx'))).code).toBe('FILE_DAMAGED');
  });

  it('rejects an empty file before anything else', async () => {
    const file = await tmp.write('empty.pdf', Buffer.alloc(0));
    const err = await appError(sniffKind(file, 'empty.pdf'));
    expect(err.code).toBe('FILE_EMPTY');
    expect(err.messages()['zh-TW']).toBe('「empty.pdf」是空白檔案（0 位元組）。');
  });
});

describe('sniffKind in benign cases', () => {
  it('keeps CSV content named .txt as text, and reads .tsv as CSV', async () => {
    const csv = 'name,score\nAmy,90\n';
    expect(await sniffKind(await tmp.write('scores.txt', csv), 'scores.txt')).toBe('text');
    expect(await sniffKind(await tmp.write('scores.tsv', 'name\tscore\n'), 'scores.tsv')).toBe(
      'csv',
    );
  });

  it('reads source code, JSON and files without an extension as text', async () => {
    expect(await sniffKind(await tmp.write('main.ts', 'export const x = 1;\n'), 'main.ts')).toBe(
      'text',
    );
    expect(await sniffKind(await tmp.write('deck.json', '{"a": 1}'), 'deck.json')).toBe('text');
    expect(await sniffKind(await tmp.write('NOTES', '筆記\n'), 'NOTES')).toBe('text');
  });

  it('accepts a JPEG named .png (both images) and HTML saved as .doc', async () => {
    const jpg = await renamed('jpg/en_us_cfr_civil_service_rules_2col_scan.jpg', 'scan.png');
    expect(await sniffKind(jpg, 'scan.png')).toBe('image');
    const html = await tmp.write(
      'lesson.doc',
      '\ufeff<html><body><p>Photosynthesis</p></body></html>',
    );
    expect(await sniffKind(html, 'lesson.doc')).toBe('html');
  });

  it('reads RTF saved as .doc as a Word document (LibreOffice converts it)', async () => {
    const rtf = await tmp.write('old.doc', '{\\rtf1\\ansi Hello}');
    expect(await sniffKind(rtf, 'old.doc')).toBe('doc');
  });

  it('decides a docx by its parts, whatever the zip holds first', async () => {
    const parts = await readZip(corpus('docx/en_doj_chapter13_trustee_handbook_ch1.docx'));
    const reordered = buildZip([...parts].reverse().map(([name, data]) => ({ name, data })));
    expect(await sniffKind(await tmp.write('handbook', reordered), 'handbook')).toBe('docx');
  });

  it('sees UTF-16LE text with a BOM as text', async () => {
    const bytes = Buffer.from('\ufeffCell 細胞 is the basic unit of life.', 'utf16le');
    expect(bytes.includes(0)).toBe(true);
    expect(await sniffKind(await tmp.write('bio.txt', bytes), 'bio.txt')).toBe('text');
  });
});

describe('fileTypeOf and extensionOf', () => {
  it('gives the spec file_type: the lowercase extension, else the kind’s usual one', () => {
    expect(fileTypeOf('pdf', 'Lecture 3.PDF')).toBe('pdf');
    expect(fileTypeOf('html', '勞基法.xls')).toBe('xls');
    expect(fileTypeOf('text', 'app.ts')).toBe('ts');
    expect(fileTypeOf('image', 'photo.JPG')).toBe('jpg');
    expect(fileTypeOf('text', 'README')).toBe('txt');
    expect(fileTypeOf('docx', 'report')).toBe('docx');
    expect(fileTypeOf('image', 'scan')).toBe('unknown');
  });

  it('reads the extension of the last dot only', () => {
    expect(extensionOf('notes.final.DOCX')).toBe('docx');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('no-extension')).toBe('');
  });
});
