// A throw-away database for tests and benchmarks: an in-memory PGlite, or a new PostgreSQL database on
// the given server, migrated, whose `close` also drops it. Migrating takes far longer than copying a
// migrated database, so each is a copy: of a PGlite image migrated once for a set of migrations and kept
// in the system's temporary folder for every later process (each test file is a process of its own), or
// of a PostgreSQL template database migrated once per server and set of migrations (named by their hash,
// built under a lock so that parallel test processes build it once).
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { type Database, MIGRATIONS_FOLDER, openDatabase, pgliteImage } from './client';

/** Runs one statement (CREATE/DROP DATABASE) on the server's maintenance connection. */
export async function onDatabaseServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The migrations of `folder`, hashed: a template is reused only for the very same migrations. */
function migrationsHash(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 16);
}

let image: Promise<Blob> | undefined;

/** The installed PGlite's version (its package.json, found above its entry: the package exports no path to it). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What `pgliteImage` puts in an image besides the migrations: PGlite's extensions pg_trgm and btree_gist. */
const IMAGE_FORMAT = 'trgm-gist';

/** Where the migrated PGlite images are kept, one file per PGlite version and set of migrations. */
const IMAGES_FOLDER = join(tmpdir(), 'organ-air-pglite-images');

/**
 * The migrated PGlite image, from its file when an earlier process made it (5–6 s of migrating saved in
 * each test file), else made here and written for the next ones. The file is named by PGlite's version
 * and the migrations' hash: another version or another migration makes another file, and the older ones
 * are removed. Written under a temporary name and renamed, so a reader never sees half a file; two
 * processes making it at once both write the same image. A change to how `pgliteImage` makes it (its
 * extensions) that keeps the same migrations must change IMAGE_FORMAT.
 */
export async function cachedPgliteImage(folder = IMAGES_FOLDER): Promise<Blob> {
  const name = `pglite-${pgliteVersion()}-${IMAGE_FORMAT}-${migrationsHash(MIGRATIONS_FOLDER)}.tar`;
  const file = join(folder, name);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not made yet
  }
  const made = await pgliteImage();
  try {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    writeFileSync(partial, new Uint8Array(await made.arrayBuffer()));
    renameSync(partial, file);
    // The images of other migration sets (another checkout, another branch) are kept a day, then go.
    const dayAgo = Date.now() - 86_400_000;
    for (const other of readdirSync(folder))
      if (other !== name && !other.endsWith('.partial') && statSync(join(folder, other)).mtimeMs < dayAgo)
        rmSync(join(folder, other), { force: true });
  } catch {
    // A folder we may not write to: this process keeps its image in memory, as before.
  }
  return made;
}

/** `serverUrl` (a PostgreSQL server's URL) naming the database `name` instead of its own. */
export const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const templates = new Map<string, Promise<string>>();
/** Serialises the template's creation among processes (any key of ours, on the maintenance database). */
const TEMPLATE_LOCK_KEY = 7_261_100;

/** The migrated template database of `serverUrl` for the current migrations, built if missing. */
function postgresTemplate(serverUrl: string): Promise<string> {
  const hash = migrationsHash(MIGRATIONS_FOLDER);
  const name = `scratch_template_${hash}`;
  const key = `${serverUrl} ${name}`;
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          // Built under another name and renamed when complete: a crash leaves no half-built template.
          const building = `scratch_building_${randomBytes(6).toString('hex')}`;
          await admin.query(`CREATE DATABASE ${building}`);
          const database = await openDatabase({
            databaseUrl: withDatabase(serverUrl, building),
            poolSize: 1,
          });
          await database.close();
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
          // Templates of earlier migrations are of no further use.
          const stale = await admin.query<{ datname: string }>(
            "select datname from pg_database where datname like 'scratch\\_template\\_%' and datname <> $1",
            [name],
          );
          for (const { datname } of stale.rows)
            await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        }
        return name;
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
        await admin.end();
      }
    })();
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

export async function scratchDatabase(
  options: ({ kind: 'pglite' } | { kind: 'postgres'; serverUrl: string; poolSize?: number }) & {
    migrationsFolder?: string;
  },
): Promise<Database> {
  const { migrationsFolder } = options;
  if (options.kind === 'pglite') {
    // Another set of migrations (a migration's own test) starts from an empty database.
    if (migrationsFolder) return openDatabase({ memory: true, migrationsFolder });
    image ??= cachedPgliteImage();
    return openDatabase({ memory: true, image: await image });
  }
  const { serverUrl, poolSize } = options;
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  const template = migrationsFolder ? null : await postgresTemplate(serverUrl);
  await onDatabaseServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  try {
    const database = await openDatabase({
      databaseUrl: withDatabase(serverUrl, name),
      poolSize,
      migrationsFolder,
    });
    return {
      ...database,
      async close() {
        await database.close();
        await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (error) {
    await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}
