// The local driver's own guarantees: its signed routes refuse every token they should with a French
// message, cap and check a streamed body as it arrives, and never show half a file under a key.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../../contract/files';
import { onError } from '../errors';
import { createFileStore, type FileStore } from './index';
import { fileTokenKey, signGrant } from './tokens';

const SECRET = 'local-test-secret-0123456789abcdef01234567';
const ORIGIN = 'http://files.test';
let root: string;
let clock: { now: Date };
let store: FileStore;
let app: Hono;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bo-local-'));
  clock = { now: new Date('2026-03-02T10:00:00Z') };
  store = createFileStore({
    kind: 'local',
    root,
    publicBase: `${ORIGIN}/api`,
    secret: SECRET,
    now: () => clock.now,
  });
  app = new Hono();
  app.onError(onError);
  app.route('/', store.routes!);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  clock.now = new Date('2026-03-02T10:00:00Z');
});

const pdf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x41);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
/** The path the API sees for a browser-facing URL (the edge strips /api). */
const apiPath = (url: string) => {
  expect(url.startsWith(`${ORIGIN}/api/files/`)).toBe(true);
  return url.slice(`${ORIGIN}/api`.length);
};
const put = (
  url: string,
  body: BodyInit,
  headers: Record<string, string> = { 'content-type': 'application/pdf' },
) => app.request(apiPath(url), { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);
const signPdf = (key: string, extra: { maxBytes?: number; size?: number; expiresInSeconds?: number } = {}) =>
  store.signUpload({ key, contentType: 'application/pdf', maxBytes: 10_000, ...extra });
/** A body sent in pieces, with no Content-Length, like a browser streaming a file. */
const chunked = (chunks: Uint8Array[], end: 'close' | 'error' | 'hang' = 'close') =>
  new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(chunk);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (end === 'close') controller.close();
      if (end === 'error') controller.error(new Error('connection reset'));
    },
  });
const temporaryFiles = () => (existsSync(join(root, '.tmp')) ? readdirSync(join(root, '.tmp')) : []);

describe('signed upload route', () => {
  it('writes the file under its key, answers 201 and leaves no temporary file', async () => {
    const signed = await signPdf('statistics/2026/mars.pdf');
    const response = await put(signed.url, pdf(2000));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: { key: 'statistics/2026/mars.pdf', size: 2000 } });
    expect(readFileSync(join(root, 'statistics', '2026', 'mars.pdf'))).toEqual(Buffer.from(pdf(2000)));
    expect(temporaryFiles()).toEqual([]);
  });

  it('refuses a second use of the link, in French', async () => {
    const signed = await signPdf('statistics/twice.pdf');
    expect((await put(signed.url, pdf(100))).status).toBe(201);
    const again = await put(signed.url, pdf(300));
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ message: FILE_MESSAGES.linkUsed });
    expect(readFileSync(join(root, 'statistics', 'twice.pdf')).length).toBe(100);
  });

  it('lets only one of two simultaneous uploads on one link win', async () => {
    const signed = await signPdf('statistics/race.pdf');
    const answers = await Promise.all([
      put(signed.url, chunked([pdf(500), pdf(500)])),
      put(signed.url, chunked([pdf(700), pdf(700)])),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403]);
    expect([1000, 1400]).toContain(readFileSync(join(root, 'statistics', 'race.pdf')).length);
    expect(temporaryFiles()).toEqual([]);
  });

  it('refuses expired, tampered and foreign tokens with French messages', async () => {
    const signed = await signPdf('statistics/token.pdf', { expiresInSeconds: 60 });
    clock.now = new Date(clock.now.getTime() + 61_000);
    const expired = await put(signed.url, pdf(100));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: FILE_MESSAGES.linkExpired });
    clock.now = new Date('2026-03-02T10:00:00Z');

    const token = signed.url.slice(signed.url.lastIndexOf('/') + 1);
    const [payload, signature] = token.split('.');
    const longer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), x: 1e9 }),
    ).toString('base64url');
    const foreign = signGrant(fileTokenKey('another-secret-0123456789abcdef0123456789'), {
      m: 'PUT',
      k: 'statistics/token.pdf',
      e: 2e9,
      t: 'application/pdf',
      x: 1e9,
    });
    const download = await store.signDownload({ key: 'statistics/token.pdf', fileName: 't.pdf' });
    for (const bad of [
      `${longer}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      foreign,
      download.slice(download.lastIndexOf('/') + 1),
      'abc',
      `${'a'.repeat(5000)}.${signature}`,
    ]) {
      const response = await app.request(`/files/${bad}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: pdf(100),
      });
      expect(response.status, bad.slice(0, 30)).toBe(403);
      expect(await response.json()).toEqual({ message: FILE_MESSAGES.linkInvalid });
    }
    // An upload token does not download.
    expect((await app.request(apiPath(signed.url))).status).toBe(403);
    expect(existsSync(join(root, 'statistics', 'token.pdf'))).toBe(false);
  });

  it('refuses a content type other than the one signed', async () => {
    const signed = await signPdf('statistics/type.pdf');
    const response = await put(signed.url, pdf(100), { 'content-type': 'text/html' });
    expect(response.status).toBe(403);
    expect(existsSync(join(root, 'statistics', 'type.pdf'))).toBe(false);
    expect(
      (await put(signed.url, pdf(100), { 'content-type': 'application/pdf; charset=binary' })).status,
    ).toBe(201);
  });

  it('caps a streamed body while it arrives: 413 in French, nothing left', async () => {
    const signed = await signPdf('statistics/stream-big.pdf', { maxBytes: 3000 });
    const response = await put(
      signed.url,
      chunked([pdf(1000), pdf(1000), pdf(1000), pdf(1000), pdf(1000)], 'hang'),
    );
    // The body never ends: only the cap can have answered.
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'Le fichier dépasse la taille maximale autorisée (2 Ko)',
    });
    expect(existsSync(join(root, 'statistics', 'stream-big.pdf'))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
    const megabytes = await signPdf('statistics/megabytes.pdf', { maxBytes: 5 * 1024 * 1024 });
    const over = await put(megabytes.url, chunked([pdf(5 * 1024 * 1024), pdf(10)]));
    expect(await over.json()).toEqual({ message: 'Le fichier dépasse la taille maximale autorisée (5 Mo)' });
  });

  it('refuses a PNG renamed .pdf as soon as its first bytes arrive: 415 in French, nothing left', async () => {
    const signed = await signPdf('statistics/fake.pdf');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const response = await put(signed.url, chunked([png], 'hang'));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Le fichier doit être au format PDF' });
    expect(existsSync(join(root, 'statistics', 'fake.pdf'))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
    // Too short to hold the magic bytes, or empty.
    for (const body of [new TextEncoder().encode('%PD'), new Uint8Array(0)]) {
      const short = await signPdf('statistics/short.pdf');
      expect((await put(short.url, body)).status).toBe(415);
    }
  });

  it('refuses a body of another size than announced', async () => {
    const signed = await signPdf('statistics/sized.pdf', { size: 1000 });
    const declared = await put(signed.url, pdf(999));
    expect(declared.status).toBe(400);
    expect(await declared.json()).toEqual({ message: FILE_MESSAGES.sizeMismatch });
    // A body was read: the link is spent, even though nothing was kept (single use). A new link works.
    expect((await put(signed.url, pdf(1000))).status).toBe(403);
    const streamed = await signPdf('statistics/sized.pdf', { size: 1000 });
    expect((await put(streamed.url, chunked([pdf(600), pdf(600)]))).status).toBe(400);
    expect(existsSync(join(root, 'statistics', 'sized.pdf'))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
    const again = await signPdf('statistics/sized.pdf', { size: 1000 });
    expect((await put(again.url, chunked([pdf(500), pdf(500)]))).status).toBe(201);
  });

  it('keeps nothing of a body that breaks off', async () => {
    const signed = await signPdf('statistics/broken.pdf');
    const response = await put(signed.url, chunked([pdf(1000)], 'error'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: FILE_MESSAGES.interrupted });
    expect(existsSync(join(root, 'statistics', 'broken.pdf'))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
  });

  it('shows no part of a file under its key while it is still arriving', async () => {
    const signed = await signPdf('statistics/slow.pdf');
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(pdf(1000));
        finish = () => {
          controller.enqueue(pdf(1000));
          controller.close();
        };
      },
    });
    const pending = put(signed.url, body);
    await expect.poll(() => temporaryFiles().length).toBe(1);
    expect(await store.head('statistics/slow.pdf')).toBeNull();
    finish();
    expect((await pending).status).toBe(201);
    expect(await store.head('statistics/slow.pdf')).toMatchObject({ size: 2000 });
  });
});

describe('signed download route', () => {
  it('serves the file with its name, inline for a PDF, and nosniff', async () => {
    await store.put('incidents/i1/rapport.pdf', pdf(300), 'application/pdf');
    const url = await store.signDownload({
      key: 'incidents/i1/rapport.pdf',
      fileName: 'Rapport "final"; été.pdf',
    });
    const response = await app.request(apiPath(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('300');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Rapport _final__ ete.pdf"; filename*=UTF-8''Rapport%20%22final%22%3B%20%C3%A9t%C3%A9.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf(300));
    const head = await app.request(apiPath(url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('300');
    expect(await head.text()).toBe('');
  });

  it('answers 404 in French for a missing file and 403 for a PUT token or an expired link', async () => {
    const missing = await app.request(
      apiPath(await store.signDownload({ key: 'incidents/none.pdf', fileName: 'x.pdf' })),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: FILE_MESSAGES.notFound });
    const upload = await signPdf('incidents/i1/rapport.pdf');
    expect((await app.request(apiPath(upload.url))).status).toBe(403);
    const url = await store.signDownload({
      key: 'incidents/i1/rapport.pdf',
      fileName: 'x.pdf',
      expiresInSeconds: 5,
    });
    clock.now = new Date(clock.now.getTime() + 6000);
    const expired = await app.request(apiPath(url));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: FILE_MESSAGES.linkExpired });
  });
});

describe('local folder', () => {
  it('lists nothing from temporary files and removes old ones when sweeping', async () => {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    writeFileSync(join(root, '.tmp', 'left-by-a-killed-process'), '%PDF-half');
    writeFileSync(join(root, 'not a key.pdf'), 'put there by hand');
    const keys: string[] = [];
    for await (const file of store.list('')) keys.push(file.key);
    expect(keys.some((key) => key.includes('.tmp') || key.includes('not a key'))).toBe(false);
    expect(keys).toContain('statistics/2026/mars.pdf');
    await store.sweepOrphans({ prefix: 'nothing/', olderThanMs: 0, referenced: async () => [] });
    expect(temporaryFiles()).toEqual([]);
  });

  it('removes the folders a delete leaves empty', async () => {
    await store.put('deep/a/b/c.pdf', pdf(10), 'application/pdf');
    await store.delete('deep/a/b/c.pdf');
    expect(existsSync(join(root, 'deep'))).toBe(false);
  });

  it('refuses to sign what it could not accept', async () => {
    await expect(
      store.signUpload({ key: 'a.html', contentType: 'text/html' as 'application/pdf', maxBytes: 10 }),
    ).rejects.toThrow(/not accepted/);
    await expect(signPdf('a.pdf', { size: 20_000 })).rejects.toThrow(/size/);
    await expect(signPdf('a.pdf', { expiresInSeconds: 0 })).rejects.toThrow(/expiresInSeconds/);
    await expect(signPdf('a.pdf', { expiresInSeconds: 604_801 })).rejects.toThrow(/expiresInSeconds/);
  });
});

describe('through a real HTTP server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 413 to a streamed body over the cap, which the sender receives', async () => {
    const signed = await signPdf('statistics/http-big.pdf', { maxBytes: 64 * 1024 });
    const chunks = Array.from({ length: 64 }, () => pdf(16 * 1024));
    const response = await fetch(`${base}${apiPath(signed.url)}`, {
      method: 'PUT',
      headers: signed.headers,
      body: chunked(chunks),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: FILE_MESSAGES.tooLarge(64 * 1024) });
    expect(await store.head('statistics/http-big.pdf')).toBeNull();
    expect(temporaryFiles()).toEqual([]);
  });
});
