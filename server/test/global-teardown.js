import fs from 'node:fs';
import pg from 'pg';

export default async function globalTeardown() {
  const runId = process.env.TEST_RUN_ID;
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `ma_test_${runId}_%`,
    ]);
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await client.end();
  } else {
    fs.rmSync(`.tmp/jest/pglite-template-${runId}.tar`, { force: true });
  }
}
