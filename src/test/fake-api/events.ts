/**
 * The live event stream (GET /events): each call opens a stream that stays open; `emit` sends a
 * colleague's change to every open stream as the server does (`id:` the event's id), `reset`
 * the server's "reload everything", `end` ends them (the client reconnects). `opened` is how
 * many streams were asked for, with the Last-Event-ID each sent.
 */
import type { ChangeEvent } from '../../api/event-stream';
import type { FakeReply } from './reply';
import type { FakeRequest } from './types';

const encoder = new TextEncoder();

let counter = 0;

/** A change event as the server sends it, by a colleague unless told. */
function changeEvent(change: Partial<ChangeEvent> & Pick<ChangeEvent, 'recordType'>) {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    createdAt: new Date().toISOString(),
    action: 'restaurant.update',
    recordId: null,
    version: null,
    actorName: 'Sam Support',
    ...change,
  } satisfies ChangeEvent;
}

export function eventsFake() {
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const opened: { lastEventId: string | null; headers: Headers }[] = [];
  const send = (text: string) => {
    for (const controller of open) controller.enqueue(encoder.encode(text));
  };
  return {
    opened,
    /** Sends the change to every open stream; returns it. */
    emit(change: Partial<ChangeEvent> & Pick<ChangeEvent, 'recordType'>): ChangeEvent {
      const event = changeEvent(change);
      send(`id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`);
      return event;
    },
    reset() {
      send(`event: reset\ndata: ${JSON.stringify({ message: 'Reload everything.' })}\n\n`);
    },
    /** Ends every open stream, as a server stopping does. */
    end() {
      for (const controller of open) controller.close();
      open.clear();
    },
    get openCount() {
      return open.size;
    },
    routes: {
      streamEvents: ({ headers, signal }: FakeRequest): FakeReply => {
        opened.push({ lastEventId: headers.get('Last-Event-ID'), headers });
        let own: ReadableStreamDefaultController<Uint8Array>;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            own = controller;
            open.add(controller);
            controller.enqueue(encoder.encode(': connected\n\n'));
            // The client leaving (its abort) ends the stream, as it ends a real one.
            signal.addEventListener('abort', () => {
              if (!open.delete(controller)) return;
              controller.error(new DOMException('The stream was left', 'AbortError'));
            });
          },
          cancel() {
            open.delete(own);
          },
        });
        return { status: 200, stream };
      },
    },
  };
}
