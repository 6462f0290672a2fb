import type { Config } from '../env.js';
import type { Logger } from '../lib/logger.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export interface ConfiguredStorage {
  storage: Storage;
  /** What /readyz and the start-up log call it. */
  describe: string;
  /** Work before serving: the local store sweeps the partial files a crash left. */
  prepare(): Promise<void>;
  /** Releases connections at shutdown. */
  close(): void;
}

/** The store the configuration asks for: DATA_DIR/files, or an S3-compatible bucket. */
export function createStorage(config: Config, logger?: Logger): ConfiguredStorage {
  if (config.storage.kind === 's3') {
    const s3 = s3Storage(config.storage.s3, { logger });
    const where = config.storage.s3.endpoint ?? `AWS ${config.storage.s3.region}`;
    return {
      storage: s3,
      describe: `s3://${s3.bucket} (${where})`,
      prepare: async () => {},
      close: () => s3.close(),
    };
  }
  const local = localStorage(config.storage.dir);
  return {
    storage: local,
    describe: local.root,
    prepare: () => local.sweep(),
    close: () => {},
  };
}
