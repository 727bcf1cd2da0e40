// Every API answer carries `X-Content-Type-Options: nosniff`, errors included, and a path that does not
// percent-decode is a 400 in French (issue #9, findings 11 and 14).
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { freshTestApp, ORIGIN } from '../test/harness';

describe('answers of the API', () => {
  const t = freshTestApp();

  it('are all nosniff: success, 400, 401, 403, 404, 413', async () => {
    const json = { origin: ORIGIN, 'content-type': 'application/json' };
    const answers = await Promise.all([
      t.app.request('/health'),
      t.app.request('/auth/login', { method: 'POST', headers: json, body: '{' }),
      t.app.request('/user/me'),
      t.app.request('/auth/logout', { method: 'POST', headers: { origin: 'https://evil.example' } }),
      t.app.request('/nope'),
      t.app.request('/auth/login', {
        method: 'POST',
        headers: { ...json, 'content-length': String(2 * 1024 * 1024) },
        body: '{}',
      }),
      t.app.request('/%E0%A4%A'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 401, 403, 404, 413, 400]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answer 400 in French to a path that does not percent-decode', async () => {
    for (const path of ['/%E0%A4%A', '/missions/%', '/users/%C3']) {
      const answer = await t.app.request(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(await answer.json()).toEqual({
        message: MESSAGES.malformedRequest,
        requestId: expect.any(String),
      });
    }
  });
});
