// The entry of a booking thread (booking-threads.ts): the thread's code is TypeScript, which a
// worker thread cannot load with the loader of the process that started it (Node 20), so it
// registers tsx's loader itself and then loads it.
import { register } from 'tsx/esm/api';

register();
await import('./booking-thread.ts');
