import { answerData } from '../../../lib/api-answer';
import { api } from '../../../lib/api-client';
import type { StorageUsage } from '../../../../api/contract/materials';
import { MATERIALS_PATH } from './paths';

/** What the learner's originals use of their plan's storage (GET /materials/storage). */
export type { StorageUsage };

export async function getStorage(signal?: AbortSignal): Promise<StorageUsage> {
  return answerData(await api(`${MATERIALS_PATH}/storage`, { signal })) as StorageUsage;
}

/** Bytes as the page shows them, as the server's messages do (the same function). */
export { formatStorage } from '../../../../api/rules/upload';
