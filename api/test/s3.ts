// A local S3-compatible bucket for tests: s3rver, behind a small proxy that adds the two things of real
// S3 (and R2) that s3rver lacks and our driver relies on: it verifies presigned URLs' SigV4 signatures
// (s3rver checks only the access key and the expiry), and honours `If-None-Match: *` on a PUT.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';

export interface TestBucket {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: true;
  close(): Promise<void>;
}

// s3rver's built-in account.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** Why a presigned request must be refused, or null when its signature and expiry hold. */
async function presignProblem(
  method: string,
  url: URL,
  headers: Record<string, string | string[] | undefined>,
): Promise<string | null> {
  const query = url.searchParams;
  const [accessKeyId, , region] = (query.get('X-Amz-Credential') ?? '').split('/');
  const date = query.get('X-Amz-Date') ?? '';
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const given: Record<string, string> = {};
  for (const name of signedHeaders) {
    if (name === 'host') continue;
    const value = headers[name];
    if (typeof value !== 'string') return `signed header ${name} missing`;
    given[name] = value;
  }
  const unsigned = new URL(url);
  unsigned.searchParams.delete('X-Amz-Signature');
  const expected = await new AwsV4Signer({
    url: unsigned.toString(),
    method,
    headers: given,
    accessKeyId,
    secretAccessKey: SECRET_KEY,
    service: 's3',
    region,
    datetime: date,
    signQuery: true,
    allHeaders: true,
  }).signature();
  if (expected !== query.get('X-Amz-Signature')) return 'SignatureDoesNotMatch';
  const signedAt = Date.parse(
    date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (Date.now() > signedAt + Number(query.get('X-Amz-Expires')) * 1000) return 'expired';
  return null;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

export async function startTestBucket(bucket = 'files'): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'bo-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const upstream = await s3.run();
  const forward = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const out = request(
      { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const exists = (path: string) =>
    new Promise<boolean>((resolve, reject) => {
      const head = request({ host: '127.0.0.1', port: upstream.port, method: 'HEAD', path }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      });
      head.on('error', reject);
      head.end();
    });
  const proxy = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.searchParams.has('X-Amz-Signature')) {
      const problem = await presignProblem(req.method ?? 'GET', url, req.headers);
      if (problem) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(xmlError('AccessDenied', problem));
        req.resume();
        return;
      }
      if (req.method === 'PUT' && req.headers['if-none-match'] === '*' && (await exists(url.pathname))) {
        res.writeHead(412, { 'content-type': 'application/xml' });
        res.end(
          xmlError('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold'),
        );
        req.resume();
        return;
      }
    }
    forward(req, res);
  });
  const port = await listen(proxy);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    region: 'auto',
    forcePathStyle: true,
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      s3.httpServer.closeAllConnections();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
