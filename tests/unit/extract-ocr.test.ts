import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractImage } from '../../api/extract/formats/image.js';
import { extractDocument, type ExtractedDocument } from '../../api/extract/index.js';
import { englishDataFile, tesseractPaths } from '../../api/extract/ocr/languages.js';
import { defaultLimits, type ExtractLimits, type FileKind } from '../../api/extract/types.js';
import { AppError } from '../../api/lib/errors.js';

// OCR is slow on a small machine: each test allows two minutes, the file runs in about one.
const SLOW = 120_000;
const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus');
const debianTessdata = '/usr/share/tesseract-ocr/5/tessdata';
const limits: ExtractLimits = { ...defaultLimits, tessdataDir: debianTessdata };

function extract(rel: string, kind: FileKind, with_ = limits): Promise<ExtractedDocument> {
  const file = path.join(corpus, rel);
  const fileName = path.basename(file);
  return extractDocument([{ fileId: fileName, path: file, fileName, kind }], with_);
}

const text = (doc: { blocks: Array<{ text: string }> }) => doc.blocks.map((b) => b.text).join('\n');

describe('OCR of scans and pictures', () => {
  let emptyTessdata: string;
  beforeAll(async () => {
    emptyTessdata = await mkdtemp(path.join(tmpdir(), 'mnemo-no-chi-tra-'));
  });
  afterAll(async () => {
    await rm(emptyTessdata, { recursive: true, force: true });
  });

  it(
    'reads an image-only PDF page and says OCR was used',
    async () => {
      const doc = await extract('pdf/en_scanned_huckfinn_p22_image_only.pdf', 'pdf');
      const all = text(doc);
      // Page 22 of Huckleberry Finn: "WE went tip-toeing along a path amongst the trees back
      // towards the end of the widow's garden ..."
      expect(all).toContain('went tip-toeing along a path amongst');
      expect(all).toMatch(/widow.s garden/);
      expect(all).toContain('Miss Watson');
      // "min-" / "utes" at a line end of the scan comes out as one word.
      expect(all).toContain('it was minutes and minutes');
      expect(doc.blocks.every((b) => b.location.kind === 'page' && b.location.page === 1)).toBe(
        true,
      );
      expect(doc.warnings).toEqual([
        {
          code: 'OCR_USED',
          params: { pages: 1 },
          fileId: 'en_scanned_huckfinn_p22_image_only.pdf',
        },
      ]);
      expect(doc.language).toBe('en');
    },
    SLOW,
  );

  it(
    'reads a two-column scan column by column',
    async () => {
      const doc = await extract('jpg/en_us_cfr_civil_service_rules_2col_scan.jpg', 'image');
      const all = text(doc);
      expect(all).toMatch(/CIVIL SERVICE RULES/);
      expect(all).toContain('Civil Service Rules');
      // Left column, hyphenated "competi-" / "tive" mended.
      expect(all).toContain('apply to all positions in the competitive service');
      expect(doc.blocks[0]!.location).toEqual({ kind: 'paragraph', index: 1 });
      expect(doc.warnings).toEqual([]);
    },
    SLOW,
  );

  it(
    'reads the words of a table picture, shaded header included',
    async () => {
      const result = await extractImage({
        kind: 'image',
        path: path.join(corpus, 'png/en_table_disability_usability_study.png'),
        fileName: 'table.png',
        limits,
      });
      const all = text(result);
      for (const word of ['Participants', 'Accuracy', 'Dexterity', 'Mobility', 'Low Vision']) {
        expect(all).toContain(word);
      }
      expect(all).toContain('1672.1 sec, n=4');
    },
    SLOW,
  );

  it(
    'reads a Traditional Chinese form with chi_tra, without spaces between characters',
    async () => {
      const doc = await extract('jpg/zh_moda_account_permission_filled_form.jpg', 'image');
      const all = text(doc);
      expect(all).toContain('帳號權限審查表');
      expect(all).toContain('審查意見');
      expect(all).toMatch(/使用者權限是否符合現狀/);
      expect(all).not.toMatch(/\p{Script=Han} +\p{Script=Han}/u);
      expect(doc.language).toBe('zh-TW');
    },
    SLOW,
  );

  it(
    'says Chinese OCR data is missing instead of returning noise',
    async () => {
      const without = { ...limits, tessdataDir: emptyTessdata };
      const err = await extract('jpg/zh_moda_account_permission_filled_form.jpg', 'image', without)
        .then(() => undefined)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('OCR_LANGUAGE_MISSING');
      expect((err as AppError).messages()['zh-TW']).toBe(
        '伺服器缺少 繁體中文 / Traditional Chinese 的文字辨識資料，無法讀取「zh_moda_account_permission_filled_form.jpg」這類掃描檔或圖片。請聯絡管理員安裝。',
      );
    },
    SLOW,
  );

  it(
    'still reads English without chi_tra, with a warning that Chinese is not covered',
    async () => {
      const result = await extractImage({
        kind: 'image',
        path: path.join(corpus, 'png/en_table_disability_usability_study.png'),
        fileName: 'table.png',
        limits: { ...limits, tessdataDir: emptyTessdata },
      });
      expect(text(result)).toContain('Participants');
      expect(result.warnings).toEqual([
        { code: 'OCR_LANGUAGE_LIMITED', params: { language: '繁體中文 / Traditional Chinese' } },
      ]);
    },
    SLOW,
  );

  it('runs from local files only and writes nothing to the working directory', async () => {
    // tesseract.js falls back to a CDN for data and caches it in the working directory unless
    // told otherwise; every path it gets must be a local file, and no cache may appear.
    expect(existsSync(englishDataFile())).toBe(true);
    const { workerPath, corePath } = tesseractPaths();
    expect(existsSync(workerPath)).toBe(true);
    expect(existsSync(path.join(corePath, 'tesseract-core-simd-lstm.wasm'))).toBe(true);
    expect(existsSync(path.join(debianTessdata, 'chi_tra.traineddata'))).toBe(true);
    const cached = (await readdir(process.cwd())).filter((f) => f.endsWith('.traineddata'));
    expect(cached).toEqual([]);
  });

  it(
    'makes no network request while recognizing, in any thread',
    async () => {
      // A child process whose every thread (tesseract's own worker included: preloads apply to
      // worker threads started from a file) throws on fetch and on TCP connects, and reports it.
      const guard = `
      import net from 'node:net';
      const blocked = (what) => { process.stderr.write('NETWORK ' + what + '\\n'); throw new Error('blocked'); };
      const connect = net.Socket.prototype.connect;
      net.Socket.prototype.connect = function (...args) {
        const o = Array.isArray(args[0]) ? args[0][0] : args[0];
        if (o && typeof o === 'object' && o.path) return connect.apply(this, args); // local IPC
        return blocked('connect ' + JSON.stringify(o));
      };
      globalThis.fetch = (url) => blocked('fetch ' + url);`;
      const script = `(async () => {
      if (String(globalThis.fetch).includes('blocked')) console.log('guard active');
      const { extractImage } = await import(${JSON.stringify(
        path.resolve(import.meta.dirname, '../../api/extract/formats/image.ts'),
      )});
      const result = await extractImage(${JSON.stringify({
        kind: 'image',
        path: path.join(corpus, 'png/en_table_disability_usability_study.png'),
        fileName: 'table.png',
        limits,
      })});
      console.log(result.blocks.map((b) => b.text).join(' '));
    })();`;
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          `data:text/javascript,${encodeURIComponent(guard)}`,
          '--import',
          'tsx',
          '-e',
          script,
        ],
        { cwd: path.resolve(import.meta.dirname, '../..') },
      );
      expect(stdout).toContain('guard active');
      expect(stdout).toContain('Participants');
      expect(stderr).not.toContain('NETWORK');
    },
    SLOW,
  );
});
