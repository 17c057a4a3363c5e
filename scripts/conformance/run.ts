/**
 * One conformance run: sign in, read everything the signed-in admin's role allows, check that
 * every operation it does not allow is refused (403) and that every secured operation refuses a
 * missing or malformed token, (with --write) round-trip the checker's own records, sign a second
 * session out. Returns each operation's result; the exit code is 1 when any failed.
 */
import { randomBytes } from 'node:crypto';
import { loadContract } from '../../openapi/tools/load-contract.js';
import { MALFORMED_TOKEN, type Request } from './http.js';
import { propertiesOf, type Operation } from './operations.js';
import { exerciseReads, headersOf, target } from './reads.js';
import { Session, type OperationResult, type Options } from './session.js';
import { createValues, UNKNOWN_UUID } from './values.js';
import { exerciseWrites } from './writes.js';

export type { Options };

export type Report = { results: OperationResult[]; exitCode: 0 | 1 };

export async function runConformance(options: Options): Promise<Report> {
  const contract = await loadContract();
  const session = new Session(contract, {
    ...options,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
  });
  const unknown = options.only?.filter((id) => !session.results.has(id)) ?? [];
  if (unknown.length > 0) throw new Error(`No operation ${unknown.join(', ')} in the contract`);
  const values = createValues(session);
  const login = session.operations.find((op) => isLogin(session, op));
  if (!login)
    throw new Error(
      'The contract has no sign-in operation (an unsecured POST taking email and password)',
    );

  // Sign-in is always judged: nothing else can be checked without it.
  session.token = await signIn(session, login, false);
  if (!session.token) return finish(session, new Set([login]));
  await exerciseReads(session, values);
  const done = new Set<Operation>([
    login,
    ...session.operations.filter((op) => op.method === 'GET'),
    ...(await checkDenied(session, values)),
  ]);
  if (options.write) for (const op of await exerciseWrites(session, values, runId())) done.add(op);
  const logout = session.operations.find((op) => isLogout(op, login));
  if (logout && session.selected(logout)) {
    await checkLogout(session, login, logout);
    done.add(logout);
  }
  await checkAuth(session, values);
  return finish(session, done);
}

const runId = () => `${new Date().toISOString().slice(0, 10)} ${randomBytes(3).toString('hex')}`;

function isLogin(session: Session, op: Operation) {
  const schema = op.body?.['application/json'];
  if (op.method !== 'POST' || op.secured || !schema) return false;
  const properties = propertiesOf(schema, session.resolve);
  return 'email' in properties && 'password' in properties;
}

/** The secured POST beside sign-in that takes nothing: signing out. */
function isLogout(op: Operation, login: Operation) {
  return (
    op.method === 'POST' &&
    op.secured &&
    !op.body &&
    op.parameters.length === 0 &&
    op.tags[0] === login.tags[0]
  );
}

async function signIn(session: Session, login: Operation, quiet: boolean) {
  const { email, password } = session.options;
  const answer = await session.exchange(
    login,
    {
      method: 'POST',
      target: login.path,
      token: null,
      body: { type: 'json', value: { email, password } },
    },
    'success',
    quiet,
  );
  const token = findToken(answer?.body);
  if (answer && !token) session.note(login, 'the answer holds no token');
  if (!quiet) session.permissions = findPermissions(answer?.body);
  return token;
}

/** `data.user.permissions` of the sign-in answer: what the admin's team role grants. */
function findPermissions(body: unknown): Set<string> | undefined {
  const permissions = (body as { data?: { user?: { permissions?: unknown } } } | undefined)?.data
    ?.user?.permissions;
  return Array.isArray(permissions) ? new Set(permissions.map(String)) : undefined;
}

/**
 * Every operation the signed-in admin's role does not allow must be refused with 403, before
 * anything is read or changed: it is called with an unknown id and an empty body, so that a
 * backend which forgot its check still changes nothing.
 */
async function checkDenied(session: Session, values: ReturnType<typeof createValues>) {
  const denied = session.operations.filter(
    (op) => op.secured && !session.allowed(op) && session.selected(op),
  );
  for (const operation of denied) {
    session.note(
      operation,
      `the signed-in admin's role lacks ${operation.permission}: checked that it is refused`,
    );
    const given = unknownValues(operation, values);
    await session.exchange(
      operation,
      {
        method: operation.method,
        target: target(operation, given),
        headers: headersOf(given),
        token: session.token!,
        ...(operation.body ? { body: { type: 'json', value: {} } } : {}),
      },
      403,
    );
  }
  return denied;
}

function findToken(body: unknown, depth = 0): string | undefined {
  if (!body || typeof body !== 'object' || depth > 2) return undefined;
  for (const [key, value] of Object.entries(body)) {
    if (/^(token|accessToken|access_token)$/.test(key) && typeof value === 'string') return value;
  }
  for (const value of Object.values(body)) {
    const found = findToken(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Signs in a second session, signs it out, and checks the token is refused afterwards. */
async function checkLogout(session: Session, login: Operation, logout: Operation) {
  const second = await signIn(session, login, true);
  if (!second) return;
  const answer = await session.exchange(
    logout,
    { method: 'POST', target: logout.path, token: second },
    'success',
  );
  const probe = session.operations.find(
    (op) => op.method === 'GET' && op.secured && op.parameters.every((p) => !p.required),
  );
  if (answer && probe) {
    await session.exchange(logout, { method: 'GET', target: probe.path, token: second }, 401);
  }
}

/**
 * Every secured operation without a token and with a malformed one must answer 401. Reads use the
 * values they were exercised with; writes an unknown id and an empty body, so that a backend
 * which forgot its check still changes nothing.
 */
async function checkAuth(session: Session, values: ReturnType<typeof createValues>) {
  for (const operation of session.operations.filter((op) => op.secured && session.selected(op))) {
    const read = operation.method === 'GET';
    const given = read ? values.required(operation).values : unknownValues(operation, values);
    for (const token of [null, MALFORMED_TOKEN]) {
      const request: Request = {
        method: operation.method,
        target: target(operation, given),
        headers: headersOf(given),
        token,
        ...(operation.body ? { body: { type: 'json', value: {} } } : {}),
      };
      await session.exchange(operation, request, 401);
    }
  }
}

function unknownValues(operation: Operation, values: ReturnType<typeof createValues>) {
  const given: Record<string, Record<string, unknown>> = { path: {}, query: {}, header: {} };
  for (const parameter of operation.parameters.filter((p) => p.required)) {
    (given[parameter.in] ??= {})[parameter.name] =
      parameter.schema.format === 'uuid' ? UNKNOWN_UUID : values.unknownValue(parameter.schema);
  }
  return given;
}

function finish(session: Session, done: Set<Operation>): Report {
  const results = [...session.results.values()].filter(
    (r) => session.selected(r.operation) || r.failures.length > 0,
  );
  for (const result of results) {
    if (done.has(result.operation)) continue;
    result.exercised = false;
    const writes = result.operation.method !== 'GET';
    session.note(
      result.operation,
      !session.token
        ? 'sign-in failed'
        : !session.options.write && writes
          ? 'a write: run with --write'
          : 'no safe round trip: it would change data the checker did not create',
    );
  }
  const failed = !session.token || results.some((r) => r.failures.length > 0 || r.unreachable);
  return { results, exitCode: failed ? 1 : 0 };
}
