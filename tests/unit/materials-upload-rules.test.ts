import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  addFiles,
  materialTitle,
  rejectionOf,
  uploadType,
  type FileLike,
} from '../../src/features/materials/lib/upload-rules.js';
import { DEFAULT_UPLOAD_LIMITS as limits } from '../../src/features/materials/lib/upload-rules.js';

const MAX_FILE_BYTES = limits.maxFileBytes;
const file = (name: string, size = 1000, lastModified = 1): FileLike => ({
  name,
  size,
  lastModified,
});

describe('addFiles (spec 5: at most 3 files; beyond that none of the batch is added)', () => {
  it('adds acceptable files up to the limit', () => {
    const r = addFiles([file('a.pdf')], [file('b.docx'), file('c.csv')], limits);
    expect(r.tooMany).toBe(false);
    expect(r.added.map((f) => f.name)).toEqual(['b.docx', 'c.csv']);
    expect(r.rejected).toEqual([]);
  });

  it('adds none of a batch that would go over the limit', () => {
    const r = addFiles([file('a.pdf'), file('b.pdf')], [file('c.pdf'), file('d.pdf')], limits);
    expect(r).toEqual({ tooMany: true, added: [], rejected: [] });
    expect(
      addFiles(
        [file('a'), file('b'), file('c')].map((f) => ({ ...f, name: `${f.name}.md` })),
        [file('d.md')],
        limits,
      ).tooMany,
    ).toBe(true);
  });

  it('names each refused file with its reason and keeps the others', () => {
    const r = addFiles(
      [file('a.pdf')],
      [file('virus.exe'), file('big.pdf', MAX_FILE_BYTES + 1), file('empty.txt', 0)],
      limits,
    );
    expect(r.added).toEqual([]);
    expect(r.rejected).toEqual([
      { name: 'virus.exe', reason: 'type' },
      { name: 'big.pdf', reason: 'size' },
      { name: 'empty.txt', reason: 'empty' },
    ]);
  });

  it('does not add the same file twice', () => {
    const r = addFiles([file('a.pdf', 10, 5)], [file('a.pdf', 10, 5)], limits);
    expect(r.rejected).toEqual([{ name: 'a.pdf', reason: 'duplicate' }]);
  });

  it('accepts exactly 25 MB and the spec’s types in any letter case', () => {
    expect(rejectionOf(file('x.PDF', MAX_FILE_BYTES), limits)).toBeNull();
    for (const ext of [
      'pdf',
      'doc',
      'docx',
      'ppt',
      'pptx',
      'xls',
      'xlsx',
      'csv',
      'jpg',
      'png',
      'md',
      'txt',
    ]) {
      expect(rejectionOf(file(`x.${ext}`), limits)).toBeNull();
    }
    expect(rejectionOf(file('noextension'), limits)).toBe('type');
  });
});

describe('upload fields', () => {
  it('falls back to the first file’s name, then the default', () => {
    expect(materialTitle('  第三章  ', [file('a.pdf')], 'Unnamed Material')).toBe('第三章');
    expect(materialTitle('  ', [file('a.pdf')], 'Unnamed Material')).toBe('a.pdf');
    expect(materialTitle('', [], 'Unnamed Material')).toBe('Unnamed Material');
  });

  it('types an upload by its first file’s lowercase extension, or unknown', () => {
    expect(uploadType([file('Slides.PPTX'), file('a.pdf')])).toBe('pptx');
    expect(uploadType([file('README')])).toBe('unknown');
    expect(uploadType([])).toBe('unknown');
  });

  it('builds the file input’s accept list from the extensions', () => {
    expect(acceptAttribute(['pdf', 'docx'])).toBe('.pdf,.docx');
  });
});

describe('addFiles with a mixed batch', () => {
  it('counts only the files that can be sent towards the limit', () => {
    const r = addFiles([file('a.pdf')], [file('b.pdf'), file('c.exe'), file('d.pdf')], limits);
    expect(r.tooMany).toBe(false);
    expect(r.added.map((f) => f.name)).toEqual(['b.pdf', 'd.pdf']);
    expect(r.rejected).toEqual([{ name: 'c.exe', reason: 'type' }]);
  });
});
