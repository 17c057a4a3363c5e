/** CSV text → table with papaparse, and which of its complaints make the file unreadable. */
import type { ParseError } from 'papaparse';
import type Papa from 'papaparse';

const describe = (errors: ParseError[]) =>
  errors
    .map((e) => (e.row === undefined ? e.message : `${e.message} (row ${e.row + 2})`))
    .join('; ');

/**
 * Errors that mean the table is unreadable. A short or long line is not one (missing cells are
 * empty), nor an undetectable delimiter (a one-column file; comma is used).
 */
const fatal = (errors: ParseError[]) =>
  errors.filter((e) => e.type !== 'FieldMismatch' && e.type !== 'Delimiter');

/** Parses CSV text; throws an Error whose message is shown after "CSV parse error: ". */
export function parseTable(papa: typeof Papa, text: string): string[][] {
  const result = papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const errors = fatal(result.errors);
  if (errors.length) throw new Error(describe(errors));
  return result.data;
}
