/**
 * An event stream's coalesced writes (lib/event-batch.ts): what arrives within a window is
 * written once, in order, at the stream's own moment of the window; flush writes at once.
 */
import { jest } from '@jest/globals';
import { batchedWriter } from '../src/lib/event-batch.js';

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 }); // a multiple of the window: phase 0 is "now"
});
afterEach(() => {
  jest.useRealTimers();
});

test('texts sent within a window are written once, in order, at the stream’s moment', () => {
  const writes: string[] = [];
  const writer = batchedWriter((text) => writes.push(text), 100, 30);
  jest.advanceTimersByTime(10); // 10 ms into the window; this stream writes at 70 ms
  writer.add('a');
  jest.advanceTimersByTime(20);
  writer.add('b');
  writer.add('c');
  jest.advanceTimersByTime(39);
  expect(writes).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(writes).toEqual(['abc']);
  writer.add('d'); // the next moment is a whole window later
  jest.advanceTimersByTime(99);
  expect(writes).toEqual(['abc']);
  jest.advanceTimersByTime(1);
  expect(writes).toEqual(['abc', 'd']);
  jest.advanceTimersByTime(1000);
  expect(writes).toEqual(['abc', 'd']); // nothing queued, nothing written
});

test('streams with other phases write at other moments of the same window', () => {
  const moments: number[] = [];
  for (const phase of [0, 25, 50, 75]) {
    batchedWriter(() => moments.push(Date.now() % 100), 100, phase).add('x');
  }
  jest.advanceTimersByTime(100);
  expect(moments.sort((a, b) => a - b)).toEqual([0, 25, 50, 75]);
});

test('flush writes what is queued at once, and only once', () => {
  const writes: string[] = [];
  const writer = batchedWriter((text) => writes.push(text), 100, 0);
  writer.flush();
  expect(writes).toEqual([]);
  writer.add('a');
  writer.add('b');
  writer.flush();
  expect(writes).toEqual(['ab']);
  jest.advanceTimersByTime(200);
  expect(writes).toEqual(['ab']);
});
