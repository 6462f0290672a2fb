import { open } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeText, readTextChunks } from '../../api/extract/decode.js';
import { extractCsv } from '../../api/extract/formats/csv.js';
import { extractText } from '../../api/extract/formats/text.js';
import { extractDocument } from '../../api/extract/index.js';
import { markdownItems } from '../../api/extract/office/markdown.js';
import { paragraphs, streamLines, streamParagraphs } from '../../api/extract/office/plain-text.js';
import { MAX_ROWS, sheetBlocks } from '../../api/extract/office/sheet-blocks.js';
import { closeExtractionWorkers } from '../../api/extract/run-in-worker.js';
import { defaultLimits } from '../../api/extract/types.js';
import { encodeLegacy, job, scratch, source } from './extract-fixtures.js';

const SLOW = 120_000;
let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(async () => {
  await closeExtractionWorkers();
  await tmp.done();
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function* pieces(list: string[]): AsyncGenerator<string> {
  yield* list;
}

/** Deterministic pseudo-random numbers (an LCG), so a failure reproduces. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

/** The text cut at random places into pieces of 1 to `max` characters. */
function cut(text: string, next: () => number, max: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length;) {
    const n = 1 + Math.floor(next() * max);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

/** Decodes a file read `chunkBytes` at a time; the detected encoding and the pieces. */
async function readInChunks(file: string, chunkBytes?: number) {
  let encoding = '';
  const chunks = await collect(
    readTextChunks(file, { chunkBytes, onEncoding: (e) => (encoding = e) }),
  );
  return { encoding, chunks, text: chunks.join('') };
}

/** Whether some read of `chunkBytes` ends inside a multi-byte character of `text`. */
function readsCutCharacters(bytes: Buffer, chunkBytes: number, unit: (b: Buffer) => number[]) {
  const starts = new Set(unit(bytes));
  for (let at = chunkBytes; at < bytes.length; at += chunkBytes) if (!starts.has(at)) return true;
  return false;
}

/** Byte offsets where characters start, for a text encoded from `chars` one by one. */
const charStarts =
  (chars: string[], encode: (ch: string) => Buffer, prefix = 0) =>
  (): number[] => {
    const starts: number[] = [];
    let at = prefix;
    for (const ch of chars) {
      starts.push(at);
      at += encode(ch).length;
    }
    return starts;
  };

const ZH = '細胞膜由磷脂雙分子層構成，控制物質進出細胞。滲透作用使水分子通過半透膜。';
const MIXED = `${ZH} Osmosis moves water. 😀 第二段：國立臺灣大學\r\n\r\n`;

describe('text files decoded as a stream', () => {
  it('puts UTF-8 characters cut between reads back together (3- and 4-byte ones)', async () => {
    const text = MIXED.repeat(50);
    const bytes = Buffer.from(text, 'utf8');
    const file = await tmp.write('mixed-utf8.txt', bytes);
    const starts = charStarts([...text], (ch) => Buffer.from(ch, 'utf8'));
    for (const chunkBytes of [1, 2, 5, 7, 4096]) {
      if (chunkBytes > 1) expect(readsCutCharacters(bytes, chunkBytes, starts)).toBe(true);
      const read = await readInChunks(file, chunkBytes);
      expect(read.encoding).toBe('utf-8');
      expect(read.chunks.length).toBeGreaterThan(1);
      expect(read.text).toBe(text);
    }
  });

  it('puts UTF-16 code units and surrogate pairs cut between reads back together', async () => {
    const text = `This is English text with ${ZH} and 😀 in it.\n`.repeat(40);
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    const bom = (b: Buffer, mark: number[]) => Buffer.concat([Buffer.from(mark), b]);
    const files: Array<[string, Buffer, string]> = [
      ['utf16le-bom.txt', bom(le, [0xff, 0xfe]), 'utf-16le'],
      ['utf16be-bom.txt', bom(be, [0xfe, 0xff]), 'utf-16be'],
      ['utf16le-no-bom.txt', le, 'utf-16le'],
    ];
    for (const [name, bytes, encoding] of files) {
      const file = await tmp.write(name, bytes);
      for (const chunkBytes of [1, 3, 7, 1001]) {
        const read = await readInChunks(file, chunkBytes);
        expect(read.encoding, name).toBe(encoding);
        expect(read.text, `${name} read ${chunkBytes} bytes at a time`).toBe(text);
      }
    }
  });

  it('puts Big5 characters cut between reads back together and still detects Big5', async () => {
    const text = `學校,科系\n國立臺灣大學,資訊工程學系\n${ZH}\n`.repeat(30);
    const bytes = encodeLegacy(text, 'big5');
    const file = await tmp.write('big5.csv', bytes);
    const starts = charStarts([...text], (ch) => encodeLegacy(ch, 'big5'));
    for (const chunkBytes of [1, 3, 7, 333]) {
      if (chunkBytes > 1) expect(readsCutCharacters(bytes, chunkBytes, starts)).toBe(true);
      const read = await readInChunks(file, chunkBytes);
      expect(read.encoding).toBe('big5');
      expect(read.text).toBe(text);
    }
  });

  it('detects Big5 from the first 256 KiB of a bigger file and decodes the rest the same', async () => {
    // One ASCII byte first, then only two-byte units: every 256 KiB read ends mid-character.
    const line = `${ZH}國立臺灣大學資訊工程學系\r\n`;
    const text = `#${line.repeat(20_000)}`;
    const bytes = encodeLegacy(text, 'big5');
    expect(bytes.length).toBeGreaterThan(1_000_000);
    const file = await tmp.write('big5-large.txt', bytes);
    const read = await readInChunks(file);
    expect(read.encoding).toBe('big5');
    expect(read.chunks.length).toBeGreaterThan(3);
    expect(read.text).toBe(text);
    expect(read.text).toBe(decodeText(bytes).text);
  });

  it('drops the BOM once, even when the first read is shorter than the BOM', async () => {
    const file = await tmp.write('bom.txt', Buffer.from('\ufeff西元日期\n', 'utf8'));
    for (const chunkBytes of [1, 2, 64]) {
      expect((await readInChunks(file, chunkBytes)).text).toBe('西元日期\n');
    }
  });

  it('closes the file when the reader stops early', async () => {
    const file = await tmp.write('early.txt', 'a\n'.repeat(10_000));
    const reader = readTextChunks(file, { chunkBytes: 16 });
    await reader.next();
    await reader.return(undefined);
    // Another open/close round trip still works (no descriptor left behind to leak).
    const handle = await open(file, 'r');
    await handle.close();
    expect((await reader.next()).done).toBe(true);
  });
});

describe('lines and paragraphs across chunks', () => {
  it('reads a \\r\\n cut between two chunks as one line break', async () => {
    expect(await collect(streamLines(pieces(['a\r', '\nb\r', 'c', '\r'])))).toEqual([
      'a',
      'b',
      'c',
      '',
    ]);
    expect(await collect(streamLines(pieces(['a\r', '\r', '\n', 'b'])))).toEqual(['a', '', 'b']);
  });

  it('gives the same paragraphs however the text is cut', async () => {
    const next = random(11);
    const words = ['細胞', '。', 'ATP ', 'word ', '\t', '\u3000', ' ', 'x'.repeat(300), '! '];
    const breaks = ['\n', '\r\n', '\r', '\n\n', '\r\n\r\n', '\n \n', '\n\u3000\n', '\n\n\n'];
    for (let round = 0; round < 40; round++) {
      let text = '';
      const length = round % 10 === 0 ? 4000 : 300;
      for (let i = 0; i < length; i++)
        text += next() < 0.2 ? breaks[Math.floor(next() * breaks.length)] : words[i % 9];
      const whole = paragraphs(text);
      for (const max of [3, 50, 5000]) {
        expect(await collect(streamParagraphs(pieces(cut(text, next, max))))).toEqual(whole);
      }
      const lines = text.split(/\r\n?|\n/);
      expect(await collect(streamLines(pieces(cut(text, next, 7))))).toEqual(lines);
    }
  });

  it('gives a long paragraph out in pieces before the rest of the text is read', async () => {
    let read = 0;
    async function* lines(): AsyncGenerator<string> {
      for (; read < 10_000; read++) yield `${ZH} line ${read}\n`;
    }
    const stream = streamParagraphs(lines());
    const first = await stream.next();
    expect(first.value!.length).toBeLessThanOrEqual(2000);
    expect(read).toBeLessThan(100);
    const rest = await collect(stream);
    expect(rest.length).toBeGreaterThan(200);
    expect(rest.every((p) => p.length <= 2000)).toBe(true);
  });
});

describe('text and CSV extractors read their files as streams', () => {
  it('reads a multi-chunk Big5 text file into the paragraphs of its whole text', async () => {
    const paragraph = (n: number) => `第${n}段。${ZH}\r\n${ZH}國立臺灣大學`;
    const text = Array.from({ length: 6000 }, (_, i) => paragraph(i + 1)).join('\r\n\r\n');
    const file = await tmp.write('notes-big5.txt', encodeLegacy(text, 'big5'));
    const result = await extractText(job('text', file));
    expect(result.blocks.map((b) => b.text)).toEqual(paragraphs(text));
    expect(result.blocks).toHaveLength(6000);
    expect(result.blocks[5999]).toEqual({
      text: paragraph(6000).replace('\r\n', '\n'),
      location: { kind: 'paragraph', index: 6000 },
    });
  });

  it('reads multi-chunk UTF-16 Markdown with its headings, whatever the cut', async () => {
    const section = (n: number) =>
      `## 第${n}節\r\n\r\n${ZH}\r\n\r\n| 名詞 | 解釋 |\r\n|---|---|\r\n| 滲透 | 水分子通過半透膜 |\r\n\r\n`;
    const text = `# 細胞生物學\r\n\r\n${Array.from({ length: 3000 }, (_, i) => section(i + 1)).join('')}`;
    const file = await tmp.write('biology.md', Buffer.from(`\ufeff${text}`, 'utf16le'));
    const result = await extractText(job('text', file));
    const whole = await collect(markdownItems(streamLines(pieces([text]))));
    expect(
      result.blocks.map((b) => [b.text, (b.location as { headingPath?: string[] }).headingPath]),
    ).toEqual(whole.map((item) => [item.text, item.headingPath]));
    expect(result.blocks[result.blocks.length - 1]).toEqual({
      text: '名詞: 滲透; 解釋: 水分子通過半透膜',
      location: { kind: 'paragraph', index: 9001, headingPath: ['細胞生物學', '第3000節'] },
    });
  });

  it('reads a multi-chunk CSV with line breaks inside quoted cells as papaparse reads the whole text', async () => {
    const next = random(5);
    const rows: string[] = ['詞彙,解釋,例句'];
    // About 3.2 M characters: the rows past the first MiB span a dozen reads of 128 Ki characters.
    for (let i = 1, length = 0; length < 3_200_000; i++) {
      const note = next() < 0.3 ? `"第一行\r\n第二行, ""引號"" ${i}"` : `例句 ${i}`;
      rows.push(`滲透${i},${ZH}${ZH.slice(0, 5 + (i % 60))},${note}`);
      length += rows[i]!.length + 2;
    }
    const text = rows.join('\r\n') + '\r\n';
    const file = await tmp.write('vocab-utf16.csv', Buffer.from(`\ufeff${text}`, 'utf16le'));
    const result = await extractCsv(job('csv', file));
    const cells = Papa.parse<string[]>(text, { delimiter: ',' }).data;
    const expected = sheetBlocks(
      'vocab-utf16.csv',
      cells
        .map((c, i) => ({ row: i + 1, cells: c }))
        .filter((r, i) => i < MAX_ROWS && r.cells.some((c) => c.trim())),
    );
    expect(cells.length).toBeGreaterThan(MAX_ROWS);
    expect(result.blocks).toEqual(expected);
    expect(result.warnings).toEqual([{ code: 'TRUNCATED', params: { rows: MAX_ROWS } }]);
    expect(result.blocks[0]!.text.split('\n')[0]).toMatch(/^詞彙: 滲透1; 解釋: 細胞膜由磷脂/);
  });

  it('warns TRUNCATED only when a row with text is left out', async () => {
    const rows = (n: number) => [
      'id,term',
      ...Array.from({ length: n - 1 }, (_, i) => `${i},t${i}`),
    ];
    const exact = await extractCsv(
      job('csv', await tmp.write('exact.csv', rows(MAX_ROWS).join('\n') + '\n\n')),
    );
    expect(exact.warnings).toEqual([]);
    expect(exact.blocks[exact.blocks.length - 1]!.location).toMatchObject({ rowEnd: MAX_ROWS });
    const over = await extractCsv(
      job('csv', await tmp.write('over.csv', rows(MAX_ROWS + 1).join('\n'))),
    );
    expect(over.warnings).toEqual([{ code: 'TRUNCATED', params: { rows: MAX_ROWS } }]);
    expect(over.blocks[over.blocks.length - 1]!.location).toMatchObject({ rowEnd: MAX_ROWS });
  });

  it(
    'extracts a 30 MB text file in a worker capped at a 48 MB heap (held whole, it needs more)',
    async () => {
      const line = `${ZH} “Osmosis” moves water across it.\n`;
      const text = Array.from({ length: 300_000 }, (_, i) => (i % 7 === 0 ? '\n' : '') + line).join(
        '',
      );
      const file = await tmp.write('notes-30mb.txt', text);
      expect(Buffer.byteLength(text)).toBeGreaterThan(30_000_000);
      const limits = { ...defaultLimits, maxMemoryMb: 48 };
      const doc = await extractDocument([source('text', file)], limits);
      const inProcess = await extractText(job('text', file));
      expect(doc.blocks.length).toBe(inProcess.blocks.length);
      expect(doc.blocks.map((b) => b.text)).toEqual(inProcess.blocks.map((b) => b.text.trim()));
      expect(doc.blocks.at(-1)!.location).toEqual(inProcess.blocks.at(-1)!.location);
    },
    SLOW,
  );
});
