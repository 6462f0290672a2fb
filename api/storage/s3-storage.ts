import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../env.js';
import type { Logger } from '../lib/logger.js';
import { AppError } from '../lib/errors.js';
import { assertValidKey, type Storage, type StoredObject } from './storage.js';

export interface S3StorageOptions {
  logger?: Logger;
  /** Bytes per multipart part (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts in flight at once. Memory per upload is about partSize × (queueSize + 1). */
  queueSize?: number;
}

export type S3Storage = Storage & {
  bucket: string;
  client: S3Client;
  /** Throws unless the bucket answers (HEAD bucket) with these credentials. */
  ready(): Promise<void>;
  close(): void;
};

const PART_SIZE = 5 * 1024 * 1024;

/** 404 from S3 or an S3-compatible store, whichever name it gives the error. */
function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return (
    err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'
  );
}

/**
 * Originals in an S3-compatible bucket (docs/decisions/0015). Objects are written with
 * lib-storage's Upload, fed through a PassThrough as the source is read: a file under one part
 * is a single PUT, a larger one a multipart upload of 5 MiB parts, and memory stays at a few
 * parts whatever the file's size. S3 only makes an object visible when its PUT or its
 * CompleteMultipartUpload succeeds, so a failed upload leaves no object under the key; the
 * parts of a failed multipart upload are aborted.
 */
export function s3Storage(config: S3Config, opts: S3StorageOptions = {}): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the default (a CRC32 trailer on every streamed
    // body, sent aws-chunked) is refused by many S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer fails the request instead of holding it forever. Only the
    // time to the response headers is limited: a download streams as slowly as its reader.
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 60_000,
      throwOnRequestTimeout: true,
    },
  });
  const bucket = config.bucket;
  /** A store that fails or refuses us is the learner's STORAGE_UNAVAILABLE; the cause is logged. */
  const unavailable = (err: unknown, op: string, key: string) => {
    opts.logger?.error({ err, op, key, bucket }, 'object storage failed');
    return new AppError('STORAGE_UNAVAILABLE', { cause: err });
  };
  const partSize = Math.max(PART_SIZE, opts.partSize ?? PART_SIZE);
  const queueSize = opts.queueSize ?? 2;

  return {
    bucket,
    client,

    async put(key: string, body: Readable): Promise<StoredObject> {
      assertValidKey(key);
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const pass = new PassThrough();
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: pass,
          ContentType: 'application/octet-stream',
        },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      // Reading the source and sending it run together; the PassThrough's back-pressure keeps
      // the source at the pace of the store. Whichever side fails first names the error, and
      // stops the other: a failed source fails the upload (its parts are aborted), a failed
      // upload stops reading the source.
      let failure: { err: unknown; store?: boolean } | undefined;
      let completed = false;
      await Promise.all([
        pipeline(body, measure, pass).catch((err: unknown) => {
          failure ??= { err };
        }),
        upload.done().then(
          () => {
            completed = true;
          },
          (err: unknown) => {
            if (failure) {
              // Upload reports a failed abort of its parts over the source's own error.
              opts.logger?.warn({ err, key }, 'object storage: upload abandoned');
            }
            failure ??= { err, store: true };
            pass.destroy(err instanceof Error ? err : new Error(String(err)));
          },
        ),
      ]);
      if (failure) {
        if (completed) {
          // Never an object from a source that failed.
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => {});
        }
        throw failure.store ? unavailable(failure.err, 'put', key) : failure.err;
      }
      return { size, sha256: hash.digest('hex') };
    },

    async get(key: string): Promise<Readable> {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return res.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new AppError('NOT_FOUND');
        throw unavailable(err, 'get', key);
      }
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (!isNotFound(err)) throw unavailable(err, 'delete', key);
      }
    },

    async exists(key: string): Promise<boolean> {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw unavailable(err, 'exists', key);
      }
    },

    async ready(): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    close() {
      client.destroy();
    },
  };
}
