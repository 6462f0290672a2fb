import { extensionOf } from './file-kind';
import { ACCEPTED_EXTENSIONS, UPLOAD_DEFAULTS } from '../../../../api/rules/upload';

/** What the upload screen checks before sending (spec 5 and the server's limits). Pure. */
export interface FileLike {
  name: string;
  size: number;
  lastModified?: number;
}

export type Rejection = 'type' | 'size' | 'empty' | 'duplicate';

export interface BatchResult<F extends FileLike> {
  /** More than `maxFiles` in total: nothing of this batch is added. */
  tooMany: boolean;
  added: F[];
  rejected: Array<{ name: string; reason: Rejection }>;
}

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  extensions: readonly string[];
}

const MB = 1024 * 1024;

/** Until the server answers (or offline): the defaults the server itself starts from. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: UPLOAD_DEFAULTS.maxFiles,
  maxFileBytes: UPLOAD_DEFAULTS.maxFileMb * MB,
  extensions: ACCEPTED_EXTENSIONS,
};

/** "25" for the messages that name the per-file limit in MB. */
export const fileLimitMb = (limits: UploadLimits) =>
  Math.round((limits.maxFileBytes / MB) * 10) / 10;

const sameFile = (a: FileLike, b: FileLike) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Why a single file cannot be sent, or null when it can. */
export function rejectionOf(file: FileLike, limits: UploadLimits): Rejection | null {
  if (!limits.extensions.includes(extensionOf(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > limits.maxFileBytes) return 'size';
  return null;
}

/**
 * Adds a batch of chosen or dropped files to those already chosen. Files that cannot be sent
 * anyway are named with a reason; if the rest would take the total over `maxFiles`, none of the
 * batch is added (spec 5).
 */
export function addFiles<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
  limits: UploadLimits,
): BatchResult<F> {
  const added: F[] = [];
  const rejected: BatchResult<F>['rejected'] = [];
  for (const file of incoming) {
    const reason: Rejection | null = [...current, ...added].some((f) => sameFile(f, file))
      ? 'duplicate'
      : rejectionOf(file, limits);
    if (reason) rejected.push({ name: file.name, reason });
    else added.push(file);
  }
  if (current.length + added.length > limits.maxFiles) {
    return { tooMany: true, added: [], rejected: [] };
  }
  return { tooMany: false, added, rejected };
}

/** The `accept` attribute of the file input: ".pdf,.doc,…". */
export const acceptAttribute = (extensions: readonly string[]) =>
  extensions.map((e) => `.${e}`).join(',');

/** Spec: the name falls back to the first file's name, then the given default. */
export function materialTitle(input: string, files: readonly FileLike[], unnamed: string): string {
  return input.trim() || files[0]?.name || unnamed;
}

/** Spec 3: an upload's type is the first file's lowercase extension, or 'unknown'. */
export const uploadType = (files: readonly FileLike[]) =>
  (files[0] && extensionOf(files[0].name)) || 'unknown';
