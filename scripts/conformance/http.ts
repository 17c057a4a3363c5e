/** HTTP for the checker: one request, its answer read as JSON when it says it is JSON. */

export type Body =
  | { type: 'json'; value: unknown }
  | { type: 'form'; value: Record<string, string> }
  | { type: 'multipart'; value: Record<string, string> };

export type Request = {
  method: string;
  /** path and query, relative to the base URL, e.g. /admin/users?limit=2 */
  target: string;
  body?: Body;
  /** a token, none (null), or a deliberately malformed one */
  token: string | null;
  headers?: Record<string, string>;
};

export type Answer = {
  status: number;
  contentType?: string;
  body: unknown;
  /** set when the body says it is JSON but does not parse */
  unparsable?: string;
};

export const MALFORMED_TOKEN = 'not-a-token.conformance-check';

export async function send(baseUrl: string, request: Request): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.token !== null) headers.authorization = `Bearer ${request.token}`;
  let body: string | FormData | undefined;
  if (request.body?.type === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.value);
  } else if (request.body?.type === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.body.value).toString();
  } else if (request.body?.type === 'multipart') {
    body = new FormData();
    for (const [name, value] of Object.entries(request.body.value)) body.append(name, value);
  }
  const response = await fetch(`${baseUrl}${request.target}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const contentType = response.headers.get('content-type') ?? undefined;
  // An event stream (GET /events) stays open: its first chunk is enough to check.
  const text = contentType?.startsWith('text/event-stream')
    ? await firstChunk(response)
    : await response.text();
  if (!contentType?.includes('json') || text === '')
    return { status: response.status, contentType, body: text };
  try {
    return { status: response.status, contentType, body: JSON.parse(text) };
  } catch {
    return { status: response.status, contentType, body: text, unparsable: text.slice(0, 80) };
  }
}

async function firstChunk(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value ? new TextDecoder().decode(value) : '';
}

/** How a request reads in the report: method, target, body (passwords hidden), authentication. */
export function describeRequest(request: Request, signedIn: string | undefined, secured: boolean) {
  const auth = !secured
    ? ''
    : request.token === null
      ? ' without a token'
      : request.token === MALFORMED_TOKEN
        ? ' with a malformed token'
        : request.token !== signedIn
          ? ' with a second session'
          : '';
  const hidden = (key: string, value: unknown) => (/password/i.test(key) ? '***' : value);
  const body = request.body ? ` ${JSON.stringify(request.body.value, hidden)}` : '';
  return `${request.method} ${request.target}${body}${auth}`;
}

export function withQuery(path: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}
