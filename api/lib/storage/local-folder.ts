// The folder the local driver keeps its files in: a key's path (never outside the root), a body received
// into a temporary file under limits, the files below a prefix, the folders a delete leaves empty.
import { randomUUID } from 'node:crypto';
import type { Dirent, Stats } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { FILE_MESSAGES, UPLOAD_TYPES, type UploadType } from '../../../contract/files';
import { assertKey, hasMagic, KEY_MAX_LENGTH } from './keys';
import type { FileInfo } from './types';

/** The folder, below the root, of files being received. */
export const TEMP = '.tmp';

export const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** A refusal of an upload, with the status and French message the route answers. */
export class Refused extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** The path of a key's file; a key that would lead outside the root is refused. */
export function keyPath(root: string, key: string): string {
  assertKey(key);
  const path = join(root, ...key.split('/'));
  if (!path.startsWith(root + sep)) throw new TypeError(`Invalid file key ${JSON.stringify(key)}`);
  return path;
}

export const fileInfo = (key: string, stats: Stats): FileInfo => ({
  key,
  size: stats.size,
  lastModified: stats.mtime,
});

async function tempPath(root: string) {
  await mkdir(join(root, TEMP), { recursive: true });
  return join(root, TEMP, randomUUID());
}

async function writeAll(handle: FileHandle, chunk: Uint8Array) {
  let written = 0;
  while (written < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, written, chunk.byteLength - written);
    written += bytesWritten;
  }
}

/** The chunks of a body, a body that breaks off (the browser closed, the network failed) refused. */
async function* chunksOf(body: ReadableStream<Uint8Array> | Uint8Array | null) {
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      // A body that breaks off is the sender's problem.
      const { done, value } = await reader.read().catch(() => {
        throw new Refused(400, FILE_MESSAGES.interrupted);
      });
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Writes a body to a new temporary file, refusing it as soon as it grows past `maxBytes` or its first
 * bytes are not those of `type`; the temporary file is gone when this throws.
 */
export async function receive(
  root: string,
  body: ReadableStream<Uint8Array> | Uint8Array | null,
  limits: { maxBytes: number; type?: UploadType },
): Promise<{ temp: string; size: number }> {
  const temp = await tempPath(root);
  const handle = await open(temp, 'wx');
  let size = 0;
  const magicLength = limits.type ? UPLOAD_TYPES[limits.type].magic.length : 0;
  let head = new Uint8Array(0);
  try {
    for await (const chunk of chunksOf(body)) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) throw new Refused(413, FILE_MESSAGES.tooLarge(limits.maxBytes));
      if (limits.type && head.length < magicLength) {
        head = Buffer.concat([head, chunk.subarray(0, magicLength - head.length)]);
        if (head.length === magicLength && !hasMagic(head, limits.type))
          throw new Refused(415, FILE_MESSAGES.wrongType(limits.type));
      }
      await writeAll(handle, chunk);
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

/** The first `maxBytes` bytes of an open file (fewer when it is shorter). */
export async function readHead(handle: FileHandle, maxBytes: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(maxBytes);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return new Uint8Array(buffer.subarray(0, filled));
}

/** Removes the folders left empty by a delete, up to the root. */
export async function pruneFolders(root: string, path: string) {
  for (let dir = dirname(path); dir.startsWith(root + sep); dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}

/** The files below the root whose key starts with `prefix`, in key order. */
export function listFiles(root: string, prefix: string): AsyncGenerator<FileInfo> {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  return walk(join(root, ...folder.split('/').filter(Boolean)), folder, prefix);
}

async function* walk(dir: string, keyPrefix: string, prefix: string): AsyncGenerator<FileInfo> {
  let entries: Dirent[];
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
        yield fileInfo(key, await stat(join(dir, entry.name)));
      } catch {
        // A name that is not a key (put there by hand) or a file deleted meanwhile.
      }
    }
  }
}

/** Removes the temporary files older than `olderThanMs` (left by a process killed mid-upload). */
export async function sweepTemp(root: string, olderThanMs: number) {
  const dir = join(root, TEMP);
  const cutoff = Date.now() - olderThanMs;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const stats = await stat(join(dir, name)).catch(() => null);
    if (stats && stats.mtimeMs <= cutoff) await rm(join(dir, name), { force: true });
  }
}
