import { z } from 'zod/mini';
import { apiData } from '../../../lib/api-answer';
import type { BlockLocation, MaterialContent } from '../lib/content';
import { useResource } from '../../../lib/use-resource';
import { materialPath } from './paths';

const locationSchema = z.union([
  z.object({ kind: z.literal('page'), page: z.number() }),
  z.object({ kind: z.literal('slide'), slide: z.number(), title: z.optional(z.string()) }),
  z.object({ kind: z.literal('notes'), slide: z.number() }),
  z.object({
    kind: z.literal('sheet'),
    sheet: z.string(),
    rowStart: z.number(),
    rowEnd: z.number(),
  }),
  z.object({
    kind: z.literal('paragraph'),
    index: z.number(),
    headingPath: z.optional(z.array(z.string())),
  }),
]);

const contentSchema = z.object({
  language: z.optional(z.string()),
  warnings: z.optional(
    z.array(
      z.object({
        code: z.string(),
        fileId: z.optional(z.string()),
        params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
      }),
    ),
  ),
  blocks: z.array(
    z.object({
      fileId: z.string(),
      text: z.string(),
      location: z.catch(locationSchema, { kind: 'paragraph', index: 0 }),
    }),
  ),
  files: z.optional(
    z.array(
      z.object({
        id: z.string(),
        file_name: z.optional(z.string()),
        file_type: z.optional(z.string()),
      }),
    ),
  ),
});

/** GET /materials/{id}/content: the extracted text in reading order, with locations and warnings. */
export async function getMaterialContent(
  id: string,
  signal?: AbortSignal,
): Promise<MaterialContent> {
  const parsed = await apiData(contentSchema, `${materialPath(id)}/content`, { signal });
  return {
    language: parsed.language ?? '',
    warnings: parsed.warnings ?? [],
    blocks: parsed.blocks.map((b) => ({ ...b, location: b.location as BlockLocation })),
    files: (parsed.files ?? []).map((f) => ({
      id: f.id,
      name: f.file_name ?? f.id,
      type: f.file_type ?? '',
    })),
  };
}

/** Loads the text only once the panel is opened (`enabled`). */
export function useMaterialContent(id: string, enabled: boolean) {
  return useResource(enabled ? id : null, (signal) => getMaterialContent(id, signal));
}
