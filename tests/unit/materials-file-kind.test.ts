import { describe, expect, it } from 'vitest';
import { extensionOf, fileKindOf } from '../../src/features/materials/lib/file-kind.js';

describe('fileKindOf (which icon a file gets)', () => {
  it.each([
    ['pdf', 'pdf'],
    ['doc', 'word'],
    ['docx', 'word'],
    ['ppt', 'powerpoint'],
    ['pptx', 'powerpoint'],
    ['xls', 'spreadsheet'],
    ['xlsx', 'spreadsheet'],
    ['csv', 'spreadsheet'],
    ['jpg', 'image'],
    ['jpeg', 'image'],
    ['png', 'image'],
    ['gif', 'image'],
    ['webp', 'image'],
    ['txt', 'text'],
    ['md', 'text'],
    ['json', 'text'],
    ['js', 'text'],
    ['ts', 'text'],
    ['zip', 'other'],
    ['unknown', 'other'],
  ])('extension %s → %s', (type, kind) => {
    expect(fileKindOf(type)).toBe(kind);
  });

  it('accepts upper case, a leading dot, a file name or a MIME type', () => {
    expect(fileKindOf('PDF')).toBe('pdf');
    expect(fileKindOf('.docx')).toBe('word');
    expect(fileKindOf('Lecture 3.PPTX')).toBe('powerpoint');
    expect(fileKindOf('zh_gov_office_calendar_115_utf8_bom.csv')).toBe('spreadsheet');
    expect(fileKindOf('application/pdf')).toBe('pdf');
    expect(
      fileKindOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('word');
    expect(fileKindOf('image/png')).toBe('image');
    expect(fileKindOf('text/markdown')).toBe('text');
    expect(fileKindOf('application/zip')).toBe('other');
  });

  it('gives "other" for nothing at all', () => {
    expect(fileKindOf('')).toBe('other');
    expect(fileKindOf(null)).toBe('other');
    expect(fileKindOf(undefined)).toBe('other');
  });
});

describe('extensionOf', () => {
  it('is the lowercase part after the last dot of the last path segment', () => {
    expect(extensionOf('notes.final.PDF')).toBe('pdf');
    expect(extensionOf('C:\\docs\\week1.docx')).toBe('docx');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
});
