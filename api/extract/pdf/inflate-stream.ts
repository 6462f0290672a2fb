import zlib from 'node:zlib';

/**
 * pdf.js inflates every FlateDecode stream (content streams, fonts, CMaps, images) through the
 * web `DecompressionStream`: it writes the whole compressed stream at once, reads every chunk
 * back and joins them. On Node that path costs far more than the inflating itself: a zlib
 * stream object per PDF stream, one thread-pool round trip per 16 KiB of output, and a web
 * streams adapter around it all, with promises at every step. Measured on the corpus
 * (docs/decisions/0004, "Speed"), it was about a fifth of the wall time of reading a PDF's text.
 *
 * This is the same web API for the formats Node 20 supports (deflate, deflate-raw, gzip),
 * inflating once, synchronously, when the writable side closes, and giving one chunk: the same
 * bytes in, the same bytes out, the same errors for damaged data (pdf.js then falls back to its
 * own JavaScript inflate, as it does when the native stream fails). Any other format goes to
 * Node's own class. Synchronous work is what an extraction worker thread is for.
 */
const inflaters: Partial<Record<string, (input: Buffer) => Buffer>> = {
  deflate: (input) => zlib.inflateSync(input),
  'deflate-raw': (input) => zlib.inflateRawSync(input),
  gzip: (input) => zlib.gunzipSync(input),
};

const NativeDecompressionStream = globalThis.DecompressionStream;

function bytesOf(chunk: unknown): Buffer {
  if (ArrayBuffer.isView(chunk))
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return Buffer.from(chunk);
  throw new TypeError('The "chunk" argument must be an ArrayBuffer or an ArrayBufferView');
}

export class InflateStream extends TransformStream<BufferSource, Uint8Array> {
  constructor(format: CompressionFormat) {
    const inflate = inflaters[format];
    if (!inflate) {
      // Formats this class does not inflate itself (brotli on later Nodes), or none at all.
      if (NativeDecompressionStream) return new NativeDecompressionStream(format);
      throw new TypeError(`Unsupported compression format: '${format}'`);
    }
    const chunks: Buffer[] = [];
    super({
      transform(chunk) {
        chunks.push(bytesOf(chunk));
      },
      flush(controller) {
        const output = inflate(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        chunks.length = 0;
        if (output.length > 0) {
          controller.enqueue(new Uint8Array(output.buffer, output.byteOffset, output.length));
        }
      },
    });
  }
}

/** Puts InflateStream in the place of DecompressionStream for this thread (see above). */
export function useSyncInflate(): void {
  if (globalThis.DecompressionStream !== InflateStream) {
    globalThis.DecompressionStream = InflateStream as unknown as typeof DecompressionStream;
  }
}
