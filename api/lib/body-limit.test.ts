// Request bodies are capped at 1 MB (issue #9, finding 6), whether the client declares the length or
// streams the body; a route prefix can have its own limit (the hook for a future PDF upload).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { freshTestApp, ORIGIN } from '../test/harness';
import { bodyLimits, MB } from './body-limit';

/** A JSON login body of exactly `size` bytes. */
const loginOf = (size: number) => {
  const start = '{"email":"admin@demo.test","password":"';
  return Buffer.from(`${start}${'x'.repeat(size - start.length - 2)}"}`);
};
/** The same bytes as a stream: no Content-Length. */
const streamOf = (bytes: Buffer, chunk = 64 * 1024) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += chunk)
        controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + chunk)));
      controller.close();
    },
  });

describe('the API caps request bodies', () => {
  const t = freshTestApp();

  const post = (body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    t.app.request('/auth/login', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);

  it('refuses a JSON body over 1 MB with 413 in French, by its declared length', async () => {
    const body = loginOf(MB + 1);
    const answer = await post(body, { 'content-length': String(body.length) });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: MESSAGES.tooLarge, requestId: expect.any(String) });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a streamed body (no Content-Length) once it passes 1 MB', async () => {
    const answer = await post(streamOf(loginOf(3 * MB)));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: MESSAGES.tooLarge, requestId: expect.any(String) });
  });

  it('reads a body of 1 MB, declared or streamed', async () => {
    // Read to the end and judged by the sign-in rules (a password over 128 characters), not refused by size.
    const body = loginOf(MB);
    const declared = await post(body, { 'content-length': String(body.length) });
    expect(declared.status).toBe(400);
    expect((await declared.json()).message).toBe('128 caractères maximum');
    expect((await post(streamOf(body))).status).toBe(400);
  });
});

describe('bodyLimits', () => {
  it('gives a route prefix its own limit and every other path the default', async () => {
    const app = new Hono()
      .use(bodyLimits({ defaultMaxBytes: 10, routes: [{ prefix: '/upload', maxBytes: 100 }] }))
      .post('*', async (c) => c.json({ data: (await c.req.arrayBuffer()).byteLength }));
    const send = (path: string, size: number) =>
      app.request(path, { method: 'POST', body: new Uint8Array(size) });
    expect((await send('/upload/pdf', 100)).status).toBe(200);
    expect((await send('/upload/pdf', 101)).status).toBe(413);
    expect((await send('/missions', 10)).status).toBe(200);
    expect(await (await send('/missions', 11)).json()).toEqual({ message: MESSAGES.tooLarge });
  });
});
