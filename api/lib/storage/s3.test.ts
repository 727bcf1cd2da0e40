// The S3 driver's signatures and URLs, checked without a server: against AWS's published SigV4 example,
// and for what each presigned URL binds (key, type, size, single use, file name).
import { describe, expect, it } from 'vitest';
import { createS3Driver, presign } from './s3';

const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const AT = new Date('2013-05-24T00:00:00Z');

describe('presign', () => {
  it("gives AWS's documented signature for its example GET (query-string SigV4)", async () => {
    const url = new URL(
      await presign(
        AWS_EXAMPLE,
        'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Expires=86400',
        'GET',
        AT,
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    });
  });
});

describe('S3 driver URLs', () => {
  const driver = (forcePathStyle: boolean) =>
    createS3Driver({
      ...AWS_EXAMPLE,
      endpoint: 'https://s3.amazonaws.com',
      bucket: 'examplebucket',
      forcePathStyle,
      now: () => AT,
    });

  it('addresses the bucket by host name, or by path when asked', async () => {
    const hosted = await driver(false).signDownload({ key: 'test.txt', fileName: 'test.txt' });
    expect(hosted.startsWith('https://examplebucket.s3.amazonaws.com/test.txt?')).toBe(true);
    const path = await driver(true).signDownload({ key: 'test.txt', fileName: 'test.txt' });
    expect(path.startsWith('https://s3.amazonaws.com/examplebucket/test.txt?')).toBe(true);
  });

  it('signs an upload for its key, type, exact size and a single use', async () => {
    const signed = await driver(false).signUpload({
      key: 'statistics/a.pdf',
      contentType: 'application/pdf',
      maxBytes: 10_000,
      size: 1234,
      expiresInSeconds: 120,
    });
    const url = new URL(signed.url);
    expect(url.pathname).toBe('/statistics/a.pdf');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host;if-none-match',
    );
    // The browser sets Content-Length itself from the body; it sends these two as given.
    expect(signed.headers).toEqual({ 'content-type': 'application/pdf', 'if-none-match': '*' });
    expect(signed.expiresAt).toEqual(new Date(AT.getTime() + 120_000));
    const unsized = await driver(false).signUpload({
      key: 'a.pdf',
      contentType: 'application/pdf',
      maxBytes: 10,
    });
    expect(new URL(unsized.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-type;host;if-none-match',
    );
    expect(new URL(unsized.url).searchParams.get('X-Amz-Expires')).toBe('300');
  });

  it('names a download in signed response headers', async () => {
    const signed = await driver(false).signDownload({ key: 'statistics/a.pdf', fileName: 'Bilan été.pdf' });
    // Spaces as %20, never `+`, which servers read differently.
    expect(signed).toContain(
      'response-content-disposition=inline%3B%20filename%3D%22Bilan%20ete.pdf%22%3B%20',
    );
    expect(signed).not.toContain('+');
    const url = new URL(signed);
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `inline; filename="Bilan ete.pdf"; filename*=UTF-8''Bilan%20%C3%A9t%C3%A9.pdf`,
    );
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });
});
