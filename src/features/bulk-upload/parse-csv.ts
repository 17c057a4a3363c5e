/**
 * Reads a CSV file. papaparse is loaded only when this screen reads something. Files above
 * WORKER_THRESHOLD_BYTES are read in a web worker (parsing, the row rules and each row's own
 * checks), and their rows arrive in chunks, each frozen on arrival, so that the page stays
 * responsive and the store does not freeze thousands of rows in one go.
 */
import { parseTable } from './csv-table';
import type { WorkerReply } from './csv.worker';
import { rowsFromTable } from './menu-csv';
import type { MenuCsvRow } from './menu-row';

const WORKER_THRESHOLD_BYTES = 256 * 1024;

const loadPapa = () =>
  import(/* webpackChunkName: "papaparse" */ 'papaparse').then((m) => m.default ?? m);

/** Parses CSV text on this thread. Throws an Error whose message follows "CSV parse error: ". */
export async function parseMenuCsvText(text: string): Promise<MenuCsvRow[]> {
  return rowsFromTable(parseTable(await loadPapa(), text));
}

/** Parses a CSV file, in a worker when it is large and workers exist. */
export async function parseMenuCsvFile(file: File): Promise<MenuCsvRow[]> {
  if (file.size <= WORKER_THRESHOLD_BYTES || typeof Worker === 'undefined') {
    return parseMenuCsvText(await file.text());
  }
  return parseInWorker(file);
}

function deepFreeze(row: MenuCsvRow): MenuCsvRow {
  for (const value of Object.values(row)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') Object.freeze(item);
    }
    if (value && typeof value === 'object') Object.freeze(value);
  }
  return Object.freeze(row);
}

function parseInWorker(file: File): Promise<MenuCsvRow[]> {
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { name: 'csv-parser' });
  const rows: MenuCsvRow[] = [];
  return new Promise<MenuCsvRow[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'rows') {
        for (const row of reply.rows) rows.push(deepFreeze(row));
      } else if (reply.type === 'done') {
        resolve(rows);
      } else {
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => reject(new Error(event.message || 'The CSV reader stopped'));
    worker.postMessage(file);
  }).finally(() => worker.terminate());
}
