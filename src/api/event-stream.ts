/**
 * The one client of the live event stream (`GET /events`): read with fetch streaming, so the
 * token goes in the Authorization header and never in a URL (EventSource cannot send headers).
 * Marked `X-Background: 1` (the server counts it so anyway): it never keeps a session alive.
 * When the stream ends or fails it reconnects after a backoff (1 s doubling to 30 s, back to 1 s
 * once an event or heartbeat arrives), sending `Last-Event-ID` so the server replays what was
 * missed; a `reset` event (too much missed) asks the app to refresh everything. A 401 or 403 ends
 * it for good (the session is over; `refused` says so).
 */
import type { components } from '../../openapi/schema';
import { API_BASE_URL } from './config';

export type ChangeEvent = components['schemas']['ChangeEvent'];

export type EventStreamHandlers = {
  change(event: ChangeEvent): void;
  reset(): void;
  /** the server refused the token (401) or the admin (403): the stream stops */
  refused(status: number): void;
};

const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;

/** One event of the stream, parsed from its lines (comments give `event: 'comment'`). */
function parseEvent(block: string): { id?: string; event: string; data?: string } {
  const parsed: { id?: string; event: string; data?: string } = { event: 'message' };
  let comment = true;
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(':') || line === '') continue;
    comment = false;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') parsed.id = value;
    else if (field === 'event') parsed.event = value;
    else if (field === 'data')
      parsed.data = parsed.data === undefined ? value : `${parsed.data}\n${value}`;
  }
  if (comment) parsed.event = 'comment';
  return parsed;
}

/**
 * Opens the stream with `token` and keeps it open until the returned function is called.
 * `wait` is the backoff's timer (tests give their own).
 */
export function startEventStream(
  token: string,
  handlers: EventStreamHandlers,
  wait: (ms: number, signal: AbortSignal) => Promise<void> = sleep,
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let lastId: string | null = null;
  let delay = FIRST_DELAY_MS;

  const readOnce = async (): Promise<'again' | 'stop'> => {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'text/event-stream',
      'X-Background': '1',
    };
    if (lastId) headers['Last-Event-ID'] = lastId;
    const response = await fetch(`${API_BASE_URL}/events`, { headers, signal });
    if (response.status === 401 || response.status === 403) {
      handlers.refused(response.status);
      return 'stop';
    }
    if (!response.ok || !response.body) return 'again';
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'again';
      buffer += value;
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        delay = FIRST_DELAY_MS;
        const event = parseEvent(block);
        if (event.id) lastId = event.id;
        if (event.event === 'change' && event.data) handlers.change(JSON.parse(event.data));
        if (event.event === 'reset') handlers.reset();
      }
    }
  };

  void (async () => {
    while (!signal.aborted) {
      const next = await readOnce().catch(() => 'again' as const);
      if (next === 'stop' || signal.aborted) return;
      await wait(delay, signal).catch(() => {});
      delay = Math.min(delay * 2, LONGEST_DELAY_MS);
    }
  })();
  return () => controller.abort();
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
