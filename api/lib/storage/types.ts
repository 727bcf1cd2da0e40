// What a file store offers, whichever driver keeps the bytes (local folder or S3-compatible bucket).
import type { Hono } from 'hono';
import type { UploadType } from '../../../contract/files';

export interface FileInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface UploadRequest {
  /** Where the file goes, e.g. `statistics/<uuid>.pdf` (see keys.ts for what a key may hold). */
  key: string;
  /** The type the browser declares; its magic bytes are checked (UPLOAD_TYPES in contract/files.ts). */
  contentType: UploadType;
  /** The largest size accepted, in bytes. */
  maxBytes: number;
  /**
   * The exact size the browser announced, when known: any other length is refused (S3 signs it as
   * Content-Length). The browser sets Content-Length itself from the body.
   */
  size?: number;
  /** How long the URL may be used; 5 minutes by default. */
  expiresInSeconds?: number;
}

export interface SignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the browser must send with the body, exactly as given. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface DownloadRequest {
  key: string;
  /** The name the browser shows and saves under; PDFs open inline (in a new tab), others download. */
  fileName: string;
  /** 5 minutes by default. */
  expiresInSeconds?: number;
}

export type VerifyResult =
  | { ok: true; size: number }
  | { ok: false; status: 400 | 404 | 413 | 415; message: string };

export interface SweepRequest {
  /** Only files whose key starts with this are considered, e.g. `statistics/`. */
  prefix: string;
  /**
   * Files younger than this are kept whatever happens: an upload whose record is not written yet must
   * survive. At least the upload URLs' lifetime plus the time to record; a day is a good default.
   */
  olderThanMs: number;
  /** Of the keys given (at most 500 at a time), the ones some record still points to. */
  referenced: (keys: readonly string[]) => Promise<Iterable<string>>;
}

export interface SweepResult {
  scanned: number;
  deleted: string[];
}

/** What each driver implements. */
export interface FileDriver {
  readonly kind: 'local' | 's3';
  /** A URL the browser PUTs the file to, valid once, for this key, type and size only. */
  signUpload(request: UploadRequest): Promise<SignedUpload>;
  /** A URL the browser GETs the file from, with the file name in Content-Disposition. */
  signDownload(request: DownloadRequest): Promise<string>;
  /** Server-side write (e.g. copying Leon attachments); replaces what the key held. */
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, contentType: string): Promise<void>;
  head(key: string): Promise<FileInfo | null>;
  /** The file's bytes (only the first `maxBytes` when given); null when it does not exist. */
  read(key: string, options?: { maxBytes?: number }): Promise<Uint8Array | null>;
  /** Deletes the file; nothing happens when it does not exist. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<FileInfo>;
  /** The routes that serve signed URLs, for drivers the API serves itself (local). */
  readonly routes?: Hono;
  /** Driver housekeeping run with each sweep (local: temporary files left by a killed process). */
  sweepTemporary?(olderThanMs: number): Promise<void>;
}

/** The store features use (`deps.files`): a driver plus the checks that work the same on every driver. */
export interface FileStore extends FileDriver {
  /**
   * Checks an uploaded file before a record points to it: it exists, is at most `maxBytes` (and exactly
   * `size` when given) and starts with the magic bytes of `contentType`. A file that fails is deleted.
   * The local driver already refused such uploads; S3 cannot, so features always call this.
   */
  verifyUpload(
    key: string,
    expected: { contentType: UploadType; maxBytes: number; size?: number },
  ): Promise<VerifyResult>;
  /** Deletes files under a prefix, older than a limit, that no record references. */
  sweepOrphans(request: SweepRequest): Promise<SweepResult>;
}
