/** Which icon a file gets. Pure: no DOM, no i18n. */
export type FileKind = 'pdf' | 'word' | 'powerpoint' | 'spreadsheet' | 'image' | 'text' | 'other';

const KINDS: Record<Exclude<FileKind, 'other'>, string[]> = {
  pdf: ['pdf'],
  word: ['doc', 'docx', 'docm', 'dot', 'dotx', 'rtf'],
  powerpoint: ['ppt', 'pptx', 'pptm', 'pps', 'ppsx', 'pot', 'potx'],
  spreadsheet: ['xls', 'xlsx', 'xlsm', 'xlt', 'xltx', 'csv', 'tsv'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff'],
  text: [
    ...['txt', 'text', 'md', 'markdown', 'json', 'js', 'ts', 'jsx', 'tsx', 'html', 'htm'],
    ...['xhtml', 'xml', 'yaml', 'yml', 'py', 'java', 'c', 'cpp', 'h', 'css', 'sql', 'tex'],
    ...['srt', 'vtt'],
  ],
};

const BY_EXTENSION: Record<string, FileKind> = Object.fromEntries(
  Object.entries(KINDS).flatMap(([kind, exts]) => exts.map((e) => [e, kind as FileKind])),
);

const BY_MIME: Array<[RegExp, FileKind]> = [
  [/pdf/, 'pdf'],
  [/msword|wordprocessingml/, 'word'],
  [/powerpoint|presentationml/, 'powerpoint'],
  [/excel|spreadsheetml|csv/, 'spreadsheet'],
  [/^image\//, 'image'],
  [/^text\/|json|javascript|typescript/, 'text'],
];

/** The lowercase extension of a file name ("Notes.PDF" → "pdf"), or '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The icon kind for a type as the API gives it (an extension such as "docx" or ".docx", a MIME
 * type, or a file name).
 */
export function fileKindOf(type: string | null | undefined): FileKind {
  const value = (type ?? '').trim().toLowerCase();
  if (!value) return 'other';
  if (value.includes('/')) {
    return BY_MIME.find(([re]) => re.test(value))?.[1] ?? 'other';
  }
  const ext = value.includes('.') ? extensionOf(value) || value.replace(/^\./, '') : value;
  return BY_EXTENSION[ext] ?? 'other';
}
