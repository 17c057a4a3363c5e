/**
 * A thread of booking-threads.ts: makes the batches it is asked for (generateBatch, from the
 * world it was started with) and answers each with its rows as COPY text, table by table.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { copyRows } from './bulk-load.js';
import { batchContext, batchTables, generateBatch } from './bookings.js';
import {
  receiveWorld,
  type SentWorld,
  type ThreadData,
  type ThreadReply,
} from './booking-threads.js';

const { world: sent, now, count } = workerData as Omit<ThreadData, 'world'> & { world: SentWorld };
const world = receiveWorld(sent);

parentPort!.on('message', (batch: number) => {
  let reply: ThreadReply;
  try {
    const rows = generateBatch(batchContext(now, batch), world, batch, count);
    reply = {
      batch,
      tables: batchTables(rows).map(([table, tableRows]) => copyRows(table, tableRows)),
    };
  } catch (error) {
    reply = {
      batch,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  // The chunks' memory moves to the seed's thread instead of being copied; not a small chunk's,
  // which lies in Node's shared Buffer pool: that one cannot be moved (Node 22 and later refuse
  // it with a DataCloneError) and is copied.
  const chunks = 'tables' in reply ? reply.tables.flatMap((rows) => rows.chunks) : [];
  const own = chunks.filter((chunk) => chunk.byteLength === chunk.buffer.byteLength);
  parentPort!.postMessage(reply, [...new Set(own.map((chunk) => chunk.buffer as ArrayBuffer))]);
});
