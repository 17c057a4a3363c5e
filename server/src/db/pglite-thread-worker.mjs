/**
 * The PGlite database in a thread of its own (`pglite-thread.ts` starts it and is its only
 * caller): statements run here, so the server's event loop keeps reading requests and answering
 * /healthz while the database works. Plain JavaScript, so that it starts the same under tsx, jest
 * and node alike.
 *
 * Messages in: { id, op, args }, one at a time per turn (the caller serialises them). Out:
 * { id, result } or { id, error }, and { notification: { channel, payload } } for a LISTEN.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** A type's value kept as the database's text: the only parser a caller may ask for by type. */
const keepText = (value) => value;

/** The fields of an error that cross to the caller (the database's code, detail, constraint…). */
function describeError(error) {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
    if (error instanceof Error) fields.name = error.name;
  }
  return fields;
}

/** A Base64Param's bytes (`{ base64Of }`) as the base64 text the statement decodes. */
const base64Text = (value) =>
  value?.base64Of instanceof Uint8Array
    ? Buffer.from(
        value.base64Of.buffer,
        value.base64Of.byteOffset,
        value.base64Of.byteLength,
      ).toString('base64')
    : value;

// Bookings search uses trigram indexes (migration 0002); PostgreSQL ships pg_trgm as contrib.
const options = { extensions: { pg_trgm } };
if (workerData.dataDir) options.dataDir = workerData.dataDir;
if (workerData.loadDataDir) options.loadDataDir = new Blob([workerData.loadDataDir]);

const listening = new Map();
let db;

const operations = {
  async query(sql, params, { parserTypes = [], ...rest } = {}) {
    const parsers = Object.fromEntries(parserTypes.map((type) => [type, keepText]));
    return db.query(sql, params.map(base64Text), { ...rest, parsers });
  },
  exec: (sql, execOptions) => db.exec(sql, execOptions),
  async listen(channel) {
    if (listening.has(channel)) return;
    const stop = await db.listen(channel, (payload) =>
      parentPort.postMessage({ notification: { channel, payload } }),
    );
    listening.set(channel, stop);
  },
  async unlisten(channel) {
    const stop = listening.get(channel);
    listening.delete(channel);
    await stop?.();
  },
  async dump(compression) {
    return (await db.dumpDataDir(compression)).arrayBuffer();
  },
  close: () => db.close(),
};

try {
  db = await PGlite.create(options);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: describeError(error) });
}

parentPort.on('message', async ({ id, op, args }) => {
  try {
    const result = await operations[op](...args);
    parentPort.postMessage({ id, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (error) {
    parentPort.postMessage({ id, error: describeError(error) });
  }
});
