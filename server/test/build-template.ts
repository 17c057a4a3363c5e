/**
 * Run by global-setup.js (through tsx, in its own process) once per jest run: migrates and seeds
 * the template that every test database is cloned from.
 */
import fs from 'node:fs/promises';
import { openDatabase } from '../src/db/client.js';
import { seed } from '../src/seed/seed.js';
import { TEST_ADMIN } from './helpers/constants.js';
import {
  adminQuery,
  TEMPLATE_DIR,
  templateDbName,
  templateFile,
  withDatabase,
} from './helpers/test-database.js';

if (process.env.DATABASE_URL) {
  await adminQuery(`DROP DATABASE IF EXISTS ${templateDbName()}`);
  await adminQuery(`CREATE DATABASE ${templateDbName()}`);
  const database = await openDatabase({
    databaseUrl: withDatabase(process.env.DATABASE_URL, templateDbName()),
  });
  await seed(database.db, TEST_ADMIN);
  await database.close();
} else {
  const database = await openDatabase({ memory: true });
  await seed(database.db, TEST_ADMIN);
  const blob = await database.dump!();
  await database.close();
  await fs.mkdir(TEMPLATE_DIR, { recursive: true });
  await fs.writeFile(templateFile(), Buffer.from(await blob.arrayBuffer()));
}
