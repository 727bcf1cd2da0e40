// Configuration is validated at start with messages naming the bad variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** A complete production configuration: one instance, files on its disk. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  EDGE_SECRET: 'e'.repeat(32),
  PUBLIC_ORIGIN: 'https://bo.example.fr',
  DATABASE_URL: 'postgres://bo@db.example.fr:5432/bo',
  SINGLE_INSTANCE: 'true',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicOrigin: 'http://localhost:8787',
      seedDemo: true,
      secureCookies: false,
      keepAliveTimeoutMs: 5_000,
      requestTimeoutMs: 60_000,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.edgeSecret).toBeUndefined();
  });

  it('opens the development routes only when NODE_ENV says development or test', () => {
    expect(loadConfig({}).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: '' }).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutes).toBe(true);
    expect(loadConfig({ ...PRODUCTION }).devRoutes).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow(/NODE_ENV/);
  });

  it('sizes the pool, times statements out and bounds the shutdown', () => {
    expect(loadConfig({})).toMatchObject({
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 30_000,
      shutdownDeadlineMs: 10_000,
      singleInstance: false,
    });
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        SHUTDOWN_DEADLINE_MS: '30000',
      }),
    ).toMatchObject({ databasePoolSize: 25, databaseStatementTimeoutMs: 0, shutdownDeadlineMs: 30_000 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ SHUTDOWN_DEADLINE_MS: '0' })).toThrow(/SHUTDOWN_DEADLINE_MS/);
  });

  it('names each bad variable', () => {
    try {
      loadConfig({
        API_PORT: 'abc',
        PUBLIC_ORIGIN: 'pas une url',
        SESSION_SECRET: 'court',
        EDGE_SECRET: 'court',
        KEEP_ALIVE_TIMEOUT_MS: '0',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      expect(text).toMatch(/API_PORT/);
      expect(text).toMatch(/PUBLIC_ORIGIN: must be a URL/);
      expect(text).toMatch(/SESSION_SECRET: must be at least 32 characters/);
      expect(text).toMatch(/EDGE_SECRET: must be at least 32 characters/);
      expect(text).toMatch(/KEEP_ALIVE_TIMEOUT_MS: must be a positive number of milliseconds/);
    }
  });

  it('stops a production start without its secrets, and never seeds production by default', () => {
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: '' })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, EDGE_SECRET: '' })).toThrow(
      /EDGE_SECRET: required in production/,
    );
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ seedDemo: false, secureCookies: true, edgeSecret: 'e'.repeat(32) });
  });

  it('stops a production start on the repository’s development secret, or on the edge’s secret reused', () => {
    const development = problemsOf({
      ...PRODUCTION,
      SESSION_SECRET: 'development-only-session-secret-change-me-0123456789',
    });
    expect(development).toEqual([expect.stringMatching(/^SESSION_SECRET: the development secret/)]);
    expect(development[0]).toMatch(/le secret de développement/);
    const reused = problemsOf({ ...PRODUCTION, SESSION_SECRET: PRODUCTION.EDGE_SECRET });
    expect(reused).toEqual([expect.stringMatching(/^SESSION_SECRET, EDGE_SECRET: must differ/)]);
    expect(reused[0]).toMatch(/doivent être différents/);
    // Development keeps its own secret, and the reuse is a production rule only.
    expect(loadConfig({}).sessionSecret).toBe('development-only-session-secret-change-me-0123456789');
    expect(() => loadConfig({ SESSION_SECRET: 'e'.repeat(32), EDGE_SECRET: 'e'.repeat(32) })).not.toThrow();
  });

  it('stops a production start without PUBLIC_ORIGIN, which development defaults to the Node edge', () => {
    const problems = problemsOf({ ...PRODUCTION, PUBLIC_ORIGIN: '' });
    expect(problems).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN: required in production/)]);
    expect(problems[0]).toMatch(/obligatoire en production/);
    expect(loadConfig({ ...PRODUCTION })).toMatchObject({
      publicOrigin: 'https://bo.example.fr',
      secureCookies: true,
    });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      publicOrigin: 'http://localhost:8787',
      secureCookies: false,
    });
  });

  it('says each configuration problem in English, then in French', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ API_PORT: 'abc' }, /^API_PORT: invalid value "abc" \(valeur invalide\)$/],
      [{ API_PORT: '70000' }, /^API_PORT: must be a port number .*\(doit être un numéro de port/],
      [{ NODE_ENV: 'prod' }, /^NODE_ENV: invalid value "prod" \(valeur invalide\)$/],
      [{ PUBLIC_ORIGIN: 'pas une url' }, /^PUBLIC_ORIGIN: must be a URL \(doit être une URL\)$/],
      [{ SESSION_SECRET: 'court' }, /^SESSION_SECRET: must be at least 32 .*\(doit comporter au moins 32/],
      [{ EDGE_SECRET: 'court' }, /^EDGE_SECRET: must be at least 32 .*\(doit comporter au moins 32/],
      [{ METRICS_TOKEN: 'court' }, /^METRICS_TOKEN: must be at least 32 .*\(doit comporter au moins 32/],
      [{ KEEP_ALIVE_TIMEOUT_MS: '0' }, /\(doit être un nombre positif de millisecondes\)$/],
      [
        { DATABASE_STATEMENT_TIMEOUT_MS: '-5' },
        /\(doit être un nombre de millisecondes \(0 : sans limite\)\)$/,
      ],
      [{ DATABASE_POOL_SIZE: '1' }, /\(doit être un nombre entier de 2 à 1000\)$/],
      [{ LEON_REQUESTS_PER_MINUTE: '-5' }, /\(valeur invalide\)$/],
      [{ SINGLE_INSTANCE: 'peut-être' }, /\(valeur invalide\)$/],
      [{ ACCOUNTING_ACCOUNT_INVOICE: '70A1' }, /\(doit être un numéro de compte de 3 à 13 chiffres\)$/],
      [{ ACCOUNTING_JOURNAL: '=CMD' }, /\(doit faire de 1 à 6 majuscules, chiffres, _ \. -\)$/],
      [{ LATE_CANCELLATION_BILLING: 'half' }, /\(doit valoir flat, full, none\)$/],
      [
        { LEON_URL: 'https://opr.leon.aero' },
        /^LEON_URL and LEON_API_KEY: .*\(renseignez les deux ou aucune\)$/,
      ],
      [{ S3_ENDPOINT: 'ftp://files.example' }, /\(doit être une URL http\(s\)\)$/],
      [{ S3_BUCKET: 'Mon Bucket' }, /\(doit être un nom de bucket S3\)$/],
      [{ S3_BUCKET: 'back-office-files' }, /^S3_ENDPOINT: required when S3_BUCKET set.*\(obligatoire quand/],
      [
        { ...PRODUCTION, SESSION_SECRET: '' },
        /^SESSION_SECRET: required in production.*\(obligatoire en production/,
      ],
      [
        { ...PRODUCTION, EDGE_SECRET: '' },
        /^EDGE_SECRET: required in production.*\(obligatoire en production/,
      ],
    ];
    for (const [env, french] of cases) {
      const problems = problemsOf(env);
      expect(problems.length, JSON.stringify(env)).toBeGreaterThan(0);
      expect(
        problems.some((problem) => french.test(problem)),
        problems.join('\n'),
      ).toBe(true);
    }
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(
      /^Invalid configuration \(configuration invalide\):/,
    );
  });

  it('stops a production start on the embedded database, in English and French', () => {
    const problems = problemsOf({ ...PRODUCTION, DATABASE_URL: '' });
    expect(problems).toEqual([expect.stringMatching(/^DATABASE_URL: required in production/)]);
    expect(problems[0]).toMatch(/obligatoire en production/);
    expect(loadConfig({ ...PRODUCTION }).databaseUrl).toBe('postgres://bo@db.example.fr:5432/bo');
  });

  it('stops a production start whose files would stay on one instance, unless it says it is the only one', () => {
    const problems = problemsOf({ ...PRODUCTION, SINGLE_INSTANCE: '' });
    expect(problems).toEqual([expect.stringMatching(/^S3_ENDPOINT, S3_BUCKET, .*SINGLE_INSTANCE=true/)]);
    expect(problems[0]).toMatch(/obligatoires en production/);
    expect(loadConfig({ ...PRODUCTION, SINGLE_INSTANCE: 'true' })).toMatchObject({ singleInstance: true });
    const shared = loadConfig({
      ...PRODUCTION,
      SINGLE_INSTANCE: '',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_BUCKET: 'back-office-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(shared.s3?.bucket).toBe('back-office-files');
    // Development keeps files on disk without being asked.
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('wants the Leon URL and key together', () => {
    expect(() => loadConfig({ LEON_URL: 'https://opr.leon.aero' })).toThrow(/LEON_URL and LEON_API_KEY/);
    expect(
      loadConfig({ LEON_URL: 'https://opr.leon.aero', LEON_API_KEY: 'k', LEON_POLL_MINUTES: '0' }),
    ).toMatchObject({ leonPollMinutes: 0 });
  });

  it('paces Leon at 100 requests a minute unless told, 0 not at all, and refuses a negative pace', () => {
    expect(loadConfig({}).leonRequestsPerMinute).toBe(100);
    expect(loadConfig({ LEON_REQUESTS_PER_MINUTE: '60' }).leonRequestsPerMinute).toBe(60);
    expect(loadConfig({ LEON_REQUESTS_PER_MINUTE: '0' }).leonRequestsPerMinute).toBe(0);
    expect(() => loadConfig({ LEON_REQUESTS_PER_MINUTE: '-5' })).toThrow(/LEON_REQUESTS_PER_MINUTE/);
  });

  it('limits manual syncs to 5 per user in 10 minutes unless told (0: no limit)', () => {
    expect(loadConfig({}).leonManualSyncs).toBe(5);
    expect(loadConfig({ LEON_MANUAL_SYNCS: '0' }).leonManualSyncs).toBe(0);
    expect(() => loadConfig({ LEON_MANUAL_SYNCS: '-1' })).toThrow(/LEON_MANUAL_SYNCS/);
  });
});

describe('S3 file storage', () => {
  const S3 = {
    S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
    S3_BUCKET: 'back-office-files',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on disk unless the four S3 variables are set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(S3).s3).toEqual({
      endpoint: 'https://account.r2.cloudflarestorage.com',
      bucket: 'back-office-files',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      region: 'auto',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...S3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).s3).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: true,
    });
  });

  it('stops the start when only some are set, naming the missing ones', () => {
    try {
      loadConfig({ S3_ENDPOINT: S3.S3_ENDPOINT, S3_BUCKET: S3.S3_BUCKET });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3_ACCESS_KEY_ID: required when S3_ENDPOINT, S3_BUCKET set: set all four S3_* variables or none ' +
          '(obligatoire quand S3_ENDPOINT, S3_BUCKET est renseigné : les quatre variables S3_* ou aucune)',
        'S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT, S3_BUCKET set: set all four S3_* variables or none ' +
          '(obligatoire quand S3_ENDPOINT, S3_BUCKET est renseigné : les quatre variables S3_* ou aucune)',
      ]);
    }
    expect(() => loadConfig({ ...S3, S3_BUCKET: '' })).toThrow(/S3_BUCKET: required when S3_ENDPOINT/);
  });

  it('refuses an endpoint or a bucket name S3 would not take', () => {
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'ftp://files.example' })).toThrow(
      /S3_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...S3, S3_BUCKET: 'Mon Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'peut-être' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('accounting constants', () => {
  it('have defaults and take the operator’s values', () => {
    expect(loadConfig({}).accounting).toEqual({
      society: 'AMB',
      journal: 'VTE',
      accounts: { INVOICE: '706100', RECHARGE_INVOICE: '708500', CREDIT_NOTE: '709000' },
      customerAccount: '411000',
      section2: 'SANITAIRE',
      section3: 'ORGANES',
      section5: 'FR',
      taxCode: 'TVA20',
    });
    expect(
      loadConfig({ ACCOUNTING_SOCIETY: 'AIRMED', ACCOUNTING_ACCOUNT_CREDIT_NOTE: '70910000' }).accounting,
    ).toMatchObject({ society: 'AIRMED', accounts: { CREDIT_NOTE: '70910000' } });
  });

  it('stop the start on a value that is not an account or a code', () => {
    expect(() => loadConfig({ ACCOUNTING_ACCOUNT_INVOICE: '70A1' })).toThrow(
      /ACCOUNTING_ACCOUNT_INVOICE: must be an account number/,
    );
    expect(() => loadConfig({ ACCOUNTING_JOURNAL: '=CMD' })).toThrow(
      /ACCOUNTING_JOURNAL: must be 1–6 capitals/,
    );
    expect(() => loadConfig({ ACCOUNTING_SECTION_2: 'a;b' })).toThrow(/ACCOUNTING_SECTION_2/);
  });
});

describe('late cancellation billing', () => {
  it("charges a mission cancelled less than 45 minutes before departure 'flat' unless told otherwise", () => {
    expect(loadConfig({}).costRules).toEqual({ lateCancellation: 'flat' });
    for (const rule of ['flat', 'full', 'none'])
      expect(loadConfig({ LATE_CANCELLATION_BILLING: rule }).costRules.lateCancellation).toBe(rule);
    expect(() => loadConfig({ LATE_CANCELLATION_BILLING: 'half' })).toThrow(
      'LATE_CANCELLATION_BILLING: must be one of flat, full, none',
    );
  });
});
