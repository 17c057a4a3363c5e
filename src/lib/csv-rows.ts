/**
 * Counts the records of CSV text as it arrives in pieces: a line break inside a quoted cell is
 * part of the cell, not a new record. Feed it every piece in order.
 */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    /** Takes the next piece of text; returns the number of complete records so far. */
    add(text: string): number {
      for (let i = 0; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c === 34)
          quoted = !quoted; // '"' (a doubled quote toggles twice)
        else if (c === 10 && !quoted) records += 1; // '\n' ends a record (CRLF or LF)
      }
      return records;
    },
  };
}
