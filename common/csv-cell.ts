/** One CSV cell, written safely: the SPA's bulk uploader files and the server's list exports. */

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return) gets
 * a leading apostrophe, so a downloaded file cannot execute anything when it is opened. A negative
 * number (a refund, a credit) is only a number and stays as it is, so it still adds up.
 */
export function escapeFormula(cell: string): string {
  if (/^-\d+(\.\d+)?$/.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One CSV field: quoted when it holds a comma, quote, or line break; quotes doubled. */
export function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A line of CSV (RFC 4180, CRLF end) from text cells, every cell formula-escaped. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => csvField(escapeFormula(cell))).join(',')}\r\n`;
}
