/**
 * PostgreSQL's LISTEN on one dedicated connection per instance (a pooled connection would lose
 * its LISTEN when given back). A lost connection (a restart, a failover) is reported to every
 * listener and opened again with backoff (0.25 s doubling up to 5 s), listening to the same
 * channels; notifications sent meanwhile are not delivered, which is why `lost` is said.
 */
import pg from 'pg';

/**
 * What a listener is told: each notification's payload, and (PostgreSQL) that the listening
 * connection was lost, so notifications may have been missed until the next `listening`.
 */
export type NotificationListener = {
  notice(payload: string): void;
  lost(): void;
  listening(): void;
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function notificationConnection(databaseUrl: string) {
  const channels = new Map<string, Set<NotificationListener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = 250;
  let closed = false;

  const everyListener = () => [...channels.values()].flatMap((set) => [...set]);

  function lose(lost: pg.Client) {
    if (client !== lost) return;
    client = null;
    lost.removeAllListeners('notification');
    void lost.end().catch(() => {});
    for (const listener of everyListener()) listener.lost();
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry || !channels.size) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          for (const listener of everyListener()) listener.listening();
        },
        () => scheduleReconnect(),
      );
    }, delayMs);
    delayMs = Math.min(delayMs * 2, 5000);
  }

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', () => lose(next));
    next.on('end', () => lose(next));
    next.on('notification', (message) => {
      for (const listener of channels.get(message.channel) ?? []) {
        listener.notice(message.payload ?? '');
      }
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      throw new Error('the database is closed');
    }
    client = next;
    delayMs = 250;
    return next;
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, listener: NotificationListener) {
      let set = channels.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(listener);
      try {
        const connection = await connect();
        // LISTEN again on a connection that opened with the channel already known is harmless.
        if (first) await connection.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        set.delete(listener);
        if (!set.size) channels.delete(channel);
        throw error;
      }
      listener.listening();
      return async () => {
        set.delete(listener);
        if (set.size || channels.get(channel) !== set) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client ?? (await connecting?.catch(() => null));
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
