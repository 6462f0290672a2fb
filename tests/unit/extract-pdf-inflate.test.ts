import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { noise, corpus, job } from './extract-fixtures.js';

// Node's own class, taken before this file loads pdf.js (which puts InflateStream in its place).
const Native = globalThis.DecompressionStream;

let InflateStream: typeof import('../../api/extract/pdf/inflate-stream.js').InflateStream;
let extractPdf: typeof import('../../api/extract/formats/pdf.js').extractPdf;

beforeAll(async () => {
  ({ InflateStream } = await import('../../api/extract/pdf/inflate-stream.js'));
  ({ extractPdf } = await import('../../api/extract/formats/pdf.js'));
});

type Format = 'deflate' | 'deflate-raw' | 'gzip';

/** Writes the pieces to a decompression stream as pdf.js does and reads every byte back. */
async function inflate(
  Stream: new (format: Format) => { readable: ReadableStream; writable: WritableStream },
  format: Format,
  pieces: Uint8Array[],
): Promise<Buffer> {
  const { readable, writable } = new Stream(format);
  const writer = writable.getWriter();
  const written = (async () => {
    for (const piece of pieces) await writer.write(piece);
    await writer.close();
  })();
  written.catch(() => {});
  const chunks: Uint8Array[] = [];
  for await (const chunk of readable as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** What the stream ends with: the bytes, or the kind of error. */
async function outcome(
  Stream: new (format: Format) => { readable: ReadableStream; writable: WritableStream },
  format: Format,
  pieces: Uint8Array[],
): Promise<string> {
  try {
    return (await inflate(Stream, format, pieces)).toString('base64');
  } catch (err) {
    return `error: ${(err as Error).name}`;
  }
}

const compress: Record<Format, (b: Buffer) => Buffer> = {
  deflate: (b) => zlib.deflateSync(b),
  'deflate-raw': (b) => zlib.deflateRawSync(b),
  gzip: (b) => zlib.gzipSync(b),
};

const inputs: Array<[string, Buffer]> = [
  ['text', Buffer.from('BT /F1 12 Tf 72 712 Td (細胞膜 osmosis) Tj ET\n'.repeat(5000))],
  ['noise', noise(100_000)],
  ['nothing', Buffer.alloc(0)],
];

describe('InflateStream (pdf.js streams inflated in one synchronous step)', () => {
  it('is the DecompressionStream of a thread that has loaded pdf.js', async () => {
    await import('../../api/extract/pdf/pdfjs.js');
    expect(globalThis.DecompressionStream).toBe(InflateStream);
  });

  it('gives the same bytes as Node’s DecompressionStream, written at once or in pieces', async () => {
    for (const format of ['deflate', 'deflate-raw', 'gzip'] as const) {
      for (const [name, input] of inputs) {
        const packed = compress[format](input);
        const halves = [
          packed.subarray(0, packed.length >> 1),
          packed.subarray(packed.length >> 1),
        ];
        for (const pieces of [[packed], halves]) {
          const ours = await inflate(InflateStream, format, pieces);
          expect(ours.equals(input), `${format} ${name}`).toBe(true);
          expect(ours.equals(await inflate(Native, format, pieces)), `${format} ${name}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('fails where Node’s fails: truncated, corrupt or not compressed at all', async () => {
    const packed = zlib.deflateSync(inputs[0]![1]);
    const damaged: Array<[string, Uint8Array[]]> = [
      ['truncated', [packed.subarray(0, packed.length - 100)]],
      ['corrupt', [Buffer.concat([packed.subarray(0, 50), noise(200), packed.subarray(250)])]],
      ['not compressed', [noise(1000, 3)]],
      ['empty', []],
    ];
    for (const [name, pieces] of damaged) {
      const ours = await outcome(InflateStream, 'deflate', pieces);
      expect(ours, name).toMatch(/^error: /);
      expect(await outcome(Native, 'deflate', pieces), name).toMatch(/^error: /);
    }
  });

  it('refuses what is not bytes, and formats Node does not know, with a TypeError', async () => {
    expect(await outcome(InflateStream, 'deflate', ['text' as unknown as Uint8Array])).toBe(
      'error: TypeError',
    );
    expect(() => new InflateStream('zip' as CompressionFormat)).toThrow(TypeError);
    expect(() => new Native('zip' as CompressionFormat)).toThrow(TypeError);
  });

  it('leaves the text pdf.js reads unchanged', async () => {
    const file = corpus('pdf/en_gao_national_cybersecurity_strategy_malformed.pdf');
    const ours = await extractPdf(job('pdf', file));
    globalThis.DecompressionStream = Native;
    try {
      expect(await extractPdf(job('pdf', file))).toEqual(ours);
    } finally {
      globalThis.DecompressionStream = InflateStream as unknown as typeof DecompressionStream;
    }
    expect(ours.blocks.length).toBeGreaterThan(10);
  }, 60_000);
});
