/**
 * A fuzzer driven by the contract: for every operation it derives a plausible request from the
 * operation's parameters and body schema, then spoils it one way at a time (wrong types, null,
 * huge and negative numbers, 100 kB strings, NUL, unicode and naughty strings, malformed ids,
 * malformed JSON, wrong content types, missing and extra fields, odd tokens). Everything comes
 * from a seeded generator, so a seed reproduces a run exactly. Used by server/test/fuzz.test.ts
 * (CI) and scripts/fuzz.ts (longer runs).
 */
import { injectHead } from './inject-head.js';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../src/contract.js';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
};

export type FuzzRequest = {
  operationId: string;
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** which token to send: the admin's, none, or a malformed one */
  auth: 'admin' | 'none' | 'malformed';
};

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
type Random = ReturnType<typeof random>;

const HUGE = 'x'.repeat(100_000);
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  HUGE,
  '🙂'.repeat(2000),
  '\u202eevil RTL override',
  'שלום مرحبا',
  'Ω≈ç√∫˜µ≤≥÷ ｕｎｉｃｏｄｅ',
  'ﷺ𝕏𝔘𝔫𝔦',
  '\ud800',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '1e309',
  '-1e309',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999999999',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '9999-99-99',
  '0000-00-00T00:00:00Z',
  '\r\n\t',
  '$where',
  '{"$gt":""}',
];
const ODD_NUMBERS = [
  '1e309',
  '-1e309',
  '9223372036854775808',
  '-9223372036854775809',
  '1e20',
  '-1e20',
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '-0',
  '1.5',
  '0.0000001',
  '1e-320',
  '123456789012345678901234567890',
];
const ODD_VALUES = ['null', 'true', 'false', '[]', '{}', '[[[]]]', '{"a":{"b":{"c":[1,2,3]}}}'];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(5000),
  '"just a string"',
  '42',
  'null',
  '[]',
  '',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/png',
  'application/vnd.api+json',
  'text/html; charset=utf-8',
];

/** The contract object at a local `$ref`, or the node itself. */
function resolve<T>(contract: Contract, node: T | { $ref: string }): T {
  let current = node as { $ref?: string };
  for (let hops = 0; current?.$ref && hops < 20; hops += 1) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce<unknown>(
      (object, key) =>
        (object as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      contract,
    ) as { $ref?: string };
  }
  return current as T;
}

/** A plausible value for a schema (so that one spoiled part is what the server sees as wrong). */
function sample(contract: Contract, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve<Schema>(contract, raw ?? {});
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sample(contract, part, depth + 1)));
  }
  const alternative = schema.oneOf ?? schema.anyOf;
  if (alternative) return sample(contract, alternative[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || depth === 0)
          value[key] = sample(contract, property, depth + 1);
      }
      return value;
    }
    case 'array':
      return [sample(contract, schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'fuzz'.padEnd(schema.minLength ?? 1, 'z');
    default:
      return 'fuzz';
  }
}

/** Query or path text for an odd value; a lone surrogate cannot be URI-encoded, so it goes raw. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function queryString(values: [string, string][]): string {
  return values.length ? `?${values.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
}

/** A JSON body with one property replaced by raw JSON text (so 1e309 reaches the parser as is). */
function withRawProperty(body: Record<string, unknown>, key: string, rawJson: string): string {
  const placeholder = `"__fuzz_${key}__"`;
  return JSON.stringify({ ...body, [key]: `__fuzz_${key}__` }).replace(placeholder, rawJson);
}

function multipartBody(fields: [string, string | Buffer][], boundary = 'fuzzboundary') {
  const parts = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${
          Buffer.isBuffer(value) ? `; filename="f.png"\r\nContent-Type: image/png` : ''
        }\r\n\r\n`,
      ),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]),
  );
  return Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
}

type OperationInfo = {
  operationId: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  bodyTypes: string[];
  bodySchema?: Schema;
};

/** Every operation of the contract with its parameters and body, references resolved. */
export function operationsOf(contract: Contract): OperationInfo[] {
  const result: OperationInfo[] = [];
  for (const [path, rawItem] of Object.entries(contract.paths)) {
    const item = resolve<Record<string, unknown>>(contract, rawItem);
    const shared = ((item.parameters as Parameter[] | undefined) ?? []).map((p) =>
      resolve<Parameter>(contract, p),
    );
    for (const [method, value] of Object.entries(item)) {
      const operation = value as Operation;
      if (!operation?.operationId) continue;
      const params = [
        ...shared,
        ...(operation.parameters ?? []).map((p) => resolve<Parameter>(contract, p)),
      ];
      const body = operation.requestBody
        ? resolve<NonNullable<Operation['requestBody']>>(contract, operation.requestBody)
        : undefined;
      const bodyTypes = Object.keys(body?.content ?? {});
      result.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        bodyTypes,
        bodySchema: bodyTypes.length ? body?.content?.[bodyTypes[0]]?.schema : undefined,
      });
    }
  }
  return result;
}

/** `perOperation` odd requests for each operation, the same ones for the same seed. */
export function* fuzzRequests(
  contract: Contract,
  {
    seed,
    perOperation,
    prefix = '/api/v1',
  }: { seed: number; perOperation: number; prefix?: string },
): Generator<FuzzRequest> {
  const rng = random(seed);
  for (const op of operationsOf(contract)) {
    const base = (sample(contract, op.bodySchema) ?? {}) as Record<string, unknown>;
    const bodyKeys = Object.keys(base);
    const kinds = [
      'query',
      'query',
      'auth',
      'content-type',
      ...(op.pathParams.length ? ['path', 'path', 'path'] : []),
      ...(op.bodyTypes.length ? ['body-field', 'body-field', 'body-field', 'body-whole'] : []),
    ];
    for (let i = 0; i < perOperation; i += 1) {
      yield spoil(contract, rng, op, base, bodyKeys, rng.pick(kinds), prefix);
    }
  }
}

function spoil(
  contract: Contract,
  rng: Random,
  op: OperationInfo,
  base: Record<string, unknown>,
  bodyKeys: string[],
  kind: string,
  prefix: string,
): FuzzRequest {
  const pathValues: Record<string, string> = {};
  for (const p of op.pathParams) pathValues[p.name] = '00000000-0000-4000-8000-000000000000';
  const query: [string, string][] = op.queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, String(sample(contract, p.schema))]);
  const headers: Record<string, string> = {};
  let auth: FuzzRequest['auth'] = 'admin';
  const multipart = op.bodyTypes[0] === 'multipart/form-data';
  let contentType = op.bodyTypes[0];
  let payload: string | Buffer | undefined = op.bodyTypes.length
    ? multipart
      ? multipartBody(Object.entries(base).map(([k, v]) => [k, String(v)]))
      : contentType === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(
            Object.entries(base).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString()
        : JSON.stringify(base)
    : undefined;
  let detail = kind;

  switch (kind) {
    case 'path': {
      const param = rng.pick(op.pathParams);
      const value = rng.pick([...ODD_STRINGS, 'not-a-uuid', '1', '../admin', '%2e%2e%2f']);
      pathValues[param.name] = value;
      detail = `path ${param.name}=${JSON.stringify(value.slice(0, 40))}`;
      break;
    }
    case 'query': {
      const target = op.queryParams.length && rng.next() < 0.85 ? rng.pick(op.queryParams) : null;
      const name = target?.name ?? rng.pick(['unknown', 'skip', '__proto__', 'limit[]', '']);
      const numeric = ['integer', 'number'].includes(String(target?.schema?.type));
      const value = rng.pick(numeric && rng.next() < 0.6 ? ODD_NUMBERS : ODD_STRINGS);
      const filtered = query.filter(([k]) => k !== name);
      filtered.push([name, value]);
      if (rng.next() < 0.2) filtered.push([name, rng.pick(ODD_STRINGS)]); // repeated
      query.splice(0, query.length, ...filtered);
      detail = `query ${name}=${JSON.stringify(value.slice(0, 40))}`;
      break;
    }
    case 'auth': {
      auth = rng.pick(['none', 'malformed'] as const);
      if (auth === 'malformed') {
        headers.authorization = rng.pick([
          'Bearer',
          'Bearer ',
          `Bearer ${HUGE}`,
          'Bearer \u0000',
          'Basic YWRtaW46YWRtaW4=',
          'Bearer a.b.c',
          'bearer    spaced',
        ]);
      }
      detail = `auth ${auth} ${(headers.authorization ?? '').slice(0, 20)}`;
      break;
    }
    case 'content-type': {
      contentType = rng.pick(CONTENT_TYPES);
      payload = rng.pick([
        'a=b&c=d',
        '{"a":1}',
        '<xml/>',
        '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--zzz--\r\n',
        '\u0000\u0001\u0002',
        '',
        ...(payload === undefined ? [] : [payload]),
      ]);
      detail = `content-type ${contentType}`;
      break;
    }
    case 'body-field': {
      const key = bodyKeys.length && rng.next() < 0.9 ? rng.pick(bodyKeys) : 'unexpectedField';
      const action = rng.pick(['string', 'number', 'value', 'remove', 'array', 'nested']);
      const copy: Record<string, unknown> = { ...base };
      // The spoiled value as raw JSON text, so that 1e309 reaches the parser as written.
      const raw =
        action === 'number'
          ? rng.pick(ODD_NUMBERS)
          : action === 'value'
            ? rng.pick(ODD_VALUES)
            : action === 'array'
              ? JSON.stringify(Array.from({ length: 3 }, () => rng.pick(ODD_STRINGS)))
              : action === 'nested'
                ? JSON.stringify({ [rng.pick(['$gt', '__proto__', 'a'])]: rng.pick(ODD_STRINGS) })
                : JSON.stringify(rng.pick(ODD_STRINGS));
      if (action === 'remove') delete copy[key];
      if (multipart || contentType === 'application/x-www-form-urlencoded') {
        const pairs = Object.entries(copy).map(([k, v]): [string, string] => [k, String(v)]);
        if (action !== 'remove') pairs.push([key, action === 'string' ? JSON.parse(raw) : raw]);
        if (multipart) {
          const file: [string, Buffer][] =
            rng.next() < 0.3 ? [['image', Buffer.from('not an image')]] : [];
          payload = multipartBody([...pairs, ...file]);
        } else payload = new URLSearchParams(pairs).toString();
      } else {
        payload = action === 'remove' ? JSON.stringify(copy) : withRawProperty(copy, key, raw);
      }
      detail = `body ${key} ${action} ${raw.slice(0, 30)}`;
      break;
    }
    case 'body-whole': {
      payload = rng.pick([...MALFORMED_JSON, ...ODD_VALUES]);
      if (rng.next() < 0.3) payload = undefined;
      if (multipart && rng.next() < 0.5) {
        payload = rng.pick([
          Buffer.from('--fuzzboundary\r\nbroken'),
          Buffer.from(''),
          multipartBody([], 'fuzzboundary'),
        ]);
      }
      detail = `whole body ${JSON.stringify(String(payload ?? 'missing').slice(0, 30))}`;
      break;
    }
  }

  const url =
    prefix +
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(pathValues[name] ?? '')) +
    queryString(query);
  if (payload !== undefined && contentType) {
    headers['content-type'] =
      contentType === 'multipart/form-data' && kind !== 'content-type'
        ? 'multipart/form-data; boundary=fuzzboundary'
        : contentType;
  }
  for (const header of op.headerParams) {
    if (rng.next() < 0.5) headers[header.name.toLowerCase()] = rng.pick(ODD_STRINGS).slice(0, 300);
  }
  return {
    operationId: op.operationId,
    kind: detail,
    method: op.method,
    url,
    headers,
    payload,
    auth,
  };
}

export type FuzzResult = {
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  failures: { request: FuzzRequest; status: number | 'hang'; body: string }[];
  ms: number;
  /** time spent per operation, to find the slow ones */
  msByOperation: Record<string, number>;
};

/**
 * Sends every request through `inject` and collects what went wrong: a 5xx answer, or no answer
 * within `timeoutMs`. `tokenFor` gives the admin's token (a fresh one for a logout, so logging
 * out does not end the run's own session).
 */
export async function runFuzz(
  app: FastifyInstance,
  requests: Iterable<FuzzRequest>,
  tokenFor: (operationId: string) => Promise<string>,
  timeoutMs = 10_000,
): Promise<FuzzResult> {
  const started = Date.now();
  const result: FuzzResult = {
    requests: 0,
    operations: 0,
    byStatus: {},
    failures: [],
    ms: 0,
    msByOperation: {},
  };
  const operations = new Set<string>();
  for (const request of requests) {
    operations.add(request.operationId);
    const headers = { ...request.headers };
    if (request.auth === 'admin')
      headers.authorization = `Bearer ${await tokenFor(request.operationId)}`;
    let timer: NodeJS.Timeout | undefined;
    const sent = Date.now();
    const answer = await Promise.race([
      injectHead(app, {
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      }),
      new Promise<'hang'>((resolve) => {
        timer = setTimeout(() => resolve('hang'), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    result.requests += 1;
    result.msByOperation[request.operationId] =
      (result.msByOperation[request.operationId] ?? 0) + Date.now() - sent;
    const status = answer === 'hang' ? 'hang' : answer.statusCode;
    const bucket = status === 'hang' ? 'hang' : `${String(status)[0]}xx`;
    result.byStatus[bucket] = (result.byStatus[bucket] ?? 0) + 1;
    if (status === 'hang' || status >= 500) {
      result.failures.push({
        request: { ...request, payload: String(request.payload ?? '').slice(0, 200) },
        status,
        body: answer === 'hang' ? '' : answer.body.slice(0, 300),
      });
    }
  }
  result.operations = operations.size;
  result.ms = Date.now() - started;
  return result;
}

/** One line of counts, for the test's and the script's output. */
export function summary(result: FuzzResult, seed: number): string {
  const statuses = Object.entries(result.byStatus)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `fuzz seed ${seed}: ${result.requests} requests over ${result.operations} operations in ${(result.ms / 1000).toFixed(1)} s (${statuses}); ${result.failures.length} failures (5xx or no answer)`;
}
