import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { pageText } from '../../api/extract/pdf/page-text.js';
import { recognizeExam } from '../../api/exam/recognize.js';
import { extractDocument } from '../../api/extract/index.js';

type Content = Parameters<typeof pageText>[1];
type Viewport = Parameters<typeof pageText>[2];

/**
 * One printed line on a page of 600 pt (pdf.js's flip of the y axis), each run right after the
 * previous one: [text, size, baseline shift in points (positive = lower)].
 */
function line(runs: Array<[string, number, number]>) {
  const height = 600;
  let x = 10;
  const items = runs.map(([str, size, drop]) => {
    const width = str.length * size * 0.6;
    const item = {
      str,
      dir: 'ltr',
      transform: [size, 0, 0, size, x, height - (100 + drop)],
      width,
      height: size,
      fontName: 'f',
      hasEOL: false,
    };
    x += width;
    return item;
  });
  const content = { items, styles: {} } as unknown as Content;
  const viewport = {
    transform: [1, 0, 0, -1, 0, height],
    scale: 1,
    width: 400,
    height,
  } as unknown as Viewport;
  return pageText(1, content, viewport).fragments.map((f) => f.text);
}

describe('sub- and superscripts in PDF text', () => {
  it('writes a smaller run below the baseline as a subscript, above it as a superscript', () => {
    // "CO" then a smaller "2" a point lower: CO₂; "m" then a smaller "2" raised: m².
    expect(
      line([
        ['滅火劑（CO', 12, 1],
        ['2', 8, 1.9],
        ['）', 12, 1],
      ]),
    ).toEqual(['滅火劑（CO₂）']);
    expect(
      line([
        ['0.20 m', 12, 1],
        ['2', 8, -3.6],
      ]),
    ).toEqual(['0.20 m²']);
  });

  it('keeps plain characters when nothing says they are scripts', () => {
    // Same size, same baseline: an ordinary digit.
    expect(
      line([
        ['CO', 12, 1],
        ['2', 12, 1],
      ]),
    ).toEqual(['CO2']);
    // Smaller but on the baseline: no way to tell sub from super, so as printed.
    expect(
      line([
        ['CO', 12, 1],
        ['2', 8, 1],
      ]),
    ).toEqual(['CO2']);
    // Letters have no safe script form: "1st" stays as it is.
    expect(
      line([
        ['the 1', 12, 1],
        ['st', 8, -4],
      ]),
    ).toEqual(['the 1st']);
  });

  it('keeps the formulas of a national exam paper readable', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../../shared/study-corpus/exams/109_502_0907_Q.pdf',
    );
    const doc = await extractDocument([
      { fileId: 'q', path: file, fileName: path.basename(file), kind: 'pdf' as const },
    ]);
    const items = recognizeExam(doc).items;
    const text = (n: number) => {
      const item = items.find((i) => i.number === n)!;
      return [item.stem, ...item.options.map((o) => o.text)].join(' | ');
    };
    expect(text(5)).toContain('二氧化碳（CO₂）');
    expect(text(5)).toContain('氮氣（N₂）');
    expect(text(2)).toMatch(/0\.20 m².*0\.048 m²/u);
    expect(items.map((i) => i.stem + i.options.map((o) => o.text).join(' ')).join(' ')).toContain(
      '(NH₄)H₂PO₄',
    );
  });
});
