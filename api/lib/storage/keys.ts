// Rules shared by both drivers: what a key may hold, how long a URL may live, how a download is named
// and typed, and whether content starts with the bytes its type promises.
import { UPLOAD_TYPES, type UploadType } from '../../../contract/files';

export const KEY_MAX_LENGTH = 512;
// Segments of letters, digits, `_`, `-` and `.`, never starting with a dot: no `..`, no hidden names,
// no absolute path, nothing a URL or a file system would read differently.
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,15}$`);
const PREFIX = new RegExp(`^(?:${SEGMENT}/){0,15}(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127})?$`);

export const DEFAULT_EXPIRY_SECONDS = 300;
/** S3's limit for presigned URLs (7 days). */
export const MAX_EXPIRY_SECONDS = 604_800;

export function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length > KEY_MAX_LENGTH || !KEY.test(key))
    throw new TypeError(`Invalid file key ${JSON.stringify(key)}`);
}

export function assertPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || prefix.length > KEY_MAX_LENGTH || !PREFIX.test(prefix))
    throw new TypeError(`Invalid file key prefix ${JSON.stringify(prefix)}`);
}

export function expirySeconds(value: number | undefined): number {
  const seconds = value ?? DEFAULT_EXPIRY_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRY_SECONDS)
    throw new TypeError(`expiresInSeconds must be an integer from 1 to ${MAX_EXPIRY_SECONDS}`);
  return seconds;
}

export function assertUpload(request: { contentType: string; maxBytes: number; size?: number }): void {
  if (!Object.hasOwn(UPLOAD_TYPES, request.contentType))
    throw new TypeError(`Uploads of ${JSON.stringify(request.contentType)} are not accepted`);
  if (!Number.isSafeInteger(request.maxBytes) || request.maxBytes < 1)
    throw new TypeError('maxBytes must be a positive integer');
  if (
    request.size !== undefined &&
    (!Number.isSafeInteger(request.size) || request.size < 1 || request.size > request.maxBytes)
  )
    throw new TypeError('size must be a positive integer no larger than maxBytes');
}

/** Whether `bytes` start with the magic bytes of `type` (a PNG renamed .pdf does not pass as a PDF). */
export function hasMagic(bytes: Uint8Array, type: UploadType): boolean {
  const magic = UPLOAD_TYPES[type].magic;
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}

export const MAGIC_LENGTH = Math.max(...Object.values(UPLOAD_TYPES).map((type) => type.magic.length));

/** The type a download is served with, from its file name: only PDFs open in the browser. */
export function downloadType(fileName: string): { contentType: string; inline: boolean } {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const type = Object.entries(UPLOAD_TYPES).find(([, t]) => t.extension === extension)?.[0];
  if (type === 'application/pdf') return { contentType: type, inline: true };
  return { contentType: type ?? 'application/octet-stream', inline: false };
}

/** A file name with nothing that could break a header or name a path: control characters, slashes. */
export function cleanFileName(fileName: string): string {
  const clean = fileName
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
    .slice(0, 200);
  return clean === '' ? 'fichier' : clean;
}

/**
 * `inline` for PDFs (they open in a new tab), `attachment` otherwise; an ASCII `filename` for old
 * clients and the exact name, accents included, in `filename*` (RFC 6266).
 */
export function contentDisposition(fileName: string): string {
  const name = cleanFileName(fileName);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["%;\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${downloadType(name).inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
