// The API's configuration, read from environment variables and validated at start: a bad or missing
// value stops the start with a message naming the variable, in English and then in French.
import {
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  min,
  number,
  object,
  optional,
  refine,
  string,
  validate,
} from 'superstruct';
import { ROLES, type Role } from '../../contract/roles';
import {
  DEFAULT_LATE_CANCELLATION_BILLING,
  LATE_CANCELLATION_BILLINGS,
  type LateCancellationBilling,
} from '../../contract/statistics';
import { isOneOf } from '../../contract/validation';
import { LOG_LEVELS } from './log';
import type { S3Options } from './storage/s3';

/** A configuration message in English, then in French: whoever reads the logs gets one they read. */
const both = (english: string, french: string) => `${english} (${french})`;
const SECRET_LENGTH = both('must be at least 32 characters', 'doit comporter au moins 32 caractères');
const secret = refine(string(), 'secret', (s) => s.length >= 32 || SECRET_LENGTH);

const toInt = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
const toBool = (s: string) =>
  ['true', '1', 'yes'].includes(s.toLowerCase())
    ? true
    : ['false', '0', 'no'].includes(s.toLowerCase())
      ? false
      : s;
const port = coerce(
  refine(
    integer(),
    'port',
    (n) =>
      (n > 0 && n < 65536) ||
      both('must be a port number (1–65535)', 'doit être un numéro de port, de 1 à 65535'),
  ),
  string(),
  toInt,
);
const url = refine(string(), 'url', (s) => {
  try {
    new URL(s);
    return true;
  } catch {
    return both('must be a URL', 'doit être une URL');
  }
});

const positiveMs = coerce(
  refine(
    integer(),
    'milliseconds',
    (n) =>
      n > 0 ||
      both('must be a positive number of milliseconds', 'doit être un nombre positif de millisecondes'),
  ),
  string(),
  toInt,
);
const nonNegativeMs = coerce(
  refine(
    integer(),
    'milliseconds',
    (n) =>
      n >= 0 ||
      both(
        'must be a number of milliseconds (0: no limit)',
        'doit être un nombre de millisecondes (0 : sans limite)',
      ),
  ),
  string(),
  toInt,
);
const poolSize = coerce(
  refine(
    integer(),
    'pool size',
    (n) =>
      (n >= 2 && n <= 1000) ||
      both('must be a whole number from 2 to 1000', 'doit être un nombre entier de 2 à 1000'),
  ),
  string(),
  toInt,
);

// Accounting constants of the invoice export (decision 018): account numbers are digits, codes are
// short capitals and digits, so that no value can start a spreadsheet formula or break a CSV line.
const account = refine(
  string(),
  'account',
  (s) =>
    /^\d{3,13}$/.test(s) ||
    both('must be an account number (3–13 digits)', 'doit être un numéro de compte de 3 à 13 chiffres'),
);
const code = (max: number) =>
  refine(
    string(),
    'code',
    (s) =>
      new RegExp(`^[A-Z0-9][A-Z0-9_.-]{0,${max - 1}}$`).test(s) ||
      both(
        `must be 1–${max} capitals, digits, _ . -`,
        `doit faire de 1 à ${max} majuscules, chiffres, _ . -`,
      ),
  );

/** The roles that must have a second factor in production when MFA_REQUIRED_ROLES is unset (decision 070). */
export const DEFAULT_MFA_REQUIRED_ROLES: readonly Role[] = ['ADMIN', 'ACCOUNTING'];
/** MFA_REQUIRED_ROLES: roles separated by commas, or `none`. */
const mfaRoles = refine(
  string(),
  'roles',
  (s) =>
    s.trim().toLowerCase() === 'none' ||
    s.split(',').every((role) => isOneOf(ROLES, role.trim())) ||
    both(
      `must be roles separated by commas (${ROLES.join(', ')}) or none`,
      `doit être une liste de rôles séparés par des virgules (${ROLES.join(', ')}) ou none`,
    ),
);
const rolesOf = (s: string): Role[] =>
  s.trim().toLowerCase() === 'none' ? [] : [...new Set(s.split(',').map((role) => role.trim() as Role))];

const DEV_SECRET = 'development-only-session-secret-change-me-0123456789';
/** The Node edge's address under `npm start`, when PUBLIC_ORIGIN is not set (never in production). */
const DEV_PUBLIC_ORIGIN = 'http://localhost:8787';

const Env = object({
  // Unset reads as development for the defaults, but never opens the development routes (below).
  NODE_ENV: optional(enums(['development', 'production', 'test'])),
  API_PORT: defaulted(port, 3000),
  API_HOST: defaulted(string(), '127.0.0.1'),
  DATABASE_URL: optional(url),
  DATABASE_POOL_SIZE: defaulted(poolSize, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: defaulted(nonNegativeMs, 30_000),
  SINGLE_INSTANCE: defaulted(coerce(boolean(), string(), toBool), false),
  SHUTDOWN_DEADLINE_MS: defaulted(positiveMs, 10_000),
  DATA_DIR: defaulted(string(), './data'),
  // Optional here so that production can require it (below); development defaults to the Node edge's.
  PUBLIC_ORIGIN: optional(url),
  SESSION_SECRET: optional(secret),
  SMTP_URL: optional(url),
  MAIL_FROM: defaulted(string(), 'Back-office <no-reply@localhost>'),
  SEED_DEMO: optional(coerce(boolean(), string(), toBool)),
  LEON_URL: optional(url),
  LEON_API_KEY: optional(string()),
  LEON_POLL_MINUTES: defaulted(coerce(min(number(), 0), string(), toInt), 10),
  LEON_REQUESTS_PER_MINUTE: defaulted(coerce(min(number(), 0), string(), toInt), 100),
  LEON_MANUAL_SYNCS: defaulted(coerce(min(number(), 0), string(), toInt), 5),
  MFA_REQUIRED_ROLES: optional(mfaRoles),
  LIVE_STREAMS_PER_USER: defaulted(coerce(min(number(), 1), string(), toInt), 4),
  LIVE_MAX_STREAMS: defaulted(coerce(min(number(), 1), string(), toInt), 2000),
  EDGE_SECRET: optional(secret),
  KEEP_ALIVE_TIMEOUT_MS: defaulted(positiveMs, 5_000),
  // Read by api/lib/log.ts at start; checked here so that a typo stops the start.
  LOG_LEVEL: optional(enums(LOG_LEVELS)),
  METRICS_TOKEN: optional(secret),
  REQUEST_TIMEOUT_MS: defaulted(positiveMs, 60_000),
  // File storage: an S3-compatible bucket when the four first are set, else files under DATA_DIR.
  S3_ENDPOINT: optional(
    refine(
      url,
      'http',
      (s) => /^https?:/.test(s) || both('must be an http(s) URL', 'doit être une URL http(s)'),
    ),
  ),
  S3_BUCKET: optional(
    refine(
      string(),
      'bucket',
      (s) =>
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s) ||
        both('must be a bucket name', 'doit être un nom de bucket S3'),
    ),
  ),
  S3_ACCESS_KEY_ID: optional(string()),
  S3_SECRET_ACCESS_KEY: optional(string()),
  S3_REGION: defaulted(string(), 'auto'),
  S3_FORCE_PATH_STYLE: defaulted(coerce(boolean(), string(), toBool), false),
  ACCOUNTING_SOCIETY: defaulted(code(10), 'AMB'),
  ACCOUNTING_JOURNAL: defaulted(code(6), 'VTE'),
  ACCOUNTING_ACCOUNT_INVOICE: defaulted(account, '706100'),
  ACCOUNTING_ACCOUNT_RECHARGE_INVOICE: defaulted(account, '708500'),
  ACCOUNTING_ACCOUNT_CREDIT_NOTE: defaulted(account, '709000'),
  ACCOUNTING_CUSTOMER_ACCOUNT: defaulted(account, '411000'),
  ACCOUNTING_SECTION_2: defaulted(code(20), 'SANITAIRE'),
  ACCOUNTING_SECTION_3: defaulted(code(20), 'ORGANES'),
  ACCOUNTING_SECTION_5: defaulted(code(20), 'FR'),
  ACCOUNTING_TAX_CODE: defaulted(code(10), 'TVA20'),
  // What a mission cancelled less than 45 minutes before departure is charged (decision 029).
  LATE_CANCELLATION_BILLING: defaulted(
    refine(
      string(),
      'lateCancellationBilling',
      (s) =>
        isOneOf(LATE_CANCELLATION_BILLINGS, s) ||
        both(
          `must be one of ${LATE_CANCELLATION_BILLINGS.join(', ')}`,
          `doit valoir ${LATE_CANCELLATION_BILLINGS.join(', ')}`,
        ),
    ),
    DEFAULT_LATE_CANCELLATION_BILLING,
  ),
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool, per instance. */
  databasePoolSize: number;
  /** PostgreSQL cancels a statement running longer than this (0: never). */
  databaseStatementTimeoutMs: number;
  /**
   * `GET /dev/outbox` (reset codes and welcome passwords without SMTP): only when NODE_ENV is explicitly
   * `development` or `test`, never when it is unset or `production`.
   */
  devRoutes: boolean;
  /** The operator runs one instance only: files may stay on its disk (no S3 needed in production). */
  singleInstance: boolean;
  /** After SIGTERM, in-flight requests get this long before their connections are closed. */
  shutdownDeadlineMs: number;
  dataDir: string;
  publicOrigin: string;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  leonUrl?: string;
  leonApiKey?: string;
  leonPollMinutes: number;
  /** The pace of the requests to Leon, 30 times as many an hour (api/leon/budget.ts); 0: not paced. */
  leonRequestsPerMinute: number;
  /** Manual syncs (the two buttons, 'Réessayer') one user may start in 10 minutes (decision 061); 0: no limit. */
  leonManualSyncs: number;
  /** The change feed's caps (docs/decisions/059): streams per user on an instance, streams per instance. */
  live: { perUser: number; perInstance: number };
  /**
   * Roles whose users must have a second factor (decision 070): led through enrolment after the password.
   * MFA_REQUIRED_ROLES, else ADMIN and ACCOUNTING in production and none elsewhere (the demo's accounts sign
   * in with the password alone).
   */
  mfaRequiredRoles: readonly Role[];
  /** The S3-compatible bucket for files; absent → the local folder `${dataDir}/files`. */
  s3?: Omit<S3Options, 'now'>;
  /** Cookies get `Secure` unless the public origin is plain http on localhost. */
  secureCookies: boolean;
  /** Constants of the accounting rows built from Leon's invoices (decision 018). */
  accounting: AccountingConfig;
  /**
   * Shared with the edge: only a request carrying it may tell the client's address (X-Forwarded-For); in
   * production, a request without it is refused (health excepted).
   */
  edgeSecret?: string;
  /** The bearer token of GET /metrics; absent → the route answers 404. */
  metricsToken?: string;
  /** An idle connection (before or between requests) is closed after this. */
  keepAliveTimeoutMs: number;
  /** A request (headers and body) must have arrived within this. */
  requestTimeoutMs: number;
  /** The operator's rules the cost engine applies (decision 029). */
  costRules: { lateCancellation: LateCancellationBilling };
}

export interface AccountingConfig {
  society: string;
  journal: string;
  /** The general account of each invoice type (the row's own line). */
  accounts: { INVOICE: string; RECHARGE_INVOICE: string; CREDIT_NOTE: string };
  /** The customers' collective account (the counterpart line of each exported row). */
  customerAccount: string;
  section2: string;
  section3: string;
  section5: string;
  taxCode: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (configuration invalide):\n  ${problems.join('\n  ')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO=` in a .env file falls back to the default.
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const [error, value] = validate(input, Env, { coerce: true, mask: true });
  if (error) {
    throw new ConfigError(
      error
        .failures()
        .map(
          (f) =>
            `${f.path.join('.')}: ${
              f.message.startsWith('Expected')
                ? both(
                    `invalid value ${JSON.stringify(input[String(f.path[0])] ?? f.value)}`,
                    'valeur invalide',
                  )
                : f.message
            }`,
        ),
    );
  }
  const problems: string[] = [];
  const production = value.NODE_ENV === 'production';
  // Production fails closed: its own secrets and origin, no embedded database, no files kept on one
  // instance's disk unless the operator says there is only one.
  if (production && !value.SESSION_SECRET)
    problems.push(
      `SESSION_SECRET: ${both('required in production, at least 32 characters', 'obligatoire en production, au moins 32 caractères')}`,
    );
  // The development secret is in the repository: anyone could sign access tokens with it.
  if (production && value.SESSION_SECRET === DEV_SECRET)
    problems.push(
      `SESSION_SECRET: ${both(
        'the development secret written in the repository; set a secret of this deployment’s own',
        'le secret de développement écrit dans le dépôt ; choisissez un secret propre à ce déploiement',
      )}`,
    );
  if (production && !value.EDGE_SECRET)
    problems.push(
      `EDGE_SECRET: ${both(
        'required in production, at least 32 characters, the same as the edge’s',
        'obligatoire en production, au moins 32 caractères, le même que celui de l’edge',
      )}`,
    );
  // The edge's secret is also stored with the edge (a Worker secret): it must not sign sessions too.
  if (production && value.SESSION_SECRET && value.SESSION_SECRET === value.EDGE_SECRET)
    problems.push(
      `SESSION_SECRET, EDGE_SECRET: ${both(
        'must differ: the edge’s secret must not also sign the sessions',
        'doivent être différents : le secret de l’edge ne doit pas signer aussi les sessions',
      )}`,
    );
  // Without it, cookies would lose `Secure` and the CSRF check would refuse every write from the real site.
  if (production && !value.PUBLIC_ORIGIN)
    problems.push(
      `PUBLIC_ORIGIN: ${both(
        'required in production: the address users open, e.g. https://bo.example.fr',
        'obligatoire en production : l’adresse qu’ouvrent les utilisateurs, par exemple https://bo.example.fr',
      )}`,
    );
  if (production && !value.DATABASE_URL)
    problems.push(
      'DATABASE_URL: required in production; the embedded PGlite is for development and demos only ' +
        '(obligatoire en production : la base PGlite intégrée ne sert qu’au développement et aux démonstrations)',
    );
  if (production && !S3_REQUIRED.some((name) => value[name]) && !value.SINGLE_INSTANCE)
    problems.push(
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required in production so that every ' +
        'instance shares the files; or SINGLE_INSTANCE=true to keep them on this machine’s disk with one instance only ' +
        '(obligatoires en production pour que toutes les instances partagent les fichiers ; ou SINGLE_INSTANCE=true ' +
        'pour les garder sur le disque de cette machine, avec une seule instance)',
    );
  if (Boolean(value.LEON_URL) !== Boolean(value.LEON_API_KEY))
    problems.push(
      `LEON_URL and LEON_API_KEY: ${both('set both or neither', 'renseignez les deux ou aucune')}`,
    );
  const s3Set = S3_REQUIRED.filter((name) => value[name]);
  if (s3Set.length > 0)
    for (const name of S3_REQUIRED.filter((name) => !value[name]))
      problems.push(
        `${name}: ${both(
          `required when ${s3Set.join(', ')} set: set all four S3_* variables or none`,
          `obligatoire quand ${s3Set.join(', ')} est renseigné : les quatre variables S3_* ou aucune`,
        )}`,
      );
  if (problems.length) throw new ConfigError(problems);
  const origin = new URL(value.PUBLIC_ORIGIN ?? DEV_PUBLIC_ORIGIN);
  const localHttp =
    origin.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(origin.hostname);
  return {
    env: value.NODE_ENV ?? 'development',
    port: value.API_PORT,
    host: value.API_HOST,
    databaseUrl: value.DATABASE_URL,
    databasePoolSize: value.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
    devRoutes: value.NODE_ENV === 'development' || value.NODE_ENV === 'test',
    singleInstance: value.SINGLE_INSTANCE,
    shutdownDeadlineMs: value.SHUTDOWN_DEADLINE_MS,
    dataDir: value.DATA_DIR,
    publicOrigin: origin.origin,
    sessionSecret: value.SESSION_SECRET ?? DEV_SECRET,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    seedDemo: value.SEED_DEMO ?? !production,
    leonUrl: value.LEON_URL,
    leonApiKey: value.LEON_API_KEY,
    leonPollMinutes: value.LEON_POLL_MINUTES,
    leonRequestsPerMinute: value.LEON_REQUESTS_PER_MINUTE,
    leonManualSyncs: value.LEON_MANUAL_SYNCS,
    live: { perUser: value.LIVE_STREAMS_PER_USER, perInstance: value.LIVE_MAX_STREAMS },
    mfaRequiredRoles:
      value.MFA_REQUIRED_ROLES !== undefined
        ? rolesOf(value.MFA_REQUIRED_ROLES)
        : production
          ? DEFAULT_MFA_REQUIRED_ROLES
          : [],
    s3:
      value.S3_ENDPOINT && value.S3_BUCKET && value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: value.S3_ENDPOINT,
            bucket: value.S3_BUCKET,
            accessKeyId: value.S3_ACCESS_KEY_ID,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY,
            region: value.S3_REGION,
            forcePathStyle: value.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    secureCookies: !localHttp,
    edgeSecret: value.EDGE_SECRET,
    accounting: {
      society: value.ACCOUNTING_SOCIETY,
      journal: value.ACCOUNTING_JOURNAL,
      accounts: {
        INVOICE: value.ACCOUNTING_ACCOUNT_INVOICE,
        RECHARGE_INVOICE: value.ACCOUNTING_ACCOUNT_RECHARGE_INVOICE,
        CREDIT_NOTE: value.ACCOUNTING_ACCOUNT_CREDIT_NOTE,
      },
      customerAccount: value.ACCOUNTING_CUSTOMER_ACCOUNT,
      section2: value.ACCOUNTING_SECTION_2,
      section3: value.ACCOUNTING_SECTION_3,
      section5: value.ACCOUNTING_SECTION_5,
      taxCode: value.ACCOUNTING_TAX_CODE,
    },
    metricsToken: value.METRICS_TOKEN,
    keepAliveTimeoutMs: value.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeoutMs: value.REQUEST_TIMEOUT_MS,
    costRules: { lateCancellation: value.LATE_CANCELLATION_BILLING as LateCancellationBilling },
  };
}

export const usesDevSecret = (config: Config) => config.sessionSecret === DEV_SECRET;
