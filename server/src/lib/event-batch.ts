/**
 * The writes of one open event stream, coalesced: what it is sent within a window of `windowMs`
 * is written at once, at a moment of the stream's own in that window (`phase`, random by
 * default), so the streams of an instance do not all write at the same instant.
 *
 * Why: one change for 200 open streams is 200 socket writes, about 4 ms on a 2-core machine.
 * Written at once, they stall whichever request is being served; coalesced and spread over the
 * window, they cost each request little (scripts/bench-events.ts, docs/benchmarks.md). A change
 * reaches a stream at most `windowMs` later.
 */
export type BatchedWriter = {
  /** queues `text`; written at the stream's next moment */
  add(text: string): void;
  /** writes what is queued now (before the stream ends) */
  flush(): void;
};

export function batchedWriter(
  write: (text: string) => void,
  windowMs: number,
  phase = Math.random() * windowMs,
): BatchedWriter {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const text = pending;
    pending = '';
    write(text);
  };
  return {
    add(text) {
      pending += text;
      timer ??= setTimeout(flush, windowMs - ((Date.now() + phase) % windowMs));
    },
    flush,
  };
}
