import { answerData } from '../../../lib/api-answer';
import { api } from '../../../lib/api-client';
import type { MaterialContentAnswer } from '../../../../api/contract/materials';
import type { MaterialContent } from '../lib/content';
import { useResource } from '../../../lib/use-resource';
import { materialPath } from './paths';

/** GET /materials/{id}/content: the extracted text in reading order, with locations and warnings. */
export async function getMaterialContent(
  id: string,
  signal?: AbortSignal,
): Promise<MaterialContent> {
  const raw = await api(`${materialPath(id)}/content`, { signal });
  const content = answerData(raw) as MaterialContentAnswer;
  return {
    language: content.language,
    warnings: content.warnings,
    blocks: content.blocks,
    files: content.files.map((f) => ({ id: f.id, name: f.file_name, type: f.file_type })),
  };
}

/** Loads the text only once the panel is opened (`enabled`). */
export function useMaterialContent(id: string, enabled: boolean) {
  return useResource(enabled ? id : null, (signal) => getMaterialContent(id, signal));
}
