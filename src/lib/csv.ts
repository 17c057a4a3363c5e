/** Pure CSV helpers: list cells, writing CSV safely. Parsing itself is papaparse's. */

/** Splits a list cell on commas or pipes: "Tomato| Basil,Garlic" → ['Tomato', 'Basil', 'Garlic']. */
export function splitList(cell: string | undefined | null): string[] {
  if (!cell) return [];
  return cell
    .split(/[,|]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return) gets
 * a leading apostrophe, so a downloaded file cannot execute anything when it is opened.
 */
export function escapeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One CSV field: quoted when it holds a comma, quote, or line break; quotes doubled. */
export function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Writes rows as CSV text with CRLF line ends (RFC 4180); every cell is formula-escaped. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return (
    rows.map((row) => row.map((cell) => csvField(escapeFormula(cell))).join(',')).join('\r\n') +
    '\r\n'
  );
}

/** Strips a UTF-8 byte order mark. */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
