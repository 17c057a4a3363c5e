/** Pure CSV helpers: list cells, writing CSV safely. Parsing itself is papaparse's. */
import { csvLine } from '../../common/csv-cell';

/** Splits a list cell on commas or pipes: "Tomato| Basil,Garlic" → ['Tomato', 'Basil', 'Garlic']. */
export function splitList(cell: string | undefined | null): string[] {
  if (!cell) return [];
  return cell
    .split(/[,|]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Writes rows as CSV text with CRLF line ends (RFC 4180); every cell is formula-escaped. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('');
}

/** Strips a UTF-8 byte order mark. */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
