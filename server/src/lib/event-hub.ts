/**
 * The fan-out of committed changes to the open event streams of this instance (GET /events).
 *
 * Every audit event inserted is announced by PostgreSQL's NOTIFY on the channel `audit_events`
 * (a trigger of migration 0014, so in the transaction of the change: a change that rolls back
 * announces nothing, one that commits is announced once it is visible). The hub listens to it
 * through the database's one listening connection (`Database.listen`: PostgreSQL's LISTEN, or
 * PGlite's in process), so a change made on any instance over the same database reaches every
 * instance's streams. No other broker.
 */
import type { Database } from '../db/client.js';
import { HttpError } from './http-error.js';

const AUDIT_CHANNEL = 'audit_events';

/** An audit event as its NOTIFY announces it. */
export type ChangeNotice = {
  id: string;
  createdAt: string;
  action: string;
  recordType: string;
  recordId: string | null;
  version: number | null;
  actorId: string | null;
  actorName: string | null;
};

/**
 * The events the stream sends: those of Recent Activity, the changes (`isActivity` in
 * db/schema.ts, the same rule in SQL): not sign-ins (`auth.*`), readings of the Audit Log or
 * refused calls, which screens refreshing for would only refresh themselves.
 */
export const isStreamed = (action: string) =>
  !action.startsWith('auth.') && action !== 'audit.view' && action !== 'access.denied';
/** One open stream, as the hub sees it. */
export type Subscriber = {
  /** a change committed (streamed or not: a sign-out concerns the session) */
  notice(change: ChangeNotice): void;
  /**
   * the stream must end: the listening connection was lost (`lost`: changes committed until it
   * listens again are not announced), or the server is closing
   */
  end(reason?: 'lost'): void;
};

const STREAM_UNAVAILABLE =
  'The event stream is not available right now (the database cannot be listened to); try again in a few seconds.';

export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private starting: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private live = false;
  private closed = false;

  constructor(private readonly database: Pick<Database, 'listen'>) {}

  /** Listens (once), or throws 503 when the database cannot be listened to now. */
  async ready(): Promise<void> {
    if (this.closed) throw new HttpError(503, STREAM_UNAVAILABLE, { 'retry-after': '5' });
    this.starting ??= this.database
      .listen(AUDIT_CHANNEL, {
        notice: (payload) => this.publish(payload),
        lost: () => {
          this.live = false;
          // Notifications may be missed until it listens again: each client reconnects with
          // its Last-Event-ID and gets what it missed from the audit trail.
          for (const subscriber of [...this.subscribers]) subscriber.end('lost');
        },
        listening: () => {
          this.live = true;
        },
      })
      .then(
        (stop) => {
          this.stop = stop;
        },
        (error: unknown) => {
          this.starting = null;
          throw error;
        },
      );
    try {
      await this.starting;
    } catch {
      throw new HttpError(503, STREAM_UNAVAILABLE, { 'retry-after': '5' });
    }
    if (!this.live) throw new HttpError(503, STREAM_UNAVAILABLE, { 'retry-after': '5' });
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** How many streams are open on this instance. */
  get size(): number {
    return this.subscribers.size;
  }

  private publish(payload: string) {
    let change: ChangeNotice;
    try {
      const raw = JSON.parse(payload) as ChangeNotice;
      change = { ...raw, createdAt: new Date(raw.createdAt).toISOString() };
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) subscriber.notice(change);
  }

  /** Ends every stream and stops listening (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const subscriber of [...this.subscribers]) subscriber.end();
    await this.stop?.();
  }
}
