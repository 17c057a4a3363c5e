/**
 * PGlite in a worker thread, behind the part of PGlite's interface the server uses (`query`,
 * `exec`, `transaction`, `listen`, `dumpDataDir`, `close`), so Drizzle's PGlite driver works on it
 * unchanged. PGlite runs each statement synchronously in the thread that holds it: in the
 * server's own thread a 4.9 MB image write held the event loop for 163 ms and a long report for
 * seconds, with no request read and no /healthz answered meanwhile. Here the server's thread only
 * sends a statement and receives its rows.
 *
 * PGlite is one connection: every query, statement and transaction takes its turn here, one at a
 * time. A caller still waiting for its turn after `turnWaitMs` gives up with DatabaseBusyError
 * (503) and its work is skipped when the turn comes.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { Base64Param } from './base64-param.js';
import { DatabaseBusyError } from './unavailable.js';

type Reply = {
  id?: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
  notification?: { channel: string; payload: string };
  ready?: true;
  failed?: { message: string };
};

/** An error from the database thread, with the fields PGlite gave it (code, detail…). */
function errorFrom(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

/** The thread ended without being closed: the database is gone (connection_failure, 503). */
const threadGone = (why: string) =>
  Object.assign(new Error(`the PGlite database thread stopped (${why})`), { code: '08006' });

/** Parsers cannot cross to the thread: a caller may only keep a type's text, as Drizzle asks. */
function portable(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { parsers, serializers, ...rest } = options;
  if (serializers) throw new Error('PGlite thread: custom serializers are not supported');
  return { ...rest, parserTypes: Object.keys(parsers ?? {}).map(Number) };
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #turn: Promise<void> = Promise.resolve();
  #gone: Error | undefined;
  #closed = false;

  private constructor(
    worker: Worker,
    private readonly turnWaitMs: number,
  ) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (reply: Reply) => this.#receive(reply));
    worker.on('error', (error) => this.#end(threadGone(error.message)));
    worker.on('exit', (code) => this.#end(threadGone(`exit code ${code}`)));
  }

  /** Starts the thread and opens the database in it (a data folder, or in memory). */
  static async start(
    options: { dataDir?: string; loadDataDir?: Blob },
    turnWaitMs = 0,
  ): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    const opened = await new Promise<Reply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (opened.failed) {
      await worker.terminate();
      throw errorFrom(opened.failed);
    }
    return new PgliteThread(worker, turnWaitMs);
  }

  /** Open, and its thread running. */
  get ready(): boolean {
    return !this.#closed && !this.#gone;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#inTurn(() => this.#query(sql, params, options));
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#inTurn(() => this.#call('exec', sql, portable(options)));
  }

  /** BEGIN, the callback's statements, COMMIT (ROLLBACK when it throws), in one turn. */
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#inTurn(async () => {
      await this.#call('exec', 'BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: async (sql: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query(sql, params, options);
        },
        exec: async (sql: string, options?: QueryOptions) => {
          open();
          return this.#call('exec', sql, portable(options));
        },
        rollback: async () => {
          open();
          await this.#call('exec', 'ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await run(tx);
        if (!closed) {
          closed = true;
          const [commit] = (await this.#call('exec', 'COMMIT')) as Results[];
          if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') {
            throw Object.assign(new Error('Transaction was rolled back instead of committed'), {
              code: '25P02',
            });
          }
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#call('exec', 'ROLLBACK').catch(() => {});
        }
        throw error;
      }
    });
  }

  /** Calls `callback` with each NOTIFY on `channel` until the returned function is called. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#inTurn(() => this.#call('listen', channel));
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size > 0 || this.#listeners.get(channel) !== callbacks) return;
      this.#listeners.delete(channel);
      if (this.ready) await this.#inTurn(() => this.#call('unlisten', channel));
    };
  }

  /** The data folder as a tarball ('gzip' or 'none'), taken between two statements. */
  async dumpDataDir(compression: 'gzip' | 'none'): Promise<Blob> {
    const bytes = (await this.#inTurn(() => this.#call('dump', compression))) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /** Closes the database after the statements already waiting, then ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#gone) await this.#inTurn(() => this.#call('close'));
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  /** `work` when its turn comes, one at a time; given up after `turnWaitMs` of waiting. */
  #inTurn<T>(work: () => Promise<unknown>): Promise<T> {
    const previous = this.#turn;
    let done!: () => void;
    this.#turn = new Promise<void>((resolve) => (done = resolve));
    return new Promise<T>((resolve, reject) => {
      let state: 'waiting' | 'running' | 'gave up' = 'waiting';
      const timer =
        this.turnWaitMs > 0
          ? setTimeout(() => {
              if (state !== 'waiting') return;
              state = 'gave up';
              reject(new DatabaseBusyError(this.turnWaitMs));
            }, this.turnWaitMs)
          : undefined;
      void previous.then(async () => {
        if (state === 'gave up') return done();
        state = 'running';
        clearTimeout(timer);
        try {
          resolve((await work()) as T);
        } catch (error) {
          reject(error as Error);
        } finally {
          done();
        }
      });
    });
  }

  /**
   * A statement with its parameters; a Base64Param's bytes are copied once and moved to the
   * thread, which makes their text there.
   */
  #query(sql: string, params: unknown[] = [], options?: QueryOptions) {
    const moved: ArrayBuffer[] = [];
    const values = params.map((value) => {
      if (!(value instanceof Base64Param)) return value;
      const copy = new Uint8Array(value.bytes);
      moved.push(copy.buffer);
      return { base64Of: copy };
    });
    return this.#send('query', [sql, values, portable(options)], moved);
  }

  #call(op: string, ...args: unknown[]): Promise<unknown> {
    return this.#send(op, args, []);
  }

  #send(op: string, args: unknown[], transfer: ArrayBuffer[]): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    // The thread keeps the process alive only while an answer is awaited.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, args }, transfer);
    });
  }

  #receive(reply: Reply) {
    if (reply.notification) {
      const { channel, payload } = reply.notification;
      for (const callback of this.#listeners.get(channel) ?? []) callback(payload);
      return;
    }
    const waiting = reply.id === undefined ? undefined : this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id!);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.error) waiting.reject(errorFrom(reply.error));
    else waiting.resolve(reply.result);
  }

  #end(error: Error) {
    if (this.#closed || this.#gone) return;
    this.#gone = error;
    console.warn(`database: ${error.message}`);
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}
