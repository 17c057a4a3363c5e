import { jest } from '@jest/globals';
import { API_BASE_URL } from '../api/config';

export interface MockRequest {
  method: string;
  /** Path below the API base URL, e.g. '/user/login'. */
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

export type MockHandler = (
  request: MockRequest,
) => MockReply | undefined | Promise<MockReply | undefined>;

/** A JSON reply; replies with status 0 make the call fail as a network error. */
export function reply(status: number, body?: unknown): MockReply {
  return { status, body };
}

/**
 * Replaces fetch with `handler` for API calls and records each request. Unhandled calls (the
 * handler returns undefined) answer 404.
 */
export function mockApi(handler: MockHandler) {
  const calls: MockRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: MockRequest = {
      method: request.method,
      path: url.pathname.replace(API_BASE_URL, ''),
      url,
      headers: request.headers,
      body: await bodyOf(request),
    };
    calls.push(call);
    const answer = (await handler(call)) ?? reply(404, { success: false, message: 'Not found' });
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}

/** JSON bodies parsed; multipart bodies as FormData, form-encoded ones as URLSearchParams. */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(text);
  return text ? JSON.parse(text) : undefined;
}

export const adminUser = {
  _id: '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: true,
};

export const sessionCheckOk = reply(200, {
  success: true,
  message: 'OK',
  status_code: 200,
  data: { bookingCount: 3, percentageIncrease: 0 },
});
