import { ACCEPTED_EXTENSIONS } from '../../../../api/rules/upload';
import { answerRecord } from '../../../lib/api-answer';
import { api } from '../../../lib/api-client';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../lib/upload-rules';
import { MATERIALS_PATH } from './paths';

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * GET /materials/upload-limits: the server's own limits (its settings may raise or lower the
 * defaults). Anything missing or malformed keeps the default.
 */
export async function getUploadLimits(signal?: AbortSignal): Promise<UploadLimits> {
  const data = answerRecord(await api(`${MATERIALS_PATH}/upload-limits`, { signal }));
  return {
    maxFiles: positive(data.maxFiles) ? data.maxFiles : DEFAULT_UPLOAD_LIMITS.maxFiles,
    maxFileBytes: positive(data.maxFileBytes)
      ? data.maxFileBytes
      : DEFAULT_UPLOAD_LIMITS.maxFileBytes,
    extensions: ACCEPTED_EXTENSIONS,
  };
}
