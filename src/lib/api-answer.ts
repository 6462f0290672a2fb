import type { z } from 'zod/mini';
import { api, type RequestOptions } from './api-client';

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `{ success, data }` (data an object, a list or null): the envelope, not a payload with a data
 * field. `data: null` is an envelope with no data (e.g. a demo portal's cancel when Mnemo's copy
 * of the subscription is gone), not a body that is its own data.
 */
const isEnvelope = (rec: Rec) =>
  typeof rec.data === 'object' &&
  (typeof rec.success === 'boolean' || Object.keys(rec).every((k) => ENVELOPE_KEYS.has(k)));
const ENVELOPE_KEYS = new Set(['success', 'data', 'message', 'messageI18n', 'nextCursor']);

/**
 * The one reader of an API answer (docs/decisions/0042). The server answers `{ success, data }`;
 * the spec's variants are read too: a bare body, and `data` nested once more (`data.data`, spec
 * §7 submit). `data: null` reads as null (no data). answerRecord reads anything else (text,
 * null) as `{}`.
 */
export function answerData(raw: unknown): unknown {
  let value = raw;
  for (let depth = 0; depth < 2 && isRecord(value) && isEnvelope(value); depth++) {
    value = value.data;
  }
  return value;
}

/** answerData as an object (a list or anything else reads as `{}`). */
export function answerRecord(raw: unknown): Rec {
  const value = answerData(raw);
  return isRecord(value) ? value : {};
}

/**
 * Calls the API and parses the answer's payload with `schema`: the typed way every
 * src/features/x/api module reads an answer. Throws ApiError (non-OK) or the schema's error.
 */
export async function apiData<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  opts?: RequestOptions,
): Promise<z.output<S>> {
  return schema.parse(answerData(await api(path, opts))) as z.output<S>;
}

/** Where the next page of a paged list starts (`nextCursor` beside its data); null: none. */
export function answerCursor(raw: unknown): string | null {
  const cursor = isRecord(raw) ? raw.nextCursor : undefined;
  return typeof cursor === 'string' && cursor !== '' ? cursor : null;
}
