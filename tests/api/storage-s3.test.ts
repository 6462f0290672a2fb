import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Storage, type S3Storage } from '../../api/storage/s3-storage.js';
import { fileKey } from '../../api/storage/storage.js';
import { corpusFile } from '../support/multipart.js';
import { startS3Peer, type S3Peer } from '../support/s3-peer.js';

/*
 * The S3 store against a real S3-compatible server (s3rver on a random port): the same
 * contract as the local folder — whole objects or nothing, streamed both ways, measured while
 * written — plus what only a remote store has: multipart uploads, outages, credentials.
 */

const MiB = 1024 * 1024;
const paper = corpusFile('pdf/zh_exam114_fire_science_answer_key.pdf');
const key = fileKey(
  '7d0f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
  '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
  '2c3d4e5f-6071-4829-93a4-b5c6d7e8f901',
);

/** `total` bytes of a repeatable pattern, produced 64 KiB at a time as they are read. */
function generated(total: number, failAt?: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('connection reset'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i += 4) chunk.writeUInt32LE(((sent + i) * 2654435761) >>> 0, i);
      sent += n;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex'), sent: () => sent };
}

async function drain(body: Readable) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const c of body) {
    size += (c as Buffer).length;
    hash.update(c as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

describe('S3 storage', () => {
  let peer: S3Peer;
  let storage: S3Storage;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(async () => {
    storage?.close();
    await peer?.close();
  });
  beforeEach(async () => {
    storage?.close();
    storage = s3Storage(peer.config);
    await peer.start(); // again, after an outage test
    for (const k of peer.objects()) await storage.delete(k);
  });

  it('stores, measures, returns and deletes an object under <user>/<material>/<file>', async () => {
    const stored = await storage.put(key, Readable.from([paper.bytes]));
    expect(stored).toEqual({
      size: paper.bytes.length,
      sha256: createHash('sha256').update(paper.bytes).digest('hex'),
    });
    expect(peer.objects()).toEqual([key]);
    expect(await storage.exists(key)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(paper.bytes)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(peer.objects()).toEqual([]);
    // Deleting again is not an error; reading a missing key is NOT_FOUND.
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends a large file as a multipart upload, reading it only as fast as the store takes it', async () => {
    const total = 48 * MiB;
    const source = generated(total);
    // Bytes read from the source but not yet written by the store: what Mnemo holds.
    let held = 0;
    const sampler = setInterval(() => {
      held = Math.max(held, source.sent() - peer.storedBytes());
    }, 5);
    const stored = await storage.put(key, source.stream);
    clearInterval(sampler);
    expect(stored).toEqual({ size: total, sha256: source.sha256() });
    // Two 5 MiB parts in flight and one filling, never the whole file.
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(20 * MiB);
    expect(peer.pendingUploads()).toEqual([]);
    expect(peer.objects()).toEqual([key]);
    expect(await drain(await storage.get(key))).toEqual(stored);
  });

  it('leaves no object when the source fails before the first part is full', async () => {
    const broken = generated(MiB, 300 * 1024);
    await expect(storage.put(key, broken.stream)).rejects.toThrow('connection reset');
    expect(await storage.exists(key)).toBe(false);
    expect(peer.objects()).toEqual([]);
  });

  it('aborts a multipart upload whose source fails after two parts: no object, no parts', async () => {
    const broken = generated(30 * MiB, 12 * MiB);
    await expect(storage.put(key, broken.stream)).rejects.toThrow('connection reset');
    expect(await storage.exists(key)).toBe(false);
    expect(peer.objects()).toEqual([]);
    expect(peer.pendingUploads()).toEqual([]);
  });

  it('answers STORAGE_UNAVAILABLE when the store goes away, and stops reading the source', async () => {
    const source = generated(40 * MiB);
    const putting = storage.put(key, source.stream);
    while (source.sent() < 6 * MiB) await new Promise((r) => setTimeout(r, 5));
    await peer.stop();
    await expect(putting).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE', status: 503 });
    expect(source.stream.destroyed).toBe(true);
    expect(source.sent()).toBeLessThan(40 * MiB);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    await expect(storage.ready()).rejects.toThrow();

    await peer.start();
    await storage.ready();
    expect(await storage.exists(key)).toBe(false);
    expect(peer.objects()).toEqual([]);
  });

  it('is ready only with the right bucket and credentials', async () => {
    await storage.ready();
    const wrongKey = s3Storage({
      ...peer.config,
      credentials: { accessKeyId: 'NOT-OUR-KEY', secretAccessKey: 'S3RVER' },
    });
    const noBucket = s3Storage({ ...peer.config, bucket: 'no-such-bucket' });
    try {
      await expect(wrongKey.ready()).rejects.toThrow();
      await expect(wrongKey.put(key, Readable.from([paper.bytes]))).rejects.toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
      });
      await expect(noBucket.ready()).rejects.toThrow();
    } finally {
      wrongKey.close();
      noBucket.close();
    }
    expect(peer.objects()).toEqual([]);
  });

  it('refuses keys that are not <segment>/… before sending anything', async () => {
    for (const bad of ['../etc/passwd', 'a/../../b', '/abs/path', 'a\\b', '', 'a//b', '.hidden']) {
      await expect(storage.put(bad, Readable.from(['x'])), bad).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.get(bad), bad).rejects.toThrow('invalid storage key');
      await expect(storage.delete(bad), bad).rejects.toThrow('invalid storage key');
    }
    expect(peer.objects()).toEqual([]);
  });
});
