// The local driver (the default): files in a folder (`${DATA_DIR}/files`), written to a temporary file
// and then linked under their key, so that a killed process never leaves half a file under a key. The
// API serves the signed URLs itself (`PUT` and `GET /files/<token>`, `/api/files/…` for the browser).
// The folder's workings are in local-folder.ts, the routes in local-routes.ts.
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { assertKey, assertPrefix, assertUpload, expirySeconds } from './keys';
import {
  fileInfo,
  isMissing,
  keyPath,
  listFiles,
  pruneFolders,
  readHead,
  receive,
  sweepTemp,
} from './local-folder';
import { FILES_PATH, localFileRoutes } from './local-routes';
import { fileTokenKey, signGrant } from './tokens';
import type { DownloadRequest, FileDriver, SignedUpload, UploadRequest } from './types';
import { memoryUsedTokens, type UsedTokens } from './used-tokens';

export interface LocalOptions {
  /** The folder that holds the files; created when first needed. */
  root: string;
  /** The browser-facing base of the API: `${PUBLIC_ORIGIN}/api` (the edge strips `/api`). */
  publicBase: string;
  /** Signs the URLs (SESSION_SECRET; a key for file tokens only is derived from it). */
  secret: string;
  now: () => Date;
  /** Where used upload tokens are kept until they expire (single-use links); in memory by default. */
  usedTokens?: UsedTokens;
}

/** Signs the upload and download URLs that the driver's routes serve. */
function localSigner(tokenKey: Buffer, publicBase: string, now: () => Date) {
  const base = publicBase.replace(/\/+$/, '');
  const expiry = (seconds: number | undefined) => Math.floor(now().getTime() / 1000) + expirySeconds(seconds);
  return {
    async signUpload(request: UploadRequest): Promise<SignedUpload> {
      assertKey(request.key);
      assertUpload(request);
      const e = expiry(request.expiresInSeconds);
      const token = signGrant(tokenKey, {
        m: 'PUT',
        k: request.key,
        e,
        // Two links for one key signed in the same second are two links, each used once.
        j: randomUUID(),
        t: request.contentType,
        x: request.maxBytes,
        ...(request.size === undefined ? {} : { s: request.size }),
      });
      return {
        url: `${base}${FILES_PATH}/${token}`,
        method: 'PUT',
        headers: { 'content-type': request.contentType },
        expiresAt: new Date(e * 1000),
      };
    },

    async signDownload(request: DownloadRequest): Promise<string> {
      assertKey(request.key);
      const token = signGrant(tokenKey, {
        m: 'GET',
        k: request.key,
        e: expiry(request.expiresInSeconds),
        n: request.fileName,
      });
      return `${base}${FILES_PATH}/${token}`;
    },
  };
}

/** The server-side reads and writes of the folder. */
function localFiles(root: string): Omit<FileDriver, 'kind' | 'routes' | 'signUpload' | 'signDownload'> {
  return {
    async put(key, body) {
      const path = keyPath(root, key);
      const { temp } = await receive(root, body, { maxBytes: Number.MAX_SAFE_INTEGER });
      try {
        await mkdir(dirname(path), { recursive: true });
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async head(key) {
      try {
        const stats = await stat(keyPath(root, key));
        return stats.isFile() ? fileInfo(key, stats) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, readOptions) {
      let handle: FileHandle;
      try {
        handle = await open(keyPath(root, key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        if (readOptions?.maxBytes === undefined) return new Uint8Array(await handle.readFile());
        return await readHead(handle, readOptions.maxBytes);
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      const path = keyPath(root, key);
      try {
        await unlink(path);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await pruneFolders(root, path);
    },

    list(prefix) {
      assertPrefix(prefix);
      return listFiles(root, prefix);
    },

    sweepTemporary: (olderThanMs) => sweepTemp(root, olderThanMs),
  };
}

export function createLocalDriver(options: LocalOptions): FileDriver {
  const root = resolve(options.root);
  const tokenKey = fileTokenKey(options.secret);
  const usedTokens = options.usedTokens ?? memoryUsedTokens();
  return {
    kind: 'local',
    routes: localFileRoutes({ root, tokenKey, usedTokens, now: options.now }),
    ...localSigner(tokenKey, options.publicBase, options.now),
    ...localFiles(root),
  };
}
