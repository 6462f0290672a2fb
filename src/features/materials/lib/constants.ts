/** Limits and timings of the material screens (spec points 5 and 9). */
export const MAX_FILES = 3;
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const MAX_FILE_MB = 25;
/** A detail fetched this recently is served from memory. */
export const DETAIL_CACHE_MS = 10_000;
/** The generic upload failure stays on screen this long. */
export const UPLOAD_ERROR_MS = 2000;
/** The delete dialog fades out over this long when cancelled. */
export const DELETE_FADE_MS = 300;
/** Extracted-text blocks rendered at first, and added by each "show more". */
export const BLOCKS_PAGE = 200;
/** The word a learner types to delete a material that has quizzes. */
export const DELETE_WORD = 'DELETE';
/** Show the search box only once there is something to search through. */
export const SEARCH_MIN_MATERIALS = 4;

/**
 * Extensions the server reads (it decides the format from the content; the name has to agree).
 * Text is read under any name: the common study and code ones are listed.
 */
export const ACCEPTED_EXTENSIONS = [
  'pdf',
  ...['doc', 'docx', 'docm', 'dot', 'dotx', 'rtf'],
  ...['ppt', 'pptx', 'pptm', 'pps', 'ppsx', 'pot', 'potx'],
  ...['xls', 'xlsx', 'xlsm', 'xlt', 'xltx', 'csv', 'tsv'],
  ...['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff'],
  ...['txt', 'text', 'md', 'markdown', 'html', 'htm', 'xhtml', 'json', 'xml', 'yaml', 'yml'],
  ...['js', 'ts', 'jsx', 'tsx', 'py', 'java', 'c', 'cpp', 'h', 'css', 'sql', 'tex', 'srt', 'vtt'],
] as const;
