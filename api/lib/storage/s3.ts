// The S3 driver, for any S3-compatible bucket (Cloudflare R2, AWS S3, MinIO): presigned PUT and GET URLs
// (SigV4 query signing) that the browser uses directly, and server-side calls signed the same way, all
// through aws4fetch (Web Crypto and fetch only, so it also runs on Workers).
import { AwsClient, AwsV4Signer } from 'aws4fetch';
import {
  assertKey,
  assertPrefix,
  assertUpload,
  contentDisposition,
  downloadType,
  expirySeconds,
} from './keys';
import type { FileDriver, FileInfo } from './types';

export interface S3Options {
  /** e.g. `https://<account>.r2.cloudflarestorage.com`, `https://s3.eu-west-3.amazonaws.com`. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `auto` for R2. */
  region: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, local servers). */
  forcePathStyle: boolean;
  /** The clock presigned URLs are dated by; server-side calls always use the real time. */
  now: () => Date;
}

const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

const decodeXml = (text: string) =>
  text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (_, dec, hex, name: string) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hex
        ? String.fromCodePoint(Number.parseInt(hex, 16))
        : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[
            name.toLowerCase()
          ],
  );
const tag = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decodeXml(match[1]) : undefined;
};

async function collect(body: Uint8Array | ReadableStream<Uint8Array>): Promise<ArrayBuffer> {
  if (body instanceof Uint8Array) return body.slice().buffer;
  // S3 wants a length for a PUT: a stream is gathered first (attachments are a few MB at most).
  return new Response(body).arrayBuffer();
}

type Credentials = Pick<S3Options, 'accessKeyId' | 'secretAccessKey' | 'region'>;

/** A presigned URL (SigV4 in the query) for `method` on `url`, signing `headers` too, dated `date`. */
export async function presign(
  credentials: Credentials,
  url: string,
  method: 'GET' | 'PUT',
  date: Date,
  headers: Record<string, string> = {},
): Promise<string> {
  const signer = new AwsV4Signer({
    ...credentials,
    service: 's3',
    url,
    method,
    headers,
    signQuery: true,
    // content-type and content-length are left out of signatures unless asked for.
    allHeaders: true,
    datetime: amzDate(date),
  });
  const { url: signed } = await signer.sign();
  // URLSearchParams writes spaces as `+`, which S3-compatible servers do not all read as a space: the
  // query is written again with %20, as in the canonical request, so that every server reads it alike.
  signed.search = [...signed.searchParams]
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .join('&');
  return signed.toString();
}

export function createS3Driver(options: S3Options): FileDriver {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const bucketBase = options.forcePathStyle
    ? `${endpoint.origin}${basePath}/${options.bucket}`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${basePath}`;
  // The bucket itself: `/bucket` in path style, `/` on the bucket's own host.
  const bucketRoot = options.forcePathStyle ? bucketBase : `${bucketBase}/`;
  const objectUrl = (key: string) => {
    assertKey(key);
    // Keys hold only URL-safe characters (keys.ts): nothing to encode.
    return `${bucketBase}/${key}`;
  };
  const credentials: Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };
  const client = new AwsClient({ ...credentials, service: 's3', retries: 2 });

  async function call(what: string, url: string, init: RequestInit = {}, accept: number[] = []) {
    const response = await client.fetch(url, init);
    if (!response.ok && !accept.includes(response.status)) {
      const detail = await response.text().catch(() => '');
      throw new Error(
        `S3 ${what} failed: ${response.status} ${tag(detail, 'Code') ?? ''} ${tag(detail, 'Message') ?? ''}`.trim(),
      );
    }
    return response;
  }

  async function* list(prefix: string): AsyncGenerator<FileInfo> {
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token) query.set('continuation-token', token);
      const xml = await (await call(`list ${prefix}`, `${bucketRoot}?${query}`)).text();
      for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = tag(item, 'Key') ?? '';
        try {
          assertKey(key);
        } catch {
          continue; // not one of ours
        }
        yield {
          key,
          size: Number(tag(item, 'Size')),
          lastModified: new Date(tag(item, 'LastModified') ?? ''),
        };
      }
      token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
    } while (token);
  }

  return {
    kind: 's3',

    async signUpload(request) {
      assertUpload(request);
      const seconds = expirySeconds(request.expiresInSeconds);
      const date = options.now();
      const headers: Record<string, string> = {
        'content-type': request.contentType,
        // Used once: the bucket refuses (412) a write to a key that exists (S3, R2 and MinIO honour it).
        'if-none-match': '*',
      };
      const signed = await presign(
        credentials,
        `${objectUrl(request.key)}?X-Amz-Expires=${seconds}`,
        'PUT',
        date,
        request.size === undefined ? headers : { ...headers, 'content-length': String(request.size) },
      );
      return {
        url: signed,
        method: 'PUT',
        headers,
        // Signatures are dated to the second.
        expiresAt: new Date(Math.floor(date.getTime() / 1000) * 1000 + seconds * 1000),
      };
    },

    async signDownload(request) {
      const seconds = expirySeconds(request.expiresInSeconds);
      const query = new URLSearchParams({
        'X-Amz-Expires': String(seconds),
        'response-content-disposition': contentDisposition(request.fileName),
        'response-content-type': downloadType(request.fileName).contentType,
        'response-cache-control': 'private, no-store',
      });
      return presign(credentials, `${objectUrl(request.key)}?${query}`, 'GET', options.now());
    },

    async put(key, body, contentType) {
      await call(`put ${key}`, objectUrl(key), {
        method: 'PUT',
        body: await collect(body),
        headers: { 'content-type': contentType },
      });
    },

    async head(key) {
      const response = await call(`head ${key}`, objectUrl(key), { method: 'HEAD' }, [404]);
      if (response.status === 404) return null;
      return {
        key,
        size: Number(response.headers.get('content-length')),
        lastModified: new Date(response.headers.get('last-modified') ?? ''),
      };
    },

    async read(key, readOptions) {
      const max = readOptions?.maxBytes;
      const response = await call(
        `read ${key}`,
        objectUrl(key),
        { headers: max === undefined ? {} : { range: `bytes=0-${max - 1}` } },
        [404, 416],
      );
      if (response.status === 404) return null;
      // 416: a range on an empty object.
      if (response.status === 416) return new Uint8Array(0);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return max === undefined ? bytes : bytes.subarray(0, max);
    },

    async delete(key) {
      await call(`delete ${key}`, objectUrl(key), { method: 'DELETE' }, [404]);
    },

    list(prefix) {
      assertPrefix(prefix);
      return list(prefix);
    },
  };
}
