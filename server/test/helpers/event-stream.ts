/**
 * A client of GET /events for tests, over real HTTP (inject cannot stream): the events as they
 * arrive, waited for with a deadline (never a sleep), and whether the server ended the stream.
 */
export type StreamEvent = { id?: string; event: string; data?: unknown; comment?: string };

export type EventStreamClient = {
  status: number;
  /** the next event or comment matching `accept` (earlier ones are passed over), within `ms` */
  next(accept?: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** resolves once the server has ended the stream (rejects after `ms`) */
  ended(ms?: number): Promise<void>;
  close(): void;
};

function parse(block: string): StreamEvent {
  const event: StreamEvent = { event: 'message' };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comment = line.slice(1).trim();
    const [, field, value] = /^(\w+): ?(.*)$/.exec(line) ?? [];
    if (field === 'id') event.id = value;
    if (field === 'event') event.event = value;
    if (field === 'data') event.data = JSON.parse(value);
  }
  if (event.comment !== undefined && !block.includes('\nevent:')) event.event = 'comment';
  return event;
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

export async function openEventStream(
  baseUrl: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  const read = async (): Promise<StreamEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      if (done) return null;
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) done = true;
      else buffer += chunk.value;
    }
  };
  return {
    status: response.status,
    next: (accept = () => true, ms = 5000) =>
      within(
        (async () => {
          for (;;) {
            const event = await read();
            if (!event) throw new Error('the stream ended');
            if (accept(event)) return event;
          }
        })(),
        ms,
        'such event',
      ),
    ended: (ms = 5000) =>
      within(
        (async () => {
          while (await read());
        })(),
        ms,
        'end of the stream',
      ),
    close: () => controller.abort(),
  };
}
