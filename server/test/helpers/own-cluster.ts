/**
 * A PostgreSQL cluster of the test's own, on a port of its own, for tests that stop the database:
 * the shared one (DATABASE_URL) is never stopped. Needs the Debian/Ubuntu cluster tools
 * (pg_createcluster) and the right to run them; `ownClusterAvailable` says whether they are here.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';

const run = promisify(execFile);

export const ownClusterAvailable = () =>
  Boolean(process.env.DATABASE_URL) &&
  fs.existsSync('/usr/bin/pg_createcluster') &&
  fs.existsSync('/etc/postgresql') &&
  process.getuid?.() === 0;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type OwnCluster = {
  /** connection string of its `postgres` database */
  url: string;
  start(): Promise<void>;
  /** a fast shutdown: connections are ended, as in a restart or a failover */
  stop(): Promise<void>;
  /** SQL as the superuser on a connection of its own */
  query(text: string): Promise<void>;
  drop(): Promise<void>;
};

export async function createOwnCluster(): Promise<OwnCluster> {
  const version = fs.readdirSync('/etc/postgresql').sort().at(-1)!;
  const name = `faults_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const ctl = (action: string, ...extra: string[]) =>
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...extra]);
  await run('pg_createcluster', [version, name, '-p', String(port), '--', '--auth=trust']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const cluster: OwnCluster = {
    url,
    start: async () => {
      await ctl('start');
    },
    stop: async () => {
      await ctl('stop', '-m', 'fast');
    },
    query: async (text) => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await run('pg_dropcluster', ['--stop', version, name]);
    },
  };
  return cluster;
}
