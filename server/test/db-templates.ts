import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrate } from '../src/db/migrate';
import { wrapPglite } from '../src/db/pglite-db';
import { seedDemo } from '../src/demo/seed-demo';
import { templateFile } from './db-template-names';

/*
 * The embedded databases the server's tests start from, dumped once per jest run by the
 * server-pglite project's global set-up: a new PGlite cluster runs initdb, seconds of CPU that
 * every test file paid again, and most files then ran the same migrations and demo seed.
 * Loading a dump skips all three (docs/decisions/test-database-templates.md).
 */

/**
 * initdb's template0 and template1 copy the catalog a third and a second time (about 15 of the
 * dump's 42 MB); the tests never create a database, so the templates go without them and each
 * load reads a third less.
 */
async function dropTemplateDatabases(pg: PGlite): Promise<void> {
  await pg.query(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await pg.query('drop database template0');
  await pg.query('drop database template1');
  await pg.query('checkpoint');
}

async function dump(pg: PGlite, file: string): Promise<void> {
  const tarball = await pg.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}

/** Writes every template into `dir`; the seeded ones with the demo accounts' password `password`. */
export async function writeDbTemplates(dir: string, password: string): Promise<void> {
  const pg = await PGlite.create(undefined, { extensions: { pg_trgm } });
  await dropTemplateDatabases(pg);
  await dump(pg, templateFile(dir, 'empty'));
  const db = wrapPglite(pg);
  await migrate(db);
  await dump(pg, templateFile(dir, 'migrated'));
  const migrated = await pg.dumpDataDir('none');
  await seedDemo(db, { password, transactions: 60 });
  await dump(pg, templateFile(dir, 'seeded-60'));
  await db.close();

  const bare = await PGlite.create(undefined, { extensions: { pg_trgm }, loadDataDir: migrated });
  const bareDb = wrapPglite(bare);
  await seedDemo(bareDb, { password, transactions: 0 });
  await dump(bare, templateFile(dir, 'seeded-0'));
  await bareDb.close();
}

// `node --import tsx server/test/db-templates.ts DIR` (the global set-up runs it so).
if (process.argv[1]?.endsWith('db-templates.ts')) {
  const [dir] = process.argv.slice(2);
  const password = process.env.PAYDESK_TEST_PASSWORD;
  if (!dir || !password) throw new Error('usage: PAYDESK_TEST_PASSWORD=... db-templates.ts DIR');
  writeDbTemplates(dir, password).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
