/**
 * The seed's bookings made in worker threads (booking-thread.mjs, booking-thread.ts) for
 * PostgreSQL's COPY: each thread generates whole batches and turns them into COPY text, so that
 * the seed's own thread only hands text to the database. A batch's rows do not depend on the
 * thread that makes it (batchContext), and batches are written in their order, so the data are
 * those of the seed made in one thread.
 */
import { availableParallelism } from 'node:os';
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { CopyRows } from './bulk-load.js';
import type { BookingWorld } from './bookings.js';

export type ThreadData = { world: BookingWorld; now: number; count: number };
export type ThreadReply = { batch: number } & ({ tables: CopyRows[] } | { error: string });

/**
 * The world as a thread is sent it: each diner's avatar as its place in one list of the distinct
 * avatars. A structured clone copies a string wherever it occurs, and the seed's avatars are a
 * few thousand data URLs shared by its people (about 450 bytes each): at 500,000 diners they
 * were most of each thread's copy of the world.
 */
export type SentWorld = Omit<BookingWorld, 'diners'> & {
  diners: (Omit<BookingWorld['diners'][number], 'avatar'> & { avatar: number })[];
  avatars: (string | null)[];
};

function sendWorld(world: BookingWorld): SentWorld {
  const places = new Map<string | null, number>();
  const diners = world.diners.map((diner) => {
    let avatar = places.get(diner.avatar);
    if (avatar === undefined) {
      avatar = places.size;
      places.set(diner.avatar, avatar);
    }
    return { ...diner, avatar };
  });
  return { ...world, diners, avatars: [...places.keys()] };
}

export function receiveWorld({ avatars, diners, ...world }: SentWorld): BookingWorld {
  return {
    ...world,
    diners: diners.map((diner) => ({ ...diner, avatar: avatars[diner.avatar]! })),
  };
}

/** Threads: one per core (they share the cores with the database, which reads while they make). */
const THREADS = Math.max(1, availableParallelism());

/** Batches asked for ahead of the one being written, per thread (memory: a few batches' text). */
const AHEAD = 2;

/**
 * A thread's old generation in MB, beyond twice the world it is sent (a world's heap is about 1.2
 * times its serialized size). Without a bound V8 let each thread's heap grow through the whole
 * load, its allocation rate being high and memory plenty: 400,000 bookings with 500,000 users
 * peaked at 2.5–2.9 GB and grew while the threads ran; with it and the avatars sent once, 1.6–1.9
 * GB, flat while they run, and 13–15% slower (docs/benchmarks.md, "Seed, session 19").
 */
const THREAD_HEAP_BEYOND_WORLD_MB = 256;

/**
 * A thread's young generation in MB, twice V8's default: a thread allocates each batch's rows and
 * text and drops them, and with the default a tenth of its time went to collecting them. A
 * million bookings on two cores: 246.8 and 246.4 s → 231.5 and 206.5 s, the seed's CPU 189 → 164 s
 * (docs/benchmarks.md, "Seed, session 21").
 */
const THREAD_YOUNG_GENERATION_MB = 96;

/**
 * Writes batches `first` up to (not including) `end` of the `count` bookings of `world` with
 * `copy`, in order; the threads end with it.
 */
export async function copyBatchesInThreads(
  data: ThreadData,
  first: number,
  end: number,
  copy: (rows: CopyRows) => Promise<void>,
): Promise<void> {
  const waiting = new Map<
    number,
    { resolve: (tables: CopyRows[]) => void; reject: (e: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const sent = sendWorld(data.world);
  const heapMb = Math.ceil(
    THREAD_HEAP_BEYOND_WORLD_MB + (2 * serialize(sent).byteLength) / 2 ** 20,
  );
  const threads = Array.from({ length: Math.min(THREADS, end - first) }, () => {
    const worker = new Worker(new URL('./booking-thread.mjs', import.meta.url), {
      workerData: { ...data, world: sent },
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
      },
    });
    worker.on('message', (reply: ThreadReply) => {
      const waiter = waiting.get(reply.batch);
      waiting.delete(reply.batch);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      // The chunks arrive as the plain byte arrays they were sent as.
      else
        waiter?.resolve(
          reply.tables.map((rows) => ({
            ...rows,
            chunks: rows.chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)),
          })),
        );
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (code !== 0) failAll(new Error(`A booking thread stopped (exit code ${code}).`));
    });
    return worker;
  });
  const made = new Map<number, Promise<CopyRows[]>>();
  let next = first;
  const ask = () => {
    if (next >= end) return;
    const batch = next;
    next += 1;
    const tables = new Promise<CopyRows[]>((resolve, reject) =>
      waiting.set(batch, { resolve, reject }),
    );
    // Its failure is raised where it is awaited, not as an unhandled rejection meanwhile.
    tables.catch(() => {});
    made.set(batch, tables);
    threads[batch % threads.length]!.postMessage(batch);
  };
  try {
    for (let i = 0; i < threads.length * AHEAD; i += 1) ask();
    let writing: Promise<unknown> = Promise.resolve();
    for (let batch = first; batch < end; batch += 1) {
      const tables = await made.get(batch)!;
      made.delete(batch);
      ask();
      // The batch before is written before this one is handed over (at most one waits).
      await writing;
      writing = Promise.all(tables.map(copy));
      writing.catch(() => {});
    }
    await writing;
  } finally {
    await Promise.all(threads.map((worker) => worker.terminate()));
  }
}
