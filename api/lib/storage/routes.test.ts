// The API serves the local store's signed URLs at /files/<token>, reached by the browser at
// /api/files/<token> through the edge; writes go through the same origin check as every other.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { FILE_MESSAGES } from '../../../contract/files';
import { openDatabase } from '../../db/client';
import { ORIGIN, testApp } from '../../test/harness';

describe('file routes in the API', async () => {
  const database = await openDatabase({ memory: true });
  const { app, files, advance, filesDir } = testApp(database.db);
  afterAll(async () => {
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  });
  const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');
  /** A signed upload of a PDF of at most 1000 bytes. */
  const signPdf = (key: string) => files.signUpload({ key, contentType: 'application/pdf', maxBytes: 1000 });
  const viaEdge = (url: string) => {
    expect(url.startsWith(`${ORIGIN}/api/files/`)).toBe(true);
    return url.slice(`${ORIGIN}/api`.length);
  };

  it('uploads and downloads through browser-facing URLs of the public origin', async () => {
    expect(files.kind).toBe('local');
    const signed = await signPdf('statistics/s1.pdf');
    const upload = await app.request(viaEdge(signed.url), {
      method: 'PUT',
      headers: { ...signed.headers, origin: ORIGIN },
      body: pdf,
    });
    expect(upload.status).toBe(201);
    const url = await files.signDownload({ key: 'statistics/s1.pdf', fileName: 'Statistiques.pdf' });
    const download = await app.request(viaEdge(url));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="Statistiques.pdf"/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    // Signed URLs follow the API's clock.
    advance(301_000);
    expect(await (await app.request(viaEdge(url))).json()).toEqual({
      message: FILE_MESSAGES.linkExpired,
      requestId: expect.any(String),
    });
  });

  it('refuses an upload from another origin before reading it', async () => {
    const signed = await signPdf('statistics/s2.pdf');
    const upload = await app.request(viaEdge(signed.url), {
      method: 'PUT',
      headers: { ...signed.headers, origin: 'https://evil.example' },
      body: pdf,
    });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual({ message: MESSAGES.badOrigin, requestId: expect.any(String) });
    expect(await files.head('statistics/s2.pdf')).toBeNull();
  });
});
