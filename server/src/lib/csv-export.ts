/**
 * A list written as a CSV file while it is read: UTF-8 with a byte order mark (spreadsheet programs
 * then read it as UTF-8), a header row, then the rows batch by batch. The stream pulls the next
 * batch only when the client has taken the previous one (Readable.from over an async generator),
 * so memory stays one batch whatever the size, and a client that goes away stops the reading.
 */
import { Readable } from 'node:stream';
import { csvLine } from '../../../common/csv-cell.js';
import { decimalText } from '../../../common/money.js';

/** Money in minor units: written as a plain decimal in major units (the currency is a column). */
type CsvMoney = { minor: number; currency: string };
export type CsvValue = string | number | boolean | Date | CsvMoney | readonly string[] | null;

export type CsvColumn<Row> = { title: string; value: (row: Row) => CsvValue };

/**
 * One cell as text: ISO 8601 UTC for times, true/false, lists joined with "; ", money exact.
 * Every cell is formula-escaped by csvLine (a negative amount too: "'-5.00" cannot run).
 */
export function cellText(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join('; ');
  const money = value as CsvMoney;
  return decimalText(money.minor, money.currency);
}

/** The file's text, header first, as a stream that reads one batch per pull. */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Readable {
  async function* lines() {
    yield `\ufeff${csvLine(columns.map((c) => c.title))}`;
    for await (const batch of batches) {
      if (!batch.length) continue;
      yield batch.map((row) => csvLine(columns.map((c) => cellText(c.value(row))))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
