/**
 * The checker against the reference server: it passes (read-only in-process, --write through the
 * command line with a JUnit report), and through a proxy that breaks one answer at a time it names
 * each break and exits 1. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../../server/src/app.js';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { TEST_ADMIN } from '../../server/test/helpers/constants.js';
import { table } from './report.js';
import { runConformance } from './run.js';

let testApp: TestApp;
let apiUrl: string;
let seededFee: number;
const credentials = { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword };

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/api/v1`;
  seededFee = (await testApp.as({ method: 'GET', url: '/api/v1/configuration' })).json().data
    .platformFee;
});

afterAll(() => testApp?.close());

test('the reference server keeps the contract (read-only): every read exercised, every secured operation refuses a missing or malformed token', async () => {
  const report = await runConformance({ baseUrl: apiUrl, ...credentials, write: false });
  const output = table(report.results);
  expect(report.exitCode).toBe(0);
  expect(output).not.toMatch(/FAIL|UNREACHABLE/);
  for (const result of report.results) {
    expect(result.failures).toEqual([]);
    if (result.operation.method === 'GET') expect(result.exercised).toBe(true);
    if (result.operation.secured) expect(result.passed).toBeGreaterThanOrEqual(2);
  }
});

test('signed in with a role that may not do everything, what it lacks is checked to be refused (403)', async () => {
  const report = await runConformance({
    baseUrl: apiUrl,
    email: 'viewer@example.com',
    password: 'viewer1234',
    write: false,
  });
  expect(table(report.results)).not.toMatch(/FAIL|UNREACHABLE/);
  expect(report.exitCode).toBe(0);
  const exportUsers = report.results.find((result) => result.operation.id === 'exportUsers')!;
  expect(exportUsers.notes).toContain(
    "the signed-in admin's role lacks users.export: checked that it is refused",
  );
  // The refusal, the missing token and the malformed one.
  expect(exportUsers.passed).toBe(3);
  const listUsers = report.results.find((result) => result.operation.id === 'listUsers')!;
  expect(listUsers.exercised).toBe(true);
  expect(listUsers.notes.join()).not.toMatch(/lacks/);
});

test('the command with --write passes, round-trips its own records and writes a JUnit report', async () => {
  const junitFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'conformance-')), 'junit.xml');
  const { stdout } = await promisify(execFile)(
    'node_modules/.bin/tsx',
    [
      'scripts/conformance.ts',
      '--base-url',
      apiUrl,
      '--email',
      credentials.email,
      '--password',
      credentials.password,
      '--write',
      '--junit',
      junitFile,
    ],
    { timeout: 120_000 },
  );
  for (const id of [
    'createBookingType',
    'updateBookingType',
    'deleteBookingType',
    'createCategory',
    'updateCategory',
    'createStaticContent',
    'updateStaticContent',
    'deleteStaticContent',
    'createSavedView',
    'renameSavedView',
    'deleteSavedView',
    'updateConfiguration',
  ]) {
    expect(stdout).toMatch(new RegExp(`^${id} +\\d+ +\\d+ +ok`, 'm'));
  }
  expect(stdout).toMatch(
    /^refundOrder +2 +2 +401 checks only, not exercised \(no safe round trip/m,
  );
  const xml = await readFile(junitFile, 'utf8');
  expect(xml).toContain('failures="0"');
  expect(xml).toContain('<testcase name="listBookings" classname="Bookings"/>');
  // Its own records are gone or deactivated; the platform fee is back.
  const types = await testApp.as({ method: 'GET', url: '/api/v1/bookingTypes?search=Conformance' });
  expect(types.json().count).toBe(0);
  const categories = await testApp.as({
    method: 'GET',
    url: '/api/v1/admin/categories?search=Conformance',
  });
  expect(categories.json().data.map((c: { status: boolean }) => c.status)).toEqual([false]);
  const fee = await testApp.as({ method: 'GET', url: '/api/v1/configuration' });
  expect(fee.json().data.platformFee).toBe(seededFee);
});

test('with --write, a fee change the backend sends for approval (202) is withdrawn, not left waiting', async () => {
  const config = testApp.app.config;
  const app = await buildApp({
    database: testApp.database,
    config: { ...config, approvals: { ...config.approvals, feeChanges: true } },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await runConformance({
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`,
      ...credentials,
      write: true,
      only: ['updateConfiguration', 'getConfiguration'],
    });
    expect(report.exitCode).toBe(0);
    const update = report.results.find((r) => r.operation.id === 'updateConfiguration')!;
    expect(update.notes).toContain('the change needs approval (202): its request was withdrawn');
    const waiting = await testApp.as({
      method: 'GET',
      url: '/api/v1/admin/approvals?status=pending&kind=platform_fee',
    });
    expect(waiting.json().count).toBe(0);
    const fee = await testApp.as({ method: 'GET', url: '/api/v1/configuration' });
    expect(fee.json().data.platformFee).toBe(seededFee);
  } finally {
    await app.close();
  }
});

type Break = (request: http.IncomingMessage, answer: { status: number; body: unknown }) => void;

/** A proxy to the reference server that lets `breakAnswer` change answers to matching requests. */
async function breakingProxy(
  breakAnswer: Break,
  addToken?: (request: http.IncomingMessage) => boolean,
  ignoreSkip = false,
  ignoreIfMatch = false,
) {
  let token: string | undefined;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = { ...request.headers } as Record<string, string>;
    delete headers.host;
    // A backend that never checks versions: the If-Match sent never arrives.
    if (ignoreIfMatch) delete headers['if-match'];
    if (token && !headers.authorization && addToken?.(request))
      headers.authorization = `Bearer ${token}`;
    // A backend that ignores skip on the restaurants list (see the cases below).
    const url =
      on('GET', '/admin/restaurants', request) && ignoreSkip
        ? request.url!.replace(/skip=\d+/, 'skip=0')
        : request.url;
    const upstream = await fetch(`${apiUrl}${url}`, {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const text = await upstream.text();
    const type = upstream.headers.get('content-type') ?? '';
    // Answers that are not JSON (a CSV export) pass through untouched.
    if (!type.includes('json')) {
      response.writeHead(upstream.status, { 'content-type': type });
      response.end(text);
      return;
    }
    const answer = { status: upstream.status, body: text ? (JSON.parse(text) as unknown) : text };
    token ??= (answer.body as { token?: string }).token;
    breakAnswer(request, answer);
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

const on = (method: string, pathname: string, request: http.IncomingMessage) =>
  request.method === method && request.url?.split('?')[0] === pathname;

test.each([
  {
    what: 'a wrong type',
    only: 'listUsers',
    breakAnswer: ((request, answer) => {
      const rows = (answer.body as { data?: { email: unknown }[] }).data;
      if (on('GET', '/admin/users', request) && rows?.[0]) rows[0].email = 42;
    }) as Break,
    expected:
      /^listUsers .*FAIL GET \/admin\/users at \/data\/0\/email: expected a string, got number 42/m,
  },
  {
    what: 'a missing required field',
    only: 'listBookings',
    breakAnswer: ((request, answer) => {
      if (on('GET', '/admin/bookings', request)) delete (answer.body as { count?: number }).count;
    }) as Break,
    expected:
      /^listBookings .*FAIL GET \/admin\/bookings at \/count: expected the required property "count", got nothing \(missing\)/m,
  },
  {
    what: 'an undeclared status code',
    only: 'getTotalRevenue',
    breakAnswer: ((request, answer) => {
      if (on('GET', '/total/revenue', request) && request.headers.authorization)
        answer.status = 418;
    }) as Break,
    expected:
      /^getTotalRevenue .*FAIL GET \/total\/revenue: expected a declared status \(HTTP 200, 400, 401, 403, 503\), got HTTP 418/m,
  },
  {
    what: 'a secured operation answering 200 without a token',
    only: 'getTotalUsers',
    breakAnswer: (() => undefined) as Break,
    addToken: (request: http.IncomingMessage) => on('GET', '/total/user', request),
    expected:
      /^getTotalUsers .*FAIL GET \/total\/user without a token: expected HTTP 401, got HTTP 200/m,
  },
  {
    what: 'a list that ignores skip',
    only: 'listRestaurants',
    breakAnswer: (() => undefined) as Break,
    ignoreSkip: true,
    expected:
      /^listRestaurants .*FAIL GET \/admin\/restaurants\?skip=2&limit=2 at \/data: expected rows after the first 2 \(skip=2\), got rows of the first page again/m,
  },
])('names $what and exits 1', async ({ only, breakAnswer, addToken, ignoreSkip, expected }) => {
  const proxy = await breakingProxy(breakAnswer, addToken, ignoreSkip);
  try {
    const report = await runConformance({
      baseUrl: proxy.url,
      ...credentials,
      write: false,
      only: [only],
    });
    const output = table(report.results);
    expect(report.exitCode).toBe(1);
    expect(output).toMatch(expected);
    expect(report.results.map((r) => r.operation.id)).toEqual([only]);
  } finally {
    await proxy.close();
  }
});

test('an unreachable backend is reported and the command exits 1', async () => {
  const run = promisify(execFile)('node_modules/.bin/tsx', [
    'scripts/conformance.ts',
    '--base-url',
    'http://127.0.0.1:9/api/v1',
    '--email',
    credentials.email,
    '--password',
    credentials.password,
  ]);
  await expect(run).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringMatching(
      /^login .*UNREACHABLE POST \/user\/login .*: expected an answer, got no answer/m,
    ),
  });
});

test('a refused sign-in fails the run, even with --only, and the password is not printed', async () => {
  const report = await runConformance({
    baseUrl: apiUrl,
    email: credentials.email,
    password: 'not-the-password',
    write: false,
    only: ['listUsers'],
  });
  const output = table(report.results);
  expect(report.exitCode).toBe(1);
  expect(output).toMatch(
    /^login .*FAIL POST \/user\/login \{"email":"admin@example.com","password":"\*\*\*"\}: expected a 2xx answer, got HTTP 401/m,
  );
  expect(output).toMatch(/^listUsers +0 +0 +not exercised \(sign-in failed\)$/m);
  expect(output).not.toContain('not-the-password');
});

test('with --write, a backend that ignores If-Match is named: a stale write must be refused with 412 and change nothing', async () => {
  const proxy = await breakingProxy(() => undefined, undefined, false, true);
  try {
    const report = await runConformance({
      baseUrl: proxy.url,
      ...credentials,
      write: true,
      only: ['createBookingType', 'updateBookingType', 'deleteBookingType'],
    });
    expect(report.exitCode).toBe(1);
    const output = table(report.results);
    expect(output).toMatch(
      /^updateBookingType .*FAIL PUT \/bookingType\/\S+ .*: expected HTTP 412, got HTTP 200/m,
    );
    expect(output).toMatch(
      /^deleteBookingType .*FAIL DELETE \/bookingType\/\S+: expected HTTP 412, got HTTP 200/m,
    );
  } finally {
    await proxy.close();
  }
});
