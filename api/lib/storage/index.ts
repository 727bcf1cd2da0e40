// The one storage module for files (statistics PDFs, incident attachments): features use only what this
// file exports, through `deps.files`. The driver is the local folder under DATA_DIR, or an S3-compatible
// bucket when the S3_* variables are set (docs/decisions/012-file-storage.md).
import { join } from 'node:path';
import { FILE_MESSAGES } from '../../../contract/files';
import type { Db } from '../../db/client';
import type { Config } from '../config';
import { assertKey, assertPrefix, hasMagic, MAGIC_LENGTH } from './keys';
import { createLocalDriver } from './local';
import { createS3Driver, type S3Options } from './s3';
import type { FileDriver, FileInfo, FileStore, SweepResult } from './types';
import { databaseUsedTokens, type UsedTokens } from './used-tokens';

export { contentDisposition } from './keys';
export type { S3Options } from './s3';
export type {
  DownloadRequest,
  FileInfo,
  FileStore,
  SignedUpload,
  SweepRequest,
  SweepResult,
  UploadRequest,
  VerifyResult,
} from './types';

/** Keys asked about at a time in a sweep. */
const SWEEP_BATCH = 500;

export type FileStoreOptions = { now?: () => Date } & (
  | { kind: 'local'; root: string; publicBase: string; secret: string; usedTokens?: UsedTokens }
  | ({ kind: 's3' } & Omit<S3Options, 'now'>)
);

export function createFileStore(options: FileStoreOptions): FileStore {
  const now = options.now ?? (() => new Date());
  const driver =
    options.kind === 'local' ? createLocalDriver({ ...options, now }) : createS3Driver({ ...options, now });
  return withChecks(driver, now);
}

/**
 * The store the configuration asks for: S3 when the S3_* variables are set, else `${DATA_DIR}/files`,
 * whose upload links are spent in `db` (single-use across API instances; in memory without one).
 */
export function fileStoreFromConfig(
  config: Pick<Config, 'dataDir' | 'publicOrigin' | 'sessionSecret' | 's3'>,
  now?: () => Date,
  db?: Db,
): FileStore {
  if (config.s3) return createFileStore({ kind: 's3', ...config.s3, now });
  return createFileStore({
    kind: 'local',
    root: join(config.dataDir, 'files'),
    // The browser reaches the API through the edge, under /api.
    publicBase: `${config.publicOrigin}/api`,
    secret: config.sessionSecret,
    now,
    ...(db ? { usedTokens: databaseUsedTokens(db) } : {}),
  });
}

/** Adds to a driver the checks that must behave the same on every driver. */
function withChecks(driver: FileDriver, now: () => Date): FileStore {
  return {
    ...driver,

    async verifyUpload(key, expected) {
      assertKey(key);
      const info = await driver.head(key);
      if (!info) return { ok: false, status: 404, message: FILE_MESSAGES.notFound };
      let problem: Exclude<Awaited<ReturnType<FileStore['verifyUpload']>>, { ok: true }> | null = null;
      if (info.size > expected.maxBytes)
        problem = { ok: false, status: 413, message: FILE_MESSAGES.tooLarge(expected.maxBytes) };
      else if (expected.size !== undefined && info.size !== expected.size)
        problem = { ok: false, status: 400, message: FILE_MESSAGES.sizeMismatch };
      else {
        const head = await driver.read(key, { maxBytes: MAGIC_LENGTH });
        if (!head || !hasMagic(head, expected.contentType))
          problem = { ok: false, status: 415, message: FILE_MESSAGES.wrongType(expected.contentType) };
      }
      if (problem) {
        await driver.delete(key);
        return problem;
      }
      return { ok: true, size: info.size };
    },

    async sweepOrphans({ prefix, olderThanMs, referenced }) {
      // A sweep without a prefix would judge every feature's files by one feature's records.
      if (prefix === '') throw new TypeError('sweepOrphans needs a prefix');
      assertPrefix(prefix);
      if (!Number.isFinite(olderThanMs) || olderThanMs < 0)
        throw new TypeError('olderThanMs must be a positive number');
      const cutoff = now().getTime() - olderThanMs;
      const result: SweepResult = { scanned: 0, deleted: [] };
      let batch: FileInfo[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const keys = batch.map((file) => file.key);
        batch = [];
        const kept = new Set(await referenced(keys));
        for (const key of keys) {
          if (kept.has(key)) continue;
          await driver.delete(key);
          result.deleted.push(key);
        }
      };
      for await (const file of driver.list(prefix)) {
        result.scanned += 1;
        if (file.lastModified.getTime() > cutoff) continue;
        batch.push(file);
        if (batch.length >= SWEEP_BATCH) await flush();
      }
      await flush();
      await driver.sweepTemporary?.(olderThanMs);
      return result;
    },
  };
}
