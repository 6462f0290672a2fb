import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdf } from '../../api/extract/formats/pdf.js';
import { extractDocument, type ExtractedDocument } from '../../api/extract/index.js';
import { defaultLimits, type ExtractLimits } from '../../api/extract/types.js';
import { AppError } from '../../api/lib/errors.js';

const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus');
const limits: ExtractLimits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
};

/** Through the worker thread, as the upload route runs it. */
function extract(rel: string): Promise<ExtractedDocument> {
  const file = path.join(corpus, rel);
  const fileName = path.basename(file);
  return extractDocument([{ fileId: fileName, path: file, fileName, kind: 'pdf' }], limits);
}

function direct(file: string) {
  return extractPdf({ kind: 'pdf', path: file, fileName: path.basename(file), limits });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function indexOf(doc: ExtractedDocument, text: string): number {
  return doc.blocks.findIndex((b) => b.text.includes(text));
}

describe('two-column paper (TraceMonkey, PLDI 2009)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extract('pdf/en_tracemonkey_pldi09_2col.pdf');
  }, 60_000);

  it('keeps a sentence from page 2 whole, in order, in one block cited as page 2', () => {
    // pdftotext -layout: "Every compiled trace contains all the guards (checks) required" /
    // "to validate the speculation." on two lines of the left column, right column beside it.
    const sentence =
      'Every compiled trace contains all the guards (checks) required to validate the speculation.';
    const block = doc.blocks.find((b) => b.text.includes(sentence));
    expect(block?.location).toEqual({ kind: 'page', page: 2 });
  });

  it('reads the left column to its end before the right column starts', () => {
    // Page 2 left column ends "... In Section 7 we evaluate our dynamic compiler based on";
    // the right column starts with Figure 1's code "1 for (var i = 2; i < 100; ++i) {".
    const leftEnd = indexOf(doc, 'In Section 7 we evaluate our dynamic compiler based on');
    expect(
      doc.blocks[leftEnd]!.text.endsWith('In Section 7 we evaluate our dynamic compiler based on'),
    ).toBe(true);
    expect(doc.blocks[leftEnd + 1]!.text.startsWith('1 for (var i = 2; i < 100; ++i) {')).toBe(
      true,
    );
    // Interleaving would put the right column's first line into the left column's paragraph.
    const first = doc.blocks[indexOf(doc, 'Hence, recording and compiling a trace')]!;
    expect(first.text).not.toContain('for (var i');
    expect(first.text).toContain('typing will be exactly as they were during recording');
  });

  it('puts the full-width title and authors before both columns of page 1', () => {
    expect(doc.blocks[0]!.text).toBe(
      'Trace-based Just-in-Time Type Specialization for Dynamic Languages',
    );
    expect(indexOf(doc, 'Andreas Gal')).toBeLessThan(indexOf(doc, 'Dynamic languages such as'));
    // Left column (Abstract, Introduction) before the right column ("and is used for ...").
    expect(indexOf(doc, '1. Introduction')).toBeLessThan(
      indexOf(doc, 'and is used for the application logic'),
    );
  });

  it('mends words hyphenated at line ends and keeps real compounds', () => {
    const all = doc.blocks.map((b) => b.text).join('\n');
    // "more difficult to com-" / "pile than", "Zimbra Col-" / "laboration", "type informa-" /
    // "tion" in pdftotext -layout of page 1.
    expect(all).toContain('more difficult to compile than statically typed ones');
    expect(all).toContain('Google Docs and Zimbra Collaboration Suite');
    expect(all).toContain('rely on type information to generate efficient machine code');
    // "Trace-" / "Monkey" (page 2): the paper writes TraceMonkey, so the hyphen goes too.
    expect(all).toContain('We call the resulting tracing VM TraceMonkey.');
    // A hyphen inside a line stays.
    expect(all).toContain('type-specialized trace trees');
    expect(all).not.toMatch(/\bcom- pile\b|\bCol- laboration\b/);
  });

  it('cites 1-based page numbers in page order', () => {
    const pages = doc.blocks.map((b) => (b.location.kind === 'page' ? b.location.page : 0));
    expect(pages[0]).toBe(1);
    expect(pages[pages.length - 1]).toBe(14);
    expect(pages.every((p, i) => p >= 1 && p <= 14 && (i === 0 || p >= pages[i - 1]!))).toBe(true);
    expect(doc.blocks[indexOf(doc, 'i=4. On this iteration, TraceMonkey calls')]!.location).toEqual(
      { kind: 'page', page: 4 },
    );
    expect(doc.language).toBe('en');
    expect(doc.warnings).toEqual([]);
  });

  it('keeps one-off notes at the page foot (this paper has no running header to drop)', () => {
    // The ACM copyright footnote sits at the bottom of page 1 only: it is not a running footer.
    const footnote = doc.blocks.filter((b) => b.text.includes('PLDI’09, June 15–20, 2009'));
    expect(footnote.map((b) => b.location)).toEqual([{ kind: 'page', page: 1 }]);
  });

  it('composes accents TeX draws as separate glyphs ("na¨ıve")', () => {
    expect(doc.blocks.map((b) => b.text).join('\n')).toContain('In a naïve implementation');
  });
});

describe('Chinese exam paper (114年 火災學概要)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extract('pdf/zh_exam114_fire_science_questions.pdf');
  }, 60_000);

  it('gives the questions in Traditional characters, one block per question', () => {
    const q1 = doc.blocks.find((b) => b.text.startsWith('1 火場中輻射為熱傳遞主要的方式之一'));
    expect(q1?.text).toContain('輻射熱之性質及其計算的方式下列何者錯誤？');
    expect(q1?.location).toEqual({ kind: 'page', page: 1 });
    const q40 = doc.blocks.find((b) => b.text.startsWith('40 '));
    expect(q40?.text).toContain('下列何者產生粉塵爆炸時造成的最大爆炸壓力最小？');
    expect(q40?.location).toEqual({ kind: 'page', page: 4 });
    expect(doc.language).toBe('zh-TW');
  });

  it('joins Chinese without spaces, across letter-spacing and line breaks', () => {
    const all = doc.blocks.map((b) => b.text).join('\n');
    // Printed letter-spaced: "高 等 暨 普 通 考 試 消 防 設 備 人 員 考 試".
    expect(all).toContain('高等暨普通考試消防設備人員考試');
    // Question 9 breaks "自反" / "應物質" across lines; question 11 breaks "理" / "論".
    expect(all).toContain('自反應物質屬何種公共危險物品？');
    expect(all).toContain('在空氣中燃燒所需之理論空氣量分別為');
    // Only the gaps between printed answer options remain as spaces.
    expect(all).toContain('熱能 連鎖反應 氧氣 可燃物');
  });

  it('drops the running header "代號：40210 / 頁次：4－n" from every page', () => {
    const all = doc.blocks.map((b) => b.text).join('\n');
    expect(all).not.toContain('40210');
    expect(all).not.toContain('頁次');
    // The multiple-choice section's own code, printed once mid-page, is content and stays.
    expect(all).toContain('代號：1402');
  });
});

describe('other PDFs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-pdf-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the answer-key table row by row', async () => {
    const result = await direct(path.join(corpus, 'pdf/zh_exam114_fire_science_answer_key.pdf'));
    const all = result.blocks.map((b) => b.text).join('\n');
    expect(all).toContain('題號 第1題 第2題 第3題');
    expect(all).toContain('答案 A C C D A C D A D C');
    expect(all).toContain('類科名稱：消防設備士');
  });

  it('recovers the text of a PDF whose object structure is malformed', async () => {
    const result = await direct(
      path.join(corpus, 'pdf/en_gao_national_cybersecurity_strategy_malformed.pdf'),
    );
    const all = result.blocks.map((b) => b.text).join('\n');
    expect(all).toContain('established the Office of the National Cyber Director (ONCD)');
    expect(all).toContain(
      'Cybersecurity: Launching and Implementing the National Cybersecurity Strategy',
    );
  });

  it('uses an invisible OCR text layer as it is instead of scanning again', async () => {
    const result = await direct(path.join(corpus, 'pdf/en_scanned_typewriter_with_ocr_layer.pdf'));
    const all = result.blocks.map((b) => b.text).join('\n');
    expect(all).toContain('to keep you posted on the progress of the Foundation');
    expect(all).toContain('Hawaiian Sugar');
    expect(result.warnings).toEqual([]);
  });

  it('refuses a PDF locked with a user password as PDF_PASSWORD_PROTECTED', async () => {
    const err = await failure(extract('pdf/en_password_protected_user_pw.pdf'));
    expect(err.code).toBe('PDF_PASSWORD_PROTECTED');
    expect(err.params.name).toBe('en_password_protected_user_pw.pdf');
  }, 30_000);

  it('gets what pdf.js can out of a file without a trailer, without hanging', async () => {
    // Poppler cannot open it; pdf.js rebuilds the object table and finds one page.
    const started = Date.now();
    const doc = await extract('pdf/broken_no_trailer_unrecoverable.pdf');
    expect(Date.now() - started).toBeLessThan(limits.timeoutMs);
    expect(doc.blocks[0]).toMatchObject({
      text: expect.stringContaining('Hello World'),
      location: { kind: 'page', page: 1 },
    });
  }, 60_000);

  it('calls random bytes and an empty file damaged', async () => {
    const random = path.join(dir, 'notes.pdf');
    await writeFile(random, randomBytes(64 * 1024));
    expect((await failure(direct(random))).code).toBe('FILE_DAMAGED');
    const empty = path.join(dir, 'empty.pdf');
    await writeFile(empty, '');
    expect((await failure(direct(empty))).code).toBe('FILE_DAMAGED');
    // The same through the worker, with the file name for the message.
    const viaWorker = await failure(
      extractDocument([{ fileId: 'r', path: random, fileName: 'notes.pdf', kind: 'pdf' }], limits),
    );
    expect(viaWorker.code).toBe('FILE_DAMAGED');
    expect(viaWorker.messages().en).toBe(
      '"notes.pdf" is damaged or cannot be read. Please export it again and re-upload.',
    );
  }, 30_000);
});
