/**
 * GET /events: the live event stream (text/event-stream) of a signed-in admin. One `change`
 * event per committed change (lib/event-hub.ts), its `id:` the audit event's id; a client that
 * reconnects with `Last-Event-ID` first gets what it missed from the audit trail, or a `reset`
 * event when that cannot be (an id the trail does not hold, more than REPLAY_LIMIT events), after
 * which it must refresh everything. A comment every `eventHeartbeatMs` keeps proxies from
 * closing it. The stream ends when its session ends: a sign-out or any revocation (checked when
 * an event concerns the admin, and at each heartbeat), the session's lifetime or idle timeout
 * (checked when it is due). Opening it is background activity: it never keeps a session alive.
 * Live changes are written coalesced, at most `eventBatchMs` after they arrive (lib/event-batch.ts);
 * a replay at once.
 */
import { PassThrough } from 'node:stream';
import type { Handlers } from './types.js';
import { bearerToken } from '../auth/bearer-auth.js';
import { livenessAt, sessionOfToken } from '../auth/sessions.js';
import { changesAfter } from '../queries/events.js';
import { isStreamed, type ChangeNotice } from '../lib/event-hub.js';
import { batchedWriter } from '../lib/event-batch.js';

/** The operations whose calls are never a use of the session (X-Background, always). */
export const BACKGROUND_OPERATIONS = new Set(['streamEvents']);

/** A reconnection missing more events than this is told to refresh everything instead. */
const REPLAY_LIMIT = 500;

/** The longest a Node.js timer waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Each change is serialized once, for all the streams it goes to. */
const serialized = new WeakMap<ChangeNotice, string>();

/** An SSE `change` event: the fields of the contract's ChangeEvent, its id the event's. */
function changeEvent(change: ChangeNotice): string {
  const known = serialized.get(change);
  if (known !== undefined) return known;
  const data = {
    id: change.id,
    createdAt: change.createdAt,
    action: change.action,
    recordType: change.recordType,
    recordId: change.recordId,
    version: change.version,
    actorName: change.actorName,
  };
  const text = `id: ${change.id}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
  serialized.set(change, text);
  return text;
}

const resetEvent = (message: string) => `event: reset\ndata: ${JSON.stringify({ message })}\n\n`;

export const REPLAY_UNKNOWN =
  'The events since your last one cannot be replayed: the audit trail has no event with that id. Reload everything.';
export const LISTEN_LOST =
  'The server lost its connection to the database notifications: changes may have been missed. Reload everything.';
const REPLAY_TOO_MANY = `More than ${REPLAY_LIMIT} changes were made since your last event. Reload everything.`;

export const eventsHandlers: Handlers = {
  async streamEvents(req, reply) {
    const { db, config, events: hub } = req.server;
    await hub.ready();
    const token = bearerToken(req)!;
    const userId = req.user.id;
    const body = new PassThrough();
    let ended = false;
    /** live changes that arrive while the replay is read, sent after it */
    let waiting: ChangeNotice[] | null = [];
    const sent = new Set<string>();
    let deadline: NodeJS.Timeout | undefined;
    const lastId = req.headers['last-event-id'];
    /**
     * The client has an event id to reconnect with (sent one, or was sent one): what it misses
     * while the listening connection is lost is replayed from the audit trail then; a client
     * without one is told to reload everything instead.
     */
    let resumable = typeof lastId === 'string' && lastId.trim() !== '';

    const live = batchedWriter((text) => body.write(text), config.eventBatchMs);
    /** a live change is coalesced with the next ones; a replayed one (`now`) written at once */
    const send = (change: ChangeNotice, now = false) => {
      if (ended || !isStreamed(change.action) || sent.has(change.id)) return;
      if (now) body.write(changeEvent(change));
      else live.add(changeEvent(change));
      resumable = true;
    };
    const end = () => {
      if (ended) return;
      ended = true;
      live.flush();
      clearInterval(heartbeat);
      clearTimeout(deadline);
      unsubscribe();
      body.end();
    };
    /** Ends the stream unless its session is still live; else waits for its idle timeout. */
    const check = async () => {
      if (ended) return;
      const found = await sessionOfToken(db, token, config.sessionIdleMs).catch(() => null);
      // ended meanwhile: no new idle timer (it would hold the closed stream for up to 24 days)
      if (ended) return;
      if (found === null) return; // the database did not answer: asked again at the next beat
      if (!found || found.user.role !== 'admin' || !found.user.status) return end();
      watchIdle(found.session.lastUsedAt);
    };
    /** Checks again when the session's last use becomes too old to keep it live. */
    const watchIdle = (lastUsedAt: Date) => {
      const now = Date.now();
      const idleAt =
        lastUsedAt.getTime() + (now - livenessAt(config.sessionIdleMs).usedAfter.getTime());
      clearTimeout(deadline);
      deadline = setTimeout(
        () => void check(),
        Math.min(Math.max(idleAt - now + 5, 0), MAX_TIMER_MS),
      );
    };
    const unsubscribe = hub.subscribe({
      notice: (change) => {
        if (change.recordType === 'user' && change.recordId === userId) void check();
        if (waiting) waiting.push(change);
        else send(change);
      },
      end: (reason) => {
        if (reason === 'lost' && !resumable && !ended) body.write(resetEvent(LISTEN_LOST));
        end();
      },
    });
    const heartbeat = setInterval(() => {
      if (ended) return;
      body.write(': heartbeat\n\n');
      void check();
    }, config.eventHeartbeatMs);
    reply.raw.on('close', end);
    body.on('close', end);
    watchIdle(req.session.lastUsedAt);

    try {
      body.write(': connected\n\n');
      if (typeof lastId === 'string' && lastId.trim()) {
        const missed = await changesAfter(db, lastId.trim(), REPLAY_LIMIT);
        if (missed === null) body.write(resetEvent(REPLAY_UNKNOWN));
        else if (missed.length > REPLAY_LIMIT) body.write(resetEvent(REPLAY_TOO_MANY));
        else {
          for (const change of missed) {
            send(change, true);
            sent.add(change.id);
          }
        }
      }
    } catch (error) {
      end();
      throw error;
    }
    const arrived = waiting;
    waiting = null;
    for (const change of arrived) send(change);
    sent.clear();
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(body);
  },
};
