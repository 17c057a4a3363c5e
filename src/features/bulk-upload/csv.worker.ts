/**
 * Reads a large CSV off the main thread: papaparse, the row rules and each row's own checks run
 * here; the rows go back in chunks so that no single message takes long to receive.
 */
import Papa from 'papaparse';
import { parseTable } from './csv-table';
import { rowsFromTable } from './menu-csv';

export type WorkerReply =
  | { type: 'rows'; rows: ReturnType<typeof rowsFromTable> }
  | { type: 'done'; total: number }
  | { type: 'error'; message: string };

export const CHUNK_ROWS = 500;

const worker = self as unknown as {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage: (message: WorkerReply) => void;
};

worker.onmessage = async (event) => {
  try {
    const rows = rowsFromTable(parseTable(Papa, await event.data.text()));
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      worker.postMessage({ type: 'rows', rows: rows.slice(start, start + CHUNK_ROWS) });
    }
    worker.postMessage({ type: 'done', total: rows.length });
  } catch (error) {
    worker.postMessage({ type: 'error', message: (error as Error).message || String(error) });
  }
};
