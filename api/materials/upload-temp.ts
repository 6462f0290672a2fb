import fsp from 'node:fs/promises';
import path from 'node:path';

/** Where uploads wait, as plain files, while they are checked and extracted. */
export const uploadTempRoot = (dataDir: string) => path.join(dataDir, 'tmp');

/**
 * Empties DATA_DIR/tmp. An upload in flight cannot survive a restart, so whatever is there at
 * start is left over from a crash; call before serving.
 */
export async function clearUploadTemp(dataDir: string): Promise<void> {
  const root = uploadTempRoot(dataDir);
  const entries = await fsp.readdir(root).catch(() => []);
  await Promise.all(
    entries.map((e) => fsp.rm(path.join(root, e), { recursive: true, force: true })),
  );
}
