import { TOKEN_COOKIE } from '../../../config/constants';
import { getCookie } from '../../../lib/cookies';

/**
 * GET /materials/{id}/files/{fileId}: the original file. The API wants the bearer token, which a
 * plain link cannot send, so the bytes are fetched and handed to the browser as a download.
 */
export async function downloadMaterialFile(path: string, fileName: string): Promise<void> {
  const token = getCookie(TOKEN_COOKIE);
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`Download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
