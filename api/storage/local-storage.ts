import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../lib/errors.js';
import { assertValidKey, type Storage, type StoredObject } from './storage.js';

const PARTIAL = '.partial-';

/**
 * Storage in a local directory (DATA_DIR/files). Each object is written to a temporary name
 * beside its final one and renamed into place once complete, so a reader, a crash or a failed
 * write never leaves a half-written file under a real key.
 */
export function localStorage(
  root: string,
): Storage & { root: string; ready(): Promise<void>; sweep(): Promise<void> } {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function removeEmptyParents(file: string) {
    let dir = path.dirname(file);
    while (dir.startsWith(root + path.sep) && dir !== root) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      dir = path.dirname(dir);
    }
  }

  return {
    root,

    async put(key: string, body: Readable): Promise<StoredObject> {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}${PARTIAL}${randomUUID()}`;
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, measure, fs.createWriteStream(temp, { flags: 'wx' }));
        await fsp.rename(temp, target);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        await removeEmptyParents(temp);
        throw err;
      }
      return { size, sha256: hash.digest('hex') };
    },

    async get(key: string): Promise<Readable> {
      const file = resolve(key);
      // Open first so a missing file is an error here, not later in the middle of a response.
      const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw new AppError('NOT_FOUND');
        throw err;
      });
      return handle.createReadStream();
    },

    async delete(key: string): Promise<void> {
      const file = resolve(key);
      await fsp.rm(file, { force: true });
      await removeEmptyParents(file);
    },

    async exists(key: string): Promise<boolean> {
      try {
        return (await fsp.stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },

    /** The folder exists (or can be made) and can be written to. */
    async ready(): Promise<void> {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },

    /** Removes partial files left by a crash mid-write (call at start, before serving). */
    async sweep(): Promise<void> {
      const entries = await fsp
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch(() => []);
      for (const e of entries) {
        if (e.isFile() && e.name.includes(PARTIAL)) {
          await fsp.rm(path.join(e.parentPath, e.name), { force: true });
        }
      }
    },
  };
}
