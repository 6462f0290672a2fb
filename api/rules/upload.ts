/**
 * Upload limits when the server's settings do not change them (MAX_FILES_PER_UPLOAD,
 * MAX_FILE_MB, MAX_UPLOAD_MB); the server answers its own at GET /api/v1/materials/upload-limits.
 */
export const UPLOAD_DEFAULTS = { maxFiles: 3, maxFileMb: 25, maxUploadMb: 60 } as const;

/** Formats a file may be, by the extensions its name may carry without being a mismatch. */
export const FORMAT_EXTENSIONS = {
  pdf: ['pdf'],
  docx: ['docx', 'docm', 'dotx', 'dotm'],
  pptx: ['pptx', 'pptm', 'ppsx', 'ppsm', 'potx', 'potm'],
  xlsx: ['xlsx', 'xlsm', 'xltx', 'xltm'],
  doc: ['doc', 'dot', 'rtf'],
  ppt: ['ppt', 'pps', 'pot'],
  xls: ['xls', 'xlt'],
  csv: ['csv', 'tsv'],
  // Word and Excel save web pages under their own extensions.
  html: ['html', 'htm', 'xhtml', 'xls', 'doc'],
  image: ['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'gif', 'webp', 'tif', 'tiff', 'bmp'],
  text: [],
} as const satisfies Record<string, readonly string[]>;

/**
 * Text is read under any name (the server decides from the content); these are the common study
 * and code names a file picker offers beside the formats above.
 */
export const TEXT_EXTENSIONS = [
  ...['txt', 'text', 'md', 'markdown', 'json', 'xml', 'yaml', 'yml'],
  ...['js', 'ts', 'jsx', 'tsx', 'py', 'java', 'c', 'cpp', 'h', 'css', 'sql', 'tex', 'srt', 'vtt'],
] as const;

/** Every extension a picker offers, without repeats. */
export const ACCEPTED_EXTENSIONS: readonly string[] = [
  ...new Set([...Object.values(FORMAT_EXTENSIONS).flat(), ...TEXT_EXTENSIONS]),
];

/** Storage as a learner reads it: "0.6 MB", "12 MB", "1.5 GB" (messages and the upload page). */
export function formatStorage(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${Number((mb / 1024).toFixed(1))} GB`;
  return `${mb < 10 ? Number(mb.toFixed(1)) : Math.round(mb)} MB`;
}
