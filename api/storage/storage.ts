import type { Readable } from 'node:stream';

/** What storing one object produced: its length and SHA-256 (hex), measured while writing. */
export interface StoredObject {
  size: number;
  sha256: string;
}

/**
 * Where uploaded originals live. Keys are relative, slash-separated paths of safe segments
 * (`<userId>/<materialId>/<fileId>`), so the same keys work as S3 object keys. The store is
 * injected through Deps: `createStorage` picks the local directory or an S3-compatible bucket.
 */
export interface Storage {
  /** Stores the whole stream under key, or nothing at all (never a partial object). */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** The stored bytes; throws NOT_FOUND when the key does not exist. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws unless the store can be used now (GET /readyz); a store without it counts as ready. */
  ready?(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws unless key is 1-8 safe segments: no `..`, no absolute paths, no backslashes. */
export function assertValidKey(key: string): void {
  const parts = key.split('/');
  if (parts.length === 0 || parts.length > 8 || !parts.every((p) => SEGMENT.test(p))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** The key of one uploaded original. */
export function fileKey(userId: string, materialId: string, fileId: string): string {
  const key = `${userId}/${materialId}/${fileId}`;
  assertValidKey(key);
  return key;
}
