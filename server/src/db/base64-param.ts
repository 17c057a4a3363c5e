/**
 * Bytes sent as a statement's base64 text parameter (the bytea column in schema.ts decodes it in
 * the database). The text is made where the statement is sent: by node-postgres through
 * `toPostgres`, on PGlite in its own thread (pglite-thread.ts hands the bytes over), so that a
 * large image is never turned into text in the server's thread.
 */
export class Base64Param {
  constructor(readonly bytes: Uint8Array) {}

  /** node-postgres calls this for an object parameter. */
  toPostgres(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
      'base64',
    );
  }
}
