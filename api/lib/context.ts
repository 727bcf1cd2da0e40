// What every route can reach: the dependencies given to createApp and the signed-in user.
import type { Me } from '../../contract/auth';
import type { Db } from '../db/client';
import type { LeonSource } from '../leon';
import type { Config } from './config';
import type { Logger } from './log';
import type { Mailer } from './mail';
import type { FileStore } from './storage';
import type { InputObserver } from './validate';

export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The clock, replaceable in tests. */
  now: () => Date;
  /** Leon (the real one or the simulator); absent when not configured. */
  leon?: LeonSource;
  /** Files (statistics PDFs, attachments): a local folder or an S3-compatible bucket. */
  files: FileStore;
  /** Aborted when the server starts to stop (SIGTERM): health answers 503, a running sync stops. */
  shutdown?: AbortSignal;
}

export interface CurrentUser extends Me {
  sessionId: string;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: CurrentUser;
    /** The request's id (api/lib/observe.ts) and a logger that writes it on every line. */
    requestId: string;
    log: Logger;
    /** Told of the schema of every input a route reads: the route fuzz test only (createApp's `onValidate`). */
    onValidate?: InputObserver;
  };
};
