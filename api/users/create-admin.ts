// `npm run create-admin -- --email … --first-name … --last-name … --phone …`: the first administrator of
// a database that has none (docs/deploy.md, "The first deployment"). Uses DATABASE_URL (or the embedded
// PGlite in DATA_DIR) like the API, applies pending migrations first, prints the temporary password once.
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { ConfigError, loadConfig } from '../lib/config';
import { createFirstAdmin } from './first-admin';

const USAGE =
  'Usage : npm run create-admin -- --email <e-mail> --first-name <prénom> --last-name <nom> --phone <téléphone>';

async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        phone: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const result = await createFirstAdmin(database.db, {
      email: values.email ?? '',
      firstName: values['first-name'] ?? '',
      lastName: values['last-name'] ?? '',
      phone: values.phone ?? '',
    });
    if (!result.ok) {
      console.error(`${result.message}\n${USAGE}`);
      return 1;
    }
    console.info(`Administrateur créé : ${result.user.email}`);
    console.info(`Mot de passe temporaire : ${result.temporaryPassword}`);
    console.info('À changer à la première connexion. Ce mot de passe ne sera plus affiché.');
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
