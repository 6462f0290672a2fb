import { downloadFromApi } from '../../../lib/download';

/**
 * GET /materials/{id}/files/{fileId}: the original file, downloaded under its own name (the
 * answer's Content-Disposition, else `fileName`). Throws ApiError; a TypeError with no network.
 */
export function downloadMaterialFile(path: string, fileName: string): Promise<void> {
  return downloadFromApi(path, fileName);
}
