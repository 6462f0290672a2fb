import { AppError } from '../../lib/errors.js';
import type { ExtractJob, FileExtraction } from '../types.js';

/** Placeholder until this format's extractor lands. */
export async function extractPdf(job: ExtractJob): Promise<FileExtraction> {
  throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { name: job.fileName } });
}
