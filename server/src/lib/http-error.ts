/** An error with an HTTP status and a message a person can act on; the error handler sends it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** response headers that go with it (Retry-After of a 429) */
    readonly headers?: Record<string, string>,
    /** fields the error body carries besides its message (the contract names them) */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
