import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { S3Config } from '../../api/env.js';

/*
 * A real S3-compatible server for the object-storage tests: s3rver (npm, offline), which speaks
 * the S3 REST protocol — SigV4-signed requests, path-style buckets, PUT/GET/HEAD/DELETE objects
 * and multipart uploads — and keeps objects in a temp folder. Where it falls short of S3:
 * - it checks that the access key exists but not the SigV4 signature itself, so a wrong secret
 *   is not refused (an unknown key is: 403 InvalidAccessKeyId);
 * - it lacks AbortMultipartUpload (DELETE /bucket/key?uploadId=…); the peer answers it the way
 *   S3 does (204, or 404 NoSuchUpload), so Mnemo's clean-up of a failed upload is exercised.
 */

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: KoaMiddleware[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's default account. */
export const S3_PEER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS = '._S3rver_uploads';

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The storage settings for this peer, as loadConfig would make them from `env`. */
  config: S3Config;
  /** S3_* variables pointing a Mnemo server at this peer. */
  env: Record<string, string>;
  /** Keys of the objects in the bucket, sorted. */
  objects(): string[];
  /** Bytes the peer has written to disk so far: objects and the parts of uploads under way. */
  storedBytes(): number;
  /** Multipart uploads started and neither completed nor aborted. */
  pendingUploads(): string[];
  /** Stops answering (an outage); start() brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Peer(opts: { bucket?: string; port?: number } = {}): Promise<S3Peer> {
  const bucket = opts.bucket ?? 'mnemo-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-s3-'));
  let port = opts.port ?? 0;
  let server: S3rverInstance | undefined;

  const launch = async () => {
    if (server) return;
    const s = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
      vhostBuckets: false,
    });
    s.middleware.unshift(abortMultipartUpload(directory));
    const address = await s.run();
    port = address.port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.httpServer?.closeAllConnections();
    await s.close();
  };
  await launch();

  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = path.join(directory, bucket);
  return {
    endpoint,
    bucket,
    config: {
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: S3_PEER_KEY,
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_PEER_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_PEER_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects: () =>
      fs.existsSync(bucketDir)
        ? fs
            .readdirSync(bucketDir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile() && e.name.endsWith(OBJECT_SUFFIX))
            .map((e) =>
              path
                .relative(bucketDir, path.join(e.parentPath, e.name))
                .slice(0, -OBJECT_SUFFIX.length)
                .split(path.sep)
                .join('/'),
            )
            .sort()
        : [],
    storedBytes: () =>
      fs.existsSync(bucketDir)
        ? fs
            .readdirSync(bucketDir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .reduce((sum, e) => {
              try {
                return sum + fs.statSync(path.join(e.parentPath, e.name)).size;
              } catch {
                return sum; // removed while we looked
              }
            }, 0)
        : 0,
    pendingUploads: () => {
      const dir = path.join(bucketDir, UPLOADS);
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    },
    stop,
    start: launch,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** DELETE /<bucket>/<key>?uploadId=<id>: drops the upload's parts, as S3 does. */
function abortMultipartUpload(directory: string): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '');
    const dir = path.join(directory, bucket, UPLOADS, path.basename(uploadId));
    if (!bucket || !fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
        '<Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
  };
}
