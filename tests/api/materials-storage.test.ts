import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../../api/storage/local-storage.js';
import { fileKey } from '../../api/storage/storage.js';
import { corpusFile, filesUnder } from '../support/multipart.js';

describe('local storage', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-storage-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const paper = corpusFile('pdf/zh_exam114_fire_science_answer_key.pdf');
  const key = fileKey(
    '7d0f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
    '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
    '2c3d4e5f-6071-4829-93a4-b5c6d7e8f901',
  );

  it('stores, measures, returns and deletes an object under DATA_DIR/files/<user>/<material>/<file>', async () => {
    const storage = localStorage(root);
    const stored = await storage.put(key, Readable.from([paper.bytes]));
    expect(stored).toEqual({
      size: paper.bytes.length,
      sha256: createHash('sha256').update(paper.bytes).digest('hex'),
    });
    expect(filesUnder(root)).toEqual([key]);
    expect(await storage.exists(key)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(paper.bytes)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // Empty user and material folders go too; deleting again is not an error.
    expect(fs.readdirSync(root)).toEqual([]);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves nothing under the key when the stream fails half-way', async () => {
    const storage = localStorage(root);
    const broken = new Readable({
      read() {
        this.push(paper.bytes.subarray(0, 1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put(key, broken)).rejects.toThrow('connection reset');
    expect(await storage.exists(key)).toBe(false);
    expect(filesUnder(root)).toEqual([]);
  });

  it('sweeps partial files a crash left behind, and only those', async () => {
    const storage = localStorage(root);
    await storage.put(key, Readable.from([paper.bytes]));
    const partial = path.join(root, `${key}.partial-0d4c`);
    fs.writeFileSync(partial, 'half');
    await storage.sweep();
    expect(filesUnder(root)).toEqual([key]);
  });

  it('refuses keys that could leave the storage folder', async () => {
    const storage = localStorage(root);
    for (const bad of ['../etc/passwd', 'a/../../b', '/abs/path', 'a\\b', '', 'a//b', '.hidden']) {
      await expect(storage.put(bad, Readable.from(['x'])), bad).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.get(bad), bad).rejects.toThrow('invalid storage key');
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
