/**
 * Query plans of what a call really sends: the statements a request makes (caught on the
 * database's client, as Drizzle sends them) and each one's `EXPLAIN` with sequential scans (and
 * other plan kinds) priced out, on either engine. The test data are few, so a sequential scan
 * would otherwise win; with it disabled, a plan that still scans a table has no index to use.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { TestApp } from './test-app.js';

type Client = {
  query(text: string, values?: unknown[], options?: unknown): Promise<{ rows: unknown[] }>;
};
export type Statement = { text: string; values?: unknown[] };

const clientOf = (t: TestApp) => (t.database.db as unknown as { $client: Client }).$client;

/** `EXPLAIN` of a statement with `settings` off for it alone. */
export async function explain(
  t: TestApp,
  { text, values }: Statement,
  settings = ['enable_seqscan'],
): Promise<string> {
  const plan = async (c: Client) => {
    for (const setting of settings) await c.query(`SET LOCAL ${setting} = off`);
    const { rows: lines } = await c.query(`EXPLAIN ${text}`, values);
    return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
  };
  if (t.database.kind === 'pglite') {
    return (clientOf(t) as unknown as PGlite).transaction((tx) => plan(tx as unknown as Client));
  }
  const connection = await (clientOf(t) as unknown as pg.Pool).connect();
  try {
    await connection.query('BEGIN');
    return await plan(connection as unknown as Client);
  } finally {
    await connection.query('ROLLBACK');
    connection.release();
  }
}

/** The statements `run` sends to the database, in order, with what `run` returns. */
export async function statementsOf<T>(
  t: TestApp,
  run: () => Promise<T>,
): Promise<{ result: T; sent: Statement[] }> {
  const client = clientOf(t);
  const sent: Statement[] = [];
  const query = client.query.bind(client);
  client.query = (text, values, options) => {
    // pg also takes one { text, values } object, as Drizzle sends it.
    const config = typeof text === 'string' ? { text, values } : (text as Statement);
    sent.push({ text: config.text, values: values ?? config.values });
    return query(text, values, options);
  };
  try {
    return { result: await run(), sent };
  } finally {
    client.query = query;
  }
}

/**
 * GETs each of `urls` (expecting 200), plans every statement it sends that names a table matched
 * by `touching`, and expects no plan to scan a table matched by `scanned` sequentially. Returns
 * the statements so planned, by URL (a URL that sent none is absent).
 */
export async function expectNoSeqScan(
  t: TestApp,
  urls: string[],
  { touching, scanned }: { touching: RegExp; scanned: RegExp },
): Promise<Map<string, Statement[]>> {
  const planned = new Map<string, Statement[]>();
  const seqScan = new RegExp(`Seq Scan on (${scanned.source})\\b`);
  for (const url of urls) {
    const { result: response, sent } = await statementsOf(t, () =>
      t.as({ method: 'GET', url: `/api/v1${url}` }),
    );
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    for (const statement of sent.filter((s) => touching.test(s.text))) {
      const plan = await explain(t, statement);
      planned.set(url, [...(planned.get(url) ?? []), statement]);
      expect({ url, plan }).not.toEqual({ url, plan: expect.stringMatching(seqScan) });
    }
  }
  return planned;
}
