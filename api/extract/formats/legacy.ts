import { AppError } from '../../lib/errors.js';
import { withConverted } from '../office/soffice.js';
import { extensionOf } from '../sniff.js';
import type { ExtractJob, FileExtraction } from '../types.js';
import { extractDocx } from './docx.js';
import { extractPptx } from './pptx.js';
import { extractXlsx } from './xlsx.js';

const MODERN = {
  doc: { to: 'docx', extract: extractDocx },
  ppt: { to: 'pptx', extract: extractPptx },
  xls: { to: 'xlsx', extract: extractXlsx },
} as const;

/**
 * Legacy Word/PowerPoint/Excel (DOC, PPT, XLS; also RTF): converted by LibreOffice to
 * DOCX/PPTX/XLSX, then read as those. Without LibreOffice: LEGACY_FORMAT_UNAVAILABLE.
 */
export async function extractLegacy(job: ExtractJob): Promise<FileExtraction> {
  const kind = job.kind === 'ppt' || job.kind === 'xls' ? job.kind : 'doc';
  const { to, extract } = MODERN[kind];
  const ext = extensionOf(job.fileName) || kind;
  if (!job.limits.sofficePath)
    throw new AppError('LEGACY_FORMAT_UNAVAILABLE', { params: { ext, modern: to } });
  // Leave the worker's own limit some room to read the converted file.
  const timeoutMs = Math.max(
    5_000,
    Math.min(job.limits.timeoutMs - 10_000, job.limits.timeoutMs * 0.75),
  );
  return withConverted(
    { sofficePath: job.limits.sofficePath, input: job.path, inputExt: ext, to, timeoutMs },
    (converted) => extract({ ...job, kind: to, path: converted }),
  );
}
