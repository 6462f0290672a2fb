import type { FileExtraction } from '../types.js';

type OutBlock = FileExtraction['blocks'][number];

/** Paragraphs longer than this are cut at line (or sentence) ends, so a block stays citable. */
const MAX_PARAGRAPH = 2000;
const CHUNK = 1500;

/** A line that separates paragraphs: nothing but spaces, tabs and ideographic spaces. */
const BLANK_LINE = /^[ \t\u3000]*$/;
const TRAILING_SPACE = /[ \t\u00a0]+$/g;
/** Where one long line is cut when it has to be: after a sentence's end. */
const SENTENCE_END = /(?<=[。！？!?]|[.;]\s)/u;

/**
 * Pieces of at most MAX_PARAGRAPH characters packed greedily from a long paragraph's lines (or
 * sentences): a piece is given out as soon as the next one would not fit, so a paragraph of any
 * length costs one piece of memory. Pieces come out trimmed; blank ones are left out.
 */
class Packer {
  private current = '';

  constructor(
    private readonly separator: string,
    private readonly out: (piece: string) => void,
  ) {}

  add(piece: string): void {
    const joined = this.current ? `${this.current}${this.separator}${piece}` : piece;
    if (joined.length > CHUNK && this.current) {
      this.put(this.current);
      this.current = piece;
    } else this.current = joined;
    while (this.current.length > MAX_PARAGRAPH) {
      this.put(this.current.slice(0, CHUNK));
      this.current = this.current.slice(CHUNK);
    }
  }

  end(): void {
    if (this.current.trim()) this.put(this.current);
    this.current = '';
  }

  private put(piece: string): void {
    const text = piece.trim();
    if (text) this.out(text);
  }
}

/**
 * Cuts text into paragraphs at blank lines, a line at a time, and gives each paragraph out as
 * soon as it is complete; lines inside a paragraph keep their breaks. A blank line separates
 * paragraphs only when a line break follows it and the line before it was not itself a
 * separator. Empty lines at a paragraph's edges are dropped; a paragraph of blanks gives
 * nothing. Paragraphs longer than MAX_PARAGRAPH are cut at line ends (or at sentence ends when
 * they are one long line) into pieces of about CHUNK characters, given out as they fill, so the
 * memory held is one paragraph when it is short, one piece when it is long, whatever the size
 * of the text (a single line is the exception: it is held whole until it ends).
 */
export class ParagraphSplitter {
  /** Index of the next line in the whole text. */
  private k = 0;
  private lastSeparator = -2;
  /** The current paragraph's lines while it is short (or one long line). */
  private lines: string[] = [];
  /** Lines kept in the current paragraph so far (held or packed). */
  private count = 0;
  /** lines.join('\n').length, while the lines are held. */
  private length = -1;
  /** Empty lines after the last non-empty one: kept only if a non-empty line follows. */
  private emptyRun = 0;
  private hasText = false;
  /** Set once the paragraph is known to be long and to have several lines. */
  private packer: Packer | null = null;

  constructor(private readonly out: (paragraph: string) => void) {}

  /** One line of the text, without its line break; `terminated` when a break followed it. */
  line(raw: string, terminated: boolean): void {
    const k = this.k++;
    if (terminated && k > 0 && k >= this.lastSeparator + 2 && BLANK_LINE.test(raw)) {
      this.finish();
      this.lastSeparator = k;
      return;
    }
    const line = raw.replace(TRAILING_SPACE, '');
    if (line === '') {
      if (this.count > 0) this.emptyRun++;
      return;
    }
    for (; this.emptyRun > 0; this.emptyRun--) this.keep('');
    this.keep(line);
  }

  /** The end of the text: gives out the last paragraph. */
  end(): void {
    this.finish();
  }

  private keep(line: string): void {
    this.count++;
    if (!this.hasText && line.trim()) this.hasText = true;
    if (this.packer) {
      this.packer.add(line);
      return;
    }
    this.lines.push(line);
    this.length += line.length + 1;
    if (this.length > MAX_PARAGRAPH && this.lines.length > 1) {
      this.packer = new Packer('\n', this.out);
      for (const held of this.lines) this.packer.add(held);
      this.lines = [];
    }
  }

  private finish(): void {
    if (this.packer) this.packer.end();
    else if (this.hasText) {
      if (this.length <= MAX_PARAGRAPH) this.out(this.lines.join('\n'));
      else {
        const packer = new Packer('', this.out);
        for (const sentence of this.lines[0]!.split(SENTENCE_END)) packer.add(sentence);
        packer.end();
      }
    }
    this.lines = [];
    this.count = 0;
    this.length = -1;
    this.emptyRun = 0;
    this.hasText = false;
    this.packer = null;
  }
}

/**
 * Cuts text that arrives in pieces into lines ended by \n, \r\n or \r, also when a break or a
 * line straddles two pieces. Each complete line is handed on with `terminated` true; end() hands
 * on the last one (empty when the text ends with a break) with `terminated` false.
 */
export class LineSplitter {
  /** The start of the current line, from earlier pieces. */
  private parts: string[] = [];
  /** The last piece ended with \r: a \n may still follow in the next one. */
  private pendingCr = false;

  constructor(private readonly onLine: (line: string, terminated: boolean) => void) {}

  push(piece: string): void {
    if (piece.length === 0) return;
    let start = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      this.emit(piece, 0, 0);
      if (piece.charCodeAt(0) === 10) start = 1;
    }
    let nl = piece.indexOf('\n', start);
    let cr = piece.indexOf('\r', start);
    while (nl !== -1 || cr !== -1) {
      const end = nl === -1 ? cr : cr === -1 ? nl : Math.min(nl, cr);
      if (end === cr && end === piece.length - 1) {
        // A \r at the very end: the line is complete, but it may be a \r\n cut in two.
        this.parts.push(piece.slice(start, end));
        this.pendingCr = true;
        return;
      }
      this.emit(piece, start, end);
      start = end + (end === cr && piece.charCodeAt(end + 1) === 10 ? 2 : 1);
      if (nl !== -1 && nl < start) nl = piece.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = piece.indexOf('\r', start);
    }
    if (start < piece.length) this.parts.push(piece.slice(start));
  }

  end(): void {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.emit('', 0, 0);
    }
    const last = this.parts.join('');
    this.parts = [];
    this.onLine(last, false);
  }

  private emit(piece: string, start: number, end: number): void {
    const tail = piece.slice(start, end);
    let line = tail;
    if (this.parts.length > 0) {
      this.parts.push(tail);
      line = this.parts.join('');
      this.parts = [];
    }
    this.onLine(line, true);
  }
}

/** Text split into paragraphs at blank lines; lines inside a paragraph keep their breaks. */
export function paragraphs(text: string): string[] {
  const out: string[] = [];
  const splitter = new ParagraphSplitter((p) => out.push(p));
  const lines = new LineSplitter((line, terminated) => splitter.line(line, terminated));
  lines.push(text);
  lines.end();
  splitter.end();
  return out;
}

/** Feeds chunks to a splitter and gives out what it emits as soon as each piece is complete. */
async function* streamSplit(
  chunks: AsyncIterable<string>,
  splitterFor: (emit: (piece: string) => void) => { push(chunk: string): void; end(): void },
): AsyncGenerator<string> {
  let ready: string[] = [];
  const splitter = splitterFor((piece) => ready.push(piece));
  for await (const chunk of chunks) {
    splitter.push(chunk);
    if (ready.length > 0) {
      const out = ready;
      ready = [];
      yield* out;
    }
  }
  splitter.end();
  yield* ready;
}

/** The paragraphs of a text that arrives in chunks, each given out as soon as it is complete. */
export function streamParagraphs(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  return streamSplit(chunks, (emit) => {
    const paragraphsOut = new ParagraphSplitter(emit);
    const lines = new LineSplitter((line, terminated) => paragraphsOut.line(line, terminated));
    return {
      push: (chunk) => lines.push(chunk),
      end: () => {
        lines.end();
        paragraphsOut.end();
      },
    };
  });
}

/** The lines of a text that arrives in chunks (\n, \r\n or \r), like text.split(/\r\n?|\n/). */
export function streamLines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  return streamSplit(chunks, (emit) => new LineSplitter((line) => emit(line)));
}

type TextItem = { text: string; headingPath?: string[] };

function paragraphBlock({ text, headingPath }: TextItem, index: number): OutBlock {
  return {
    text,
    location: headingPath?.length
      ? { kind: 'paragraph', index, headingPath }
      : { kind: 'paragraph', index },
  };
}

/** Blocks numbered from 1, each with the headings above it when there are any. */
export function paragraphBlocks(items: Iterable<TextItem>): OutBlock[] {
  const blocks: OutBlock[] = [];
  for (const item of items) blocks.push(paragraphBlock(item, blocks.length + 1));
  return blocks;
}

/** paragraphBlocks for items that arrive one at a time: each block is given out at once. */
export async function* streamParagraphBlocks(
  items: AsyncIterable<TextItem> | Iterable<TextItem>,
): AsyncGenerator<OutBlock> {
  let index = 0;
  for await (const item of items) yield paragraphBlock(item, ++index);
}
