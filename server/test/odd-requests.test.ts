/**
 * Odd requests get a 4xx with a sentence, never a 5xx: NUL characters, content types the
 * operation does not declare, multipart without a boundary, missing or null bodies, values the
 * database refuses. A 500 that remains is logged with its cause and the request id.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { createSession } from '../src/auth/sessions.js';
import { users } from '../src/db/schema.js';
import { inputErrorOf } from '../src/lib/request-guards.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { cloneTestDatabase } from './helpers/test-database.js';
import { TEST_ADMIN, TEST_ENV } from './helpers/constants.js';
import { multipart } from './helpers/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('a NUL character is refused with a 400 naming the field', () => {
  test.each([
    ['a body field', 'PUT', '/allergy/ID', { name: 'nuts\u0000' }, 'body/name'],
    [
      'a nested body field',
      'PUT',
      '/static?slug=frequently-asked-questions',
      { faqs: [{ question: 'q', answer: 'a\u0000' }] },
      'body/faqs[0]/answer',
    ],
    ['a query parameter', 'GET', '/admin/users?search=a%00b', undefined, 'querystring/search'],
    ['a path parameter', 'GET', '/admin/booking/%00', undefined, 'params/id'],
  ])('in %s', async (_where, method, url, payload, field) => {
    const res = await t.as({
      method: method as 'GET',
      url: `/api/v1${url.replace('ID', '00000000-0000-4000-8000-000000000000')}`,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Invalid request: ${field} must not contain the NUL character (U+0000)`,
    );
  });

  test('in a multipart field', async () => {
    const form = await multipart({ name: 'Thai\u0000' });
    const res = await t.as({ method: 'POST', url: '/api/v1/cuisine', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body/name must not contain the NUL character');
  });
});

describe('content types', () => {
  test.each([
    ['text/plain', '{"title":"x","content":"<p>x</p>"}'],
    ['application/x-www-form-urlencoded', 'title=x&content=x'],
    ['application/xml', '<x/>'],
  ])('%s on a JSON operation is a 415', async (type, payload) => {
    const res = await t.as({
      method: 'POST',
      url: '/api/v1/static',
      headers: { 'content-type': type },
      payload,
    });
    await expectContract(res, 'createStaticContent', 415);
    expect(res.json().message).toBe(
      `Content type "${type}" is not accepted here; send application/json`,
    );
  });

  test('JSON on a multipart operation is a 415', async () => {
    const res = await t.as({
      method: 'POST',
      url: '/api/v1/menu/bulk',
      headers: json,
      payload: '{}',
    });
    await expectContract(res, 'createMenuItem', 415);
  });

  test('a body on an operation that takes none is a 415', async () => {
    const res = await t.as({
      method: 'DELETE',
      url: '/api/v1/bookingType/00000000-0000-4000-8000-000000000000',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    await expectContract(res, 'deleteBookingType', 415);
    expect(res.json().message).toBe('This operation takes no request body');
  });

  test.each(['multipart/form-data', 'multipart/form-data; boundary='])(
    '"%s" without a boundary is a 400',
    async (type) => {
      const res = await t.as({
        method: 'POST',
        url: '/api/v1/cuisine',
        headers: { 'content-type': type },
        payload: '--x\r\n',
      });
      await expectContract(res, 'createCuisine', 400);
      expect(res.json().message).toBe(
        'A multipart/form-data body needs a boundary in its Content-Type',
      );
    },
  );

  test('a malformed multipart body is a 400', async () => {
    const res = await t.as({
      method: 'POST',
      url: '/api/v1/menu/bulk',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nbroken',
    });
    await expectContract(res, 'createMenuItem', 400);
    expect(res.json().message).toMatch(
      /^Invalid request: the multipart\/form-data body is malformed/,
    );
  });
});

describe('missing, null and array bodies are 400s', () => {
  test.each([
    ['POST', '/static', 'createStaticContent', 'null'],
    ['POST', '/static', 'createStaticContent', '[]'],
    ['POST', '/static', 'createStaticContent', undefined],
    ['PUT', '/configuration', 'updateConfiguration', 'null'],
  ])('%s %s with %s', async (method, url, operationId, payload) => {
    const res = await t.as({
      method: method as 'POST',
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { headers: json, payload }),
    });
    await expectContract(res, operationId, 400);
  });

  test.each([
    ['/cuisine', 'createCuisine'],
    ['/menu/bulk', 'createMenuItem'],
  ])('POST %s with no body at all', async (url, operationId) => {
    const res = await t.as({ method: 'POST', url: `/api/v1${url}` });
    await expectContract(res, operationId, 400);
    expect(res.json().message).toBe('Invalid request: a request body is required');
  });
});

describe('values the database refuses are 400s', () => {
  test.each(['9223372036854775808', '1e309', '99999999999999999999'])('skip=%s', async (skip) => {
    const res = await t.as({ method: 'GET', url: `/api/v1/admin/activityLogs?skip=${skip}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  test('inputErrorOf maps data exceptions found along the cause chain, nothing else', () => {
    const wrapped = { message: 'query failed', cause: { code: '22003' } };
    expect(inputErrorOf(wrapped)?.message).toBe('Invalid request: a number is out of range');
    expect(inputErrorOf({ code: '22P02' })?.statusCode).toBe(400);
    expect(inputErrorOf({ code: '22ZZZ' })?.message).toBe('Invalid request: a value is not valid');
    expect(inputErrorOf({ code: '57P01' })).toBeNull();
    expect(inputErrorOf(new Error('boom'))).toBeNull();
  });
});

test('a 500 is logged with its cause and the request id it answered', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const database = await cloneTestDatabase();
  const config = { ...readConfig(TEST_ENV), buildDir: '/nonexistent', ...TEST_ADMIN };
  const app = await buildApp({ database, config, logger: { level: 'error', stream } });
  const [admin] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, TEST_ADMIN.adminEmail));
  const token = await createSession(database.db, admin.id, 60_000);
  // The database goes away under the running server: a fault that is not the caller's.
  await database.close();
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/users',
    headers: { authorization: `Bearer ${token}` },
  });
  await app.close();
  expect(res.statusCode).toBe(500);
  expect(res.json().message).toBe('Internal server error');
  const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const entry = logged.find((line) => String(line.msg).startsWith('500 for request'));
  expect(entry).toBeDefined();
  expect(entry!.reqId).toBeTruthy();
  expect(entry!.msg).toBe(`500 for request ${String(entry!.reqId)}`);
  expect((entry!.err as { message?: string }).message).toBeTruthy();
});
