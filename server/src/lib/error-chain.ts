/**
 * An error and the ones it wraps (`cause`: drivers, Drizzle and Fastify wrap a database error),
 * outermost first, at most `hops` deep, as the fields the server's error mappers read.
 */
export interface ChainedError {
  /** The error itself (for `instanceof`). */
  error: unknown;
  /** Its `code` when a string (a SQLSTATE, a socket code), else ''. */
  code: string;
  /** Its `message` when a string, else ''. */
  message: string;
  /** Its `errors` when an array (an AggregateError), else []. */
  errors: unknown[];
}

export function errorChain(error: unknown, hops = 5): ChainedError[] {
  const chain: ChainedError[] = [];
  let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  for (let hop = 0; e && hop < hops; hop += 1) {
    chain.push({
      error: e,
      code: typeof e.code === 'string' ? e.code : '',
      message: typeof e.message === 'string' ? e.message : '',
      errors: Array.isArray(e.errors) ? e.errors : [],
    });
    e = e.cause as typeof e;
  }
  return chain;
}
