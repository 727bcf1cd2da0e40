// The routes that serve the local driver's signed URLs: `PUT /files/<token>` receives an upload (once,
// within the grant's type and size), `GET /files/<token>` sends a file with headers that keep it inert.
import { link, mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { FILE_MESSAGES, type UploadType } from '../../../contract/files';
import { fail } from '../errors';
import { mediaTypeOf } from '../validate';
import { contentDisposition, downloadType } from './keys';
import { isMissing, keyPath, Refused, receive } from './local-folder';
import { openGrant, type TokenProblem, type UploadGrant } from './tokens';
import type { UsedTokens } from './used-tokens';

/** Where the routes are, below the API's root. */
export const FILES_PATH = '/files';

export interface LocalRoutesOptions {
  root: string;
  /** The key file tokens are signed with. */
  tokenKey: Buffer;
  usedTokens: UsedTokens;
  now: () => Date;
}

const refusal = (problem: TokenProblem) =>
  fail(403, problem === 'expired' ? FILE_MESSAGES.linkExpired : FILE_MESSAGES.linkInvalid);
// The token is the last path segment: its HMAC is its check, before anything else is read.
const tokenOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** What a download answers with besides its body. */
function downloadHeaders(fileName: string, size: number): Record<string, string> {
  return {
    'Content-Type': downloadType(fileName).contentType,
    'Content-Length': String(size),
    'Content-Disposition': contentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    // The token is the access: it must not travel on to another site.
    'Referrer-Policy': 'no-referrer',
    // Opened in a tab, an uploaded file runs nothing with the site's origin (scripts in a PDF or HTML).
    'Content-Security-Policy': 'sandbox',
  };
}

/** Refuses, before any byte is read, an upload whose declared length the grant rules out. */
function checkDeclaredLength(c: Context, grant: UploadGrant) {
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    const length = Number(declared);
    if (length > grant.x) fail(413, FILE_MESSAGES.tooLarge(grant.x));
    if (grant.s !== undefined && length !== grant.s) fail(400, FILE_MESSAGES.sizeMismatch);
  }
}

/** Links a received file under its path; link, unlike rename, never replaces. */
async function linkOnce(temp: string, path: string) {
  await mkdir(dirname(path), { recursive: true });
  try {
    // Of two uploads on one link, one wins, the other is refused.
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') fail(403, FILE_MESSAGES.linkUsed);
    throw error;
  }
}

export function localFileRoutes({ root, tokenKey, usedTokens, now }: LocalRoutesOptions): Hono {
  const routes = new Hono();

  routes.put(`${FILES_PATH}/:token`, async function uploadFile(c) {
    const token = tokenOf(c.req.path);
    const grant = openGrant(tokenKey, token, 'PUT', now());
    if (typeof grant === 'string') return refusal(grant);
    if (mediaTypeOf(c) !== grant.t) fail(403, FILE_MESSAGES.linkInvalid);
    const path = keyPath(root, grant.k);
    // Used once: a key that exists was written by this link (or another) already.
    const existing = await stat(path).catch(() => null);
    if (existing) fail(403, FILE_MESSAGES.linkUsed);
    checkDeclaredLength(c, grant);
    // …and the token is spent as soon as a body is read, whatever comes of it (a file refused by its
    // bytes or size, a file deleted later): the key being free again does not make the link work again.
    if (!(await usedTokens.claim(token, new Date(grant.e * 1000), now()))) fail(403, FILE_MESSAGES.linkUsed);
    let received: { temp: string; size: number };
    try {
      received = await receive(root, c.req.raw.body, { maxBytes: grant.x, type: grant.t as UploadType });
    } catch (error) {
      if (error instanceof Refused) fail(error.status, error.message);
      throw error;
    }
    try {
      if (grant.s !== undefined && received.size !== grant.s) fail(400, FILE_MESSAGES.sizeMismatch);
      await linkOnce(received.temp, path);
    } finally {
      await rm(received.temp, { force: true });
    }
    return c.json({ data: { key: grant.k, size: received.size } }, 201);
  });

  routes.get(`${FILES_PATH}/:token`, async function downloadFile(c) {
    const grant = openGrant(tokenKey, tokenOf(c.req.path), 'GET', now());
    if (typeof grant === 'string') return refusal(grant);
    const handle = await open(keyPath(root, grant.k), 'r').catch((error: unknown) => {
      if (isMissing(error)) fail(404, FILE_MESSAGES.notFound);
      throw error;
    });
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      fail(404, FILE_MESSAGES.notFound);
    }
    const headers = downloadHeaders(grant.n, stats.size);
    if (c.req.method === 'HEAD') {
      await handle.close();
      return new Response(null, { headers });
    }
    const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { headers });
  });

  return routes;
}
