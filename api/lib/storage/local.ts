// The local driver (the default): files in a folder (`${DATA_DIR}/files`), written to a temporary file
// and then linked under their key, so that a killed process never leaves half a file under a key. The
// API serves the signed URLs itself (`PUT` and `GET /files/<token>`, `/api/files/…` for the browser).
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { FILE_MESSAGES, UPLOAD_TYPES, type UploadType } from '../../../contract/files';
import { fail } from '../errors';
import {
  assertKey,
  assertPrefix,
  assertUpload,
  contentDisposition,
  downloadType,
  expirySeconds,
  hasMagic,
  KEY_MAX_LENGTH,
} from './keys';
import { fileTokenKey, openGrant, signGrant, type TokenProblem } from './tokens';
import type { FileDriver, FileInfo } from './types';
import { memoryUsedTokens, type UsedTokens } from './used-tokens';

/** Where the routes are, below the API's root. */
export const FILES_PATH = '/files';

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

/** A refusal of an upload, with the status and French message the route answers. */
class Refused extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const TEMP = '.tmp';
const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export function createLocalDriver(options: LocalOptions): FileDriver {
  const root = resolve(options.root);
  const tokenKey = fileTokenKey(options.secret);
  const base = options.publicBase.replace(/\/+$/, '');
  const usedTokens = options.usedTokens ?? memoryUsedTokens();

  const pathOf = (key: string) => {
    assertKey(key);
    const path = join(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new TypeError(`Invalid file key ${JSON.stringify(key)}`);
    return path;
  };

  const tempPath = async () => {
    await mkdir(join(root, TEMP), { recursive: true });
    return join(root, TEMP, randomUUID());
  };

  /**
   * Writes a body to a new temporary file, refusing it as soon as it grows past `maxBytes` or its first
   * bytes are not those of `type`; the temporary file is gone when this throws.
   */
  async function receive(
    body: ReadableStream<Uint8Array> | Uint8Array | null,
    limits: { maxBytes: number; type?: UploadType },
  ): Promise<{ temp: string; size: number }> {
    const temp = await tempPath();
    const handle = await open(temp, 'wx');
    let size = 0;
    const magicLength = limits.type ? UPLOAD_TYPES[limits.type].magic.length : 0;
    let head = new Uint8Array(0);
    const take = async (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > limits.maxBytes) throw new Refused(413, FILE_MESSAGES.tooLarge(limits.maxBytes));
      if (limits.type && head.length < magicLength) {
        head = Buffer.concat([head, chunk.subarray(0, magicLength - head.length)]);
        if (head.length === magicLength && !hasMagic(head, limits.type))
          throw new Refused(415, FILE_MESSAGES.wrongType(limits.type));
      }
      let written = 0;
      while (written < chunk.byteLength) {
        const { bytesWritten } = await handle.write(chunk, written, chunk.byteLength - written);
        written += bytesWritten;
      }
    };
    try {
      if (body instanceof Uint8Array) await take(body);
      else if (body) {
        const reader = body.getReader();
        try {
          for (;;) {
            // A body that breaks off (the browser closed, the network failed) is the sender's problem.
            const { done, value } = await reader.read().catch(() => {
              throw new Refused(400, FILE_MESSAGES.interrupted);
            });
            if (done) break;
            await take(value);
          }
        } finally {
          reader.releaseLock();
        }
      }
      if (limits.type && !hasMagic(head, limits.type))
        throw new Refused(415, FILE_MESSAGES.wrongType(limits.type));
      await handle.datasync();
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(temp, { force: true });
      throw error;
    }
    return { temp, size };
  }

  /** Removes the folders left empty by a delete, up to the root. */
  async function pruneFolders(path: string) {
    for (let dir = dirname(path); dir.startsWith(root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
    }
  }

  const info = (key: string, stats: Stats): FileInfo => ({
    key,
    size: stats.size,
    lastModified: stats.mtime,
  });

  async function* walk(dir: string, keyPrefix: string, prefix: string): AsyncGenerator<FileInfo> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (entry.name.startsWith('.') || key.length > KEY_MAX_LENGTH) continue;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))
          yield* walk(join(dir, entry.name), `${key}/`, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          assertKey(key);
          yield info(key, await stat(join(dir, entry.name)));
        } catch {
          // A name that is not a key (put there by hand) or a file deleted meanwhile.
        }
      }
    }
  }

  const refusal = (problem: TokenProblem) =>
    fail(403, problem === 'expired' ? FILE_MESSAGES.linkExpired : FILE_MESSAGES.linkInvalid);
  // The token is the last path segment: its HMAC is its check, before anything else is read.
  const tokenOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

  const routes = new Hono();

  routes.put(`${FILES_PATH}/:token`, async function uploadFile(c) {
    const grant = openGrant(tokenKey, tokenOf(c.req.path), 'PUT', options.now());
    if (typeof grant === 'string') return refusal(grant);
    const type = grant.t as UploadType;
    const sentType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (sentType !== type) fail(403, FILE_MESSAGES.linkInvalid);
    const path = pathOf(grant.k);
    // Used once: a key that exists was written by this link (or another) already.
    const existing = await stat(path).catch(() => null);
    if (existing) fail(403, FILE_MESSAGES.linkUsed);
    const declared = c.req.header('content-length');
    if (declared !== undefined) {
      const length = Number(declared);
      if (length > grant.x) fail(413, FILE_MESSAGES.tooLarge(grant.x));
      if (grant.s !== undefined && length !== grant.s) fail(400, FILE_MESSAGES.sizeMismatch);
    }
    // …and the token is spent as soon as a body is read, whatever comes of it (a file refused by its
    // bytes or size, a file deleted later): the key being free again does not make the link work again.
    if (!(await usedTokens.claim(tokenOf(c.req.path), new Date(grant.e * 1000), options.now())))
      fail(403, FILE_MESSAGES.linkUsed);
    let received: { temp: string; size: number };
    try {
      received = await receive(c.req.raw.body, { maxBytes: grant.x, type });
    } catch (error) {
      if (error instanceof Refused) fail(error.status, error.message);
      throw error;
    }
    try {
      if (grant.s !== undefined && received.size !== grant.s) fail(400, FILE_MESSAGES.sizeMismatch);
      await mkdir(dirname(path), { recursive: true });
      try {
        // link, unlike rename, never replaces: of two uploads on one link, one wins, the other is refused.
        await link(received.temp, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') fail(403, FILE_MESSAGES.linkUsed);
        throw error;
      }
    } finally {
      await rm(received.temp, { force: true });
    }
    return c.json({ data: { key: grant.k, size: received.size } }, 201);
  });

  routes.get(`${FILES_PATH}/:token`, async function downloadFile(c) {
    const grant = openGrant(tokenKey, tokenOf(c.req.path), 'GET', options.now());
    if (typeof grant === 'string') return refusal(grant);
    const handle = await open(pathOf(grant.k), 'r').catch((error: unknown) => {
      if (isMissing(error)) fail(404, FILE_MESSAGES.notFound);
      throw error;
    });
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      fail(404, FILE_MESSAGES.notFound);
    }
    const headers = {
      'Content-Type': downloadType(grant.n).contentType,
      'Content-Length': String(stats.size),
      'Content-Disposition': contentDisposition(grant.n),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      // The token is the access: it must not travel on to another site.
      'Referrer-Policy': 'no-referrer',
      // Opened in a tab, an uploaded file runs nothing with the site's origin (scripts in a PDF or HTML).
      'Content-Security-Policy': 'sandbox',
    };
    if (c.req.method === 'HEAD') {
      await handle.close();
      return new Response(null, { headers });
    }
    const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { headers });
  });

  const expiry = (seconds: number | undefined) =>
    Math.floor(options.now().getTime() / 1000) + expirySeconds(seconds);

  return {
    kind: 'local',
    routes,

    async signUpload(request) {
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

    async signDownload(request) {
      assertKey(request.key);
      const token = signGrant(tokenKey, {
        m: 'GET',
        k: request.key,
        e: expiry(request.expiresInSeconds),
        n: request.fileName,
      });
      return `${base}${FILES_PATH}/${token}`;
    },

    async put(key, body) {
      const path = pathOf(key);
      const { temp } = await receive(body, { maxBytes: Number.MAX_SAFE_INTEGER });
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
        const stats = await stat(pathOf(key));
        return stats.isFile() ? info(key, stats) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, readOptions) {
      let handle: import('node:fs/promises').FileHandle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        if (readOptions?.maxBytes === undefined) return new Uint8Array(await handle.readFile());
        const buffer = Buffer.alloc(readOptions.maxBytes);
        let filled = 0;
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return new Uint8Array(buffer.subarray(0, filled));
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await pruneFolders(path);
    },

    list(prefix) {
      assertPrefix(prefix);
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      return walk(join(root, ...folder.split('/').filter(Boolean)), folder, prefix);
    },

    async sweepTemporary(olderThanMs) {
      const dir = join(root, TEMP);
      const cutoff = Date.now() - olderThanMs;
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const stats = await stat(join(dir, name)).catch(() => null);
        if (stats && stats.mtimeMs <= cutoff) await rm(join(dir, name), { force: true });
      }
    },
  };
}
