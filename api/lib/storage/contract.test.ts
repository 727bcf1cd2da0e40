// One contract for both drivers: what a feature may count on whether files sit in the local folder
// (served by the API's own signed routes) or in an S3-compatible bucket (s3rver here, behind a proxy
// that checks signatures as S3 does). The browser's side is played by fetch on the URLs given.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../../contract/files';
import { startTestBucket } from '../../test/s3';
import { onError } from '../errors';
import { createFileStore, type FileInfo, type FileStore } from './index';

interface Setup {
  store: FileStore;
  clock: { now: Date };
  /** The same URL made for another key, as someone editing it would. */
  retarget(url: string, from: string, to: string): string;
  close(): Promise<void>;
}

async function localSetup(): Promise<Setup> {
  const root = mkdtempSync(join(tmpdir(), 'bo-files-'));
  const clock = { now: new Date() };
  // The edge's part: the browser calls /api/files/…, the API sees /files/….
  let api: Hono | undefined;
  const server = serve({ fetch: (request) => api!.fetch(request), port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const store = createFileStore({
    kind: 'local',
    root,
    publicBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    secret: 'contract-test-secret-0123456789abcdef0123',
    now: () => clock.now,
  });
  api = new Hono();
  api.onError(onError);
  api.route('/api', store.routes!);
  return {
    store,
    clock,
    retarget(url, from, to) {
      // The key is inside the signed token: changing it keeps the old signature.
      const token = url.slice(url.lastIndexOf('/') + 1);
      const [payload, signature] = token.split('.');
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(grant.k).toBe(from);
      const edited = Buffer.from(JSON.stringify({ ...grant, k: to })).toString('base64url');
      return `${url.slice(0, url.lastIndexOf('/') + 1)}${edited}.${signature}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function s3Setup(): Promise<Setup> {
  const bucket = await startTestBucket();
  const clock = { now: new Date() };
  const store = createFileStore({ kind: 's3', ...bucket, now: () => clock.now });
  return {
    store,
    clock,
    retarget: (url, from, to) => {
      expect(url).toContain(`/${from}?`);
      return url.replace(`/${from}?`, `/${to}?`);
    },
    close: () => bucket.close(),
  };
}

const pdf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function collect(files: AsyncIterable<FileInfo>): Promise<FileInfo[]> {
  const all: FileInfo[] = [];
  for await (const file of files) all.push(file);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each([
  ['local', localSetup],
  ['s3', s3Setup],
] as const)('file store contract [%s]', (kind, setup) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s?.close();
  });
  const upload = async (
    key: string,
    body: Uint8Array<ArrayBuffer>,
    options: { maxBytes?: number; size?: number } = {},
  ) => {
    const signed = await s.store.signUpload({
      key,
      contentType: 'application/pdf',
      maxBytes: options.maxBytes ?? 1024 * 1024,
      size: options.size,
      expiresInSeconds: 60,
    });
    return {
      signed,
      response: await fetch(signed.url, { method: signed.method, headers: signed.headers, body }),
    };
  };

  it('uses the driver configured', () => {
    expect(s.store.kind).toBe(kind);
    expect(Boolean(s.store.routes)).toBe(kind === 'local');
  });

  it('uploads through a signed PUT and gives the file back through a signed GET, named', async () => {
    const body = pdf(3000);
    const { signed, response } = await upload('statistics/round-trip.pdf', body, { size: 3000 });
    expect(signed.method).toBe('PUT');
    expect(signed.headers['content-type']).toBe('application/pdf');
    // URLs are dated to the second, as S3's are.
    expect(signed.expiresAt.getTime()).toBe(Math.floor(s.clock.now.getTime() / 1000) * 1000 + 60_000);
    expect(response.ok).toBe(true);
    expect(await s.store.head('statistics/round-trip.pdf')).toMatchObject({ size: 3000 });
    expect(
      await s.store.verifyUpload('statistics/round-trip.pdf', {
        contentType: 'application/pdf',
        maxBytes: 4000,
        size: 3000,
      }),
    ).toEqual({ ok: true, size: 3000 });

    const url = await s.store.signDownload({
      key: 'statistics/round-trip.pdf',
      fileName: 'Statistiques mars 2026 – Hôpital.pdf',
    });
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(body);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `inline; filename="Statistiques mars 2026 _ Hopital.pdf"; filename*=UTF-8''Statistiques%20mars%202026%20%E2%80%93%20H%C3%B4pital.pdf`,
    );
  });

  it('serves other types as a download, not inline', async () => {
    await s.store.put('incidents/notes.txt', new TextEncoder().encode('bonjour'), 'text/plain');
    const download = await fetch(
      await s.store.signDownload({ key: 'incidents/notes.txt', fileName: 'notes.txt' }),
    );
    expect(await download.text()).toBe('bonjour');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.txt"/);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('lets an upload URL be used once only', async () => {
    const { signed, response } = await upload('statistics/once.pdf', pdf(100));
    expect(response.ok).toBe(true);
    const again = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: pdf(200) });
    expect(again.ok).toBe(false);
    expect(await s.store.head('statistics/once.pdf')).toMatchObject({ size: 100 });
  });

  it('refuses expired URLs', async () => {
    await s.store.put('statistics/old.pdf', pdf(50), 'application/pdf');
    const real = s.clock.now;
    s.clock.now = new Date(real.getTime() - 10 * 60_000);
    const signed = await s.store.signUpload({
      key: 'statistics/late.pdf',
      contentType: 'application/pdf',
      maxBytes: 1000,
      expiresInSeconds: 60,
    });
    const download = await s.store.signDownload({
      key: 'statistics/old.pdf',
      fileName: 'old.pdf',
      expiresInSeconds: 60,
    });
    s.clock.now = real;
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: pdf(50) });
    expect(put.status).toBe(403);
    expect((await fetch(download)).status).toBe(403);
    expect(await s.store.head('statistics/late.pdf')).toBeNull();
  });

  it('refuses a URL edited for another key, or with another type or size than signed', async () => {
    const signed = await s.store.signUpload({
      key: 'statistics/mine.pdf',
      contentType: 'application/pdf',
      maxBytes: 1000,
      size: 100,
    });
    const other = s.retarget(signed.url, 'statistics/mine.pdf', 'statistics/yours.pdf');
    expect((await fetch(other, { method: 'PUT', headers: signed.headers, body: pdf(100) })).ok).toBe(false);
    const png = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: pdf(100),
    });
    expect(png.ok).toBe(false);
    const longer = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: pdf(120) });
    expect(longer.ok).toBe(false);
    expect(await s.store.head('statistics/yours.pdf')).toBeNull();
    expect(await s.store.head('statistics/mine.pdf')).toBeNull();
    // The right request still works afterwards.
    expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: pdf(100) })).ok).toBe(
      true,
    );

    const download = await s.store.signDownload({ key: 'statistics/mine.pdf', fileName: 'mine.pdf' });
    expect((await fetch(s.retarget(download, 'statistics/mine.pdf', 'statistics/once.pdf'))).status).toBe(
      403,
    );
  });

  it('never keeps a file over the size cap', async () => {
    const { response } = await upload('statistics/big.pdf', pdf(5000), { maxBytes: 4096 });
    if (kind === 'local') {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: FILE_MESSAGES.tooLarge(4096) });
    }
    // S3 cannot cap a presigned PUT without an exact size: the check at record time deletes it.
    const verdict = await s.store.verifyUpload('statistics/big.pdf', {
      contentType: 'application/pdf',
      maxBytes: 4096,
    });
    expect(verdict.ok).toBe(false);
    if (kind === 's3')
      expect(verdict).toEqual({ ok: false, status: 413, message: FILE_MESSAGES.tooLarge(4096) });
    expect(await s.store.head('statistics/big.pdf')).toBeNull();
  });

  it('never keeps content that is not what its type says (a PNG renamed .pdf)', async () => {
    const { response } = await upload('statistics/fake.pdf', PNG);
    if (kind === 'local') {
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ message: 'Le fichier doit être au format PDF' });
    }
    const verdict = await s.store.verifyUpload('statistics/fake.pdf', {
      contentType: 'application/pdf',
      maxBytes: 4096,
    });
    expect(verdict.ok).toBe(false);
    if (kind === 's3')
      expect(verdict).toEqual({ ok: false, status: 415, message: 'Le fichier doit être au format PDF' });
    expect(await s.store.head('statistics/fake.pdf')).toBeNull();
  });

  it('checks files written server-side the same way', async () => {
    await s.store.put('incidents/x/photo.pdf', PNG, 'application/pdf');
    expect(
      await s.store.verifyUpload('incidents/x/photo.pdf', { contentType: 'image/png', maxBytes: 100 }),
    ).toEqual({ ok: true, size: PNG.length });
    expect(
      await s.store.verifyUpload('incidents/x/photo.pdf', {
        contentType: 'image/png',
        maxBytes: 100,
        size: 3,
      }),
    ).toEqual({ ok: false, status: 400, message: FILE_MESSAGES.sizeMismatch });
    expect(await s.store.head('incidents/x/photo.pdf')).toBeNull();
    expect(
      await s.store.verifyUpload('incidents/x/none.pdf', { contentType: 'application/pdf', maxBytes: 100 }),
    ).toEqual({ ok: false, status: 404, message: FILE_MESSAGES.notFound });
  });

  it('writes, reads, replaces and deletes server-side, from bytes or a stream', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('%PDF-1.4 '));
        controller.enqueue(new TextEncoder().encode('depuis Leon'));
        controller.close();
      },
    });
    await s.store.put('incidents/i1/attachment.pdf', stream, 'application/pdf');
    expect(new TextDecoder().decode((await s.store.read('incidents/i1/attachment.pdf'))!)).toBe(
      '%PDF-1.4 depuis Leon',
    );
    expect(
      new TextDecoder().decode((await s.store.read('incidents/i1/attachment.pdf', { maxBytes: 5 }))!),
    ).toBe('%PDF-');
    await s.store.put('incidents/i1/attachment.pdf', pdf(10), 'application/pdf');
    expect(await s.store.head('incidents/i1/attachment.pdf')).toMatchObject({
      key: 'incidents/i1/attachment.pdf',
      size: 10,
    });
    await s.store.delete('incidents/i1/attachment.pdf');
    await s.store.delete('incidents/i1/attachment.pdf');
    expect(await s.store.head('incidents/i1/attachment.pdf')).toBeNull();
    expect(await s.store.read('incidents/i1/attachment.pdf')).toBeNull();
    const gone = await fetch(
      await s.store.signDownload({ key: 'incidents/i1/attachment.pdf', fileName: 'a.pdf' }),
    );
    expect(gone.status).toBe(404);
  });

  it('lists the files under a prefix with their size and last change', async () => {
    const before = Date.now() - 2000;
    for (const key of ['lists/a/1.pdf', 'lists/a/2.pdf', 'lists/a-b.pdf', 'lists/b/1.pdf', 'listsx/1.pdf'])
      await s.store.put(key, pdf(20), 'application/pdf');
    const all = await collect(s.store.list('lists/'));
    expect(all.map((f) => f.key)).toEqual([
      'lists/a-b.pdf',
      'lists/a/1.pdf',
      'lists/a/2.pdf',
      'lists/b/1.pdf',
    ]);
    for (const file of all) {
      expect(file.size).toBe(20);
      expect(file.lastModified.getTime()).toBeGreaterThan(before);
      expect(file.lastModified.getTime()).toBeLessThan(Date.now() + 2000);
    }
    expect((await collect(s.store.list('lists/a'))).map((f) => f.key)).toEqual([
      'lists/a-b.pdf',
      'lists/a/1.pdf',
      'lists/a/2.pdf',
    ]);
    expect((await collect(s.store.list('lists/a/'))).map((f) => f.key)).toEqual([
      'lists/a/1.pdf',
      'lists/a/2.pdf',
    ]);
    expect(await collect(s.store.list('nothing/'))).toEqual([]);
  });

  it('sweeps old files under a prefix that no record references, and nothing else', async () => {
    for (const key of ['sweep/kept.pdf', 'sweep/orphan.pdf', 'sweep/sub/orphan.pdf', 'other/orphan.pdf'])
      await s.store.put(key, pdf(10), 'application/pdf');
    // S3 dates files to the second: the young file comes more than a second after the limit.
    const limit = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await s.store.put('sweep/young.pdf', pdf(10), 'application/pdf');
    s.clock.now = new Date();
    const asked: string[][] = [];
    const result = await s.store.sweepOrphans({
      prefix: 'sweep/',
      olderThanMs: s.clock.now.getTime() - limit,
      referenced: async (keys) => {
        asked.push([...keys]);
        return keys.filter((key) => key === 'sweep/kept.pdf');
      },
    });
    expect(result.deleted.sort()).toEqual(['sweep/orphan.pdf', 'sweep/sub/orphan.pdf']);
    expect(result.scanned).toBe(4);
    expect(asked.flat().sort()).toEqual(['sweep/kept.pdf', 'sweep/orphan.pdf', 'sweep/sub/orphan.pdf']);
    expect((await collect(s.store.list('sweep/'))).map((f) => f.key)).toEqual([
      'sweep/kept.pdf',
      'sweep/young.pdf',
    ]);
    expect(await s.store.head('other/orphan.pdf')).not.toBeNull();
    const day = await s.store.sweepOrphans({
      prefix: 'sweep/',
      olderThanMs: 86_400_000,
      referenced: async () => [],
    });
    expect(day).toEqual({ scanned: 2, deleted: [] });
    await expect(
      s.store.sweepOrphans({ prefix: '', olderThanMs: 0, referenced: async () => [] }),
    ).rejects.toThrow(/prefix/);
  });

  it('refuses keys that are not plain relative names', async () => {
    for (const key of [
      '../etc/passwd',
      '/etc/passwd',
      'a/../b.pdf',
      'a//b.pdf',
      '.hidden',
      'a/.b',
      'a\\b.pdf',
      'é.pdf',
      'a b.pdf',
      '',
      'a/',
    ]) {
      await expect(s.store.put(key, pdf(10), 'application/pdf'), key).rejects.toThrow(/Invalid file key/);
      await expect(
        s.store.signUpload({ key, contentType: 'application/pdf', maxBytes: 10 }),
        key,
      ).rejects.toThrow(/Invalid file key/);
      await expect(s.store.head(key), key).rejects.toThrow(/Invalid file key/);
    }
    expect(() => s.store.list('../')).toThrow(/Invalid file key prefix/);
  });
});
