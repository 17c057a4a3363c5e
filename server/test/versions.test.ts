/**
 * Versions, generated from the contract: every write it checks against a version (its If-Match
 * parameter) refuses a stale If-Match with 412 and changes nothing, accepts the current version
 * (answering the new ETag), and still works without If-Match; with REQUIRE_IF_MATCH a write
 * without it is a 428. Every other write says why in `x-unversioned`. Requests are built from
 * the contract's examples (helpers/example-requests.ts), so an operation added later is covered
 * without editing this file. Then the single reads' ETags, the 412's sentence, and the FAQ list.
 */
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadContract, versionedOperations } from '../src/contract.js';
import { auditEvents, users } from '../src/db/schema.js';
import { IF_MATCH_MALFORMED, IF_MATCH_REQUIRED } from '../src/lib/versions.js';
import { createSession } from '../src/auth/sessions.js';
import type { Contract } from '../../openapi/tools/load-contract.js';
import { propertiesOf, resolver, type Schema } from '../../scripts/conformance/operations.js';
import { expectContract } from './helpers/contract.js';
import { exampleRequests, type ExampleRequest } from './helpers/example-requests.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let contract: Contract;
let versioned: Set<string>;
let t: TestApp;
beforeAll(async () => {
  contract = await loadContract();
  versioned = versionedOperations(contract);
  t = await createTestApp();
});
afterAll(() => t.close());

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

type RawOperation = {
  operationId: string;
  responses: Record<string, { headers?: Record<string, unknown> }>;
  'x-unversioned'?: string;
};

/** Every write of the contract with its method. */
function writes(): { method: string; operation: RawOperation }[] {
  return Object.values(contract.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => WRITES.has(method))
      .map(([method, operation]) => ({ method, operation: operation as unknown as RawOperation })),
  );
}

const eventCount = async (app: TestApp) =>
  (await app.database.db.select({ n: count() }).from(auditEvents))[0].n;

const send = (app: TestApp, request: ExampleRequest, ifMatch?: string) =>
  app.as({
    ...request,
    headers: { ...request.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
  });

test('every write declares If-Match or says in x-unversioned why not; a versioned write declares 412 and 428, and its success an ETag when it answers the record', () => {
  const resolve = resolver(contract);
  const all = writes();
  expect(all.length).toBeGreaterThan(30);
  for (const { method, operation } of all) {
    const id = operation.operationId;
    if (!versioned.has(id)) {
      expect({ id, reason: typeof operation['x-unversioned'] }).toEqual({ id, reason: 'string' });
      continue;
    }
    expect({ id, statuses: Object.keys(operation.responses) }).toEqual({
      id,
      statuses: expect.arrayContaining(['412', '428']),
    });
    const success = resolve(
      Object.entries(operation.responses).find(([status]) => status.startsWith('2'))![1],
    ) as { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };
    const answersRecord =
      'data' in propertiesOf(success.content!['application/json'].schema, resolve);
    expect({ id, method, etag: Boolean(success.headers?.ETag) }).toEqual({
      id,
      method,
      etag: answersRecord,
    });
    // A write that answers no record deletes it.
    if (!answersRecord) expect({ id, method }).toEqual({ id, method: 'delete' });
  }
  expect(versioned.size).toBeGreaterThanOrEqual(21);
});

describe('every versioned write', () => {
  const requests = () => exampleRequests(contract);
  const deletes = () =>
    writes()
      .filter(
        ({ method, operation }) => method === 'delete' && versioned.has(operation.operationId),
      )
      .map(({ operation }) => operation.operationId);

  test('refuses a stale If-Match with 412 and changes nothing, accepts the current version with the new ETag, and works without If-Match', async () => {
    const { build } = requests();
    const deleting = new Set(deletes());
    const adminName = 'Ada Admin';
    const checked: string[] = [];
    for (const { operation } of writes()) {
      const id = operation.operationId;
      if (!versioned.has(id)) continue;
      // A delete leaves no record to try again: it runs on a database of its own.
      const app = deleting.has(id) ? await createTestApp() : t;
      try {
        const builder = app === t ? build : exampleRequests(contract).build;
        const request = await builder(id, (options) => app.as(options));
        const before = await eventCount(app);
        // No record has version 0: the answer is the record now, and nothing changes.
        const probe = await expectContract(await send(app, request, '"0"'), id, 412);
        const version = probe.current.version as number;
        expect(version).toBeGreaterThan(0);
        const again = await expectContract(await send(app, request, '"0"'), id, 412);
        expect({ id, version: again.current.version }).toEqual({ id, version });
        expect({ id, events: await eventCount(app) }).toEqual({ id, events: before });

        const success = successOf(id);
        const done = await send(app, request, `"${version}"`);
        await expectContract(done, id, success);
        expect({ id, events: await eventCount(app) }).toEqual({ id, events: before + 1 });
        if (deleting.has(id)) {
          checked.push(id);
          continue;
        }
        const next = Number(JSON.parse(String(done.headers.etag)));
        expect({ id, next: next > version }).toEqual({ id, next: true });

        // Now the version read first is stale: refused, naming who changed what since.
        const stale = await expectContract(await send(app, request, `"${version}"`), id, 412);
        expect({ id, current: stale.current.version }).toEqual({ id, current: next });
        expect(stale.changes.at(-1)).toMatchObject({ version: next, actor: { name: adminName } });
        expect(stale.message).toMatch(
          new RegExp(`^${adminName} changed .+\\. Reload to see it\\.$`),
        );
        expect({ id, events: await eventCount(app) }).toEqual({ id, events: before + 1 });

        const without = await send(app, request);
        await expectContract(without, id, success);
        checked.push(id);
      } finally {
        if (app !== t) await app.close();
      }
    }
    // The deletes without If-Match, last, on the shared database (their records go).
    for (const id of deleting) {
      const request = await build(id, (options) => t.as(options));
      const res = await send(t, request);
      expect({ id, status: res.statusCode }).toEqual({ id, status: 200 });
    }
    expect(checked.sort()).toEqual([...versioned].sort());
  });

  test('with REQUIRE_IF_MATCH=1 a write without If-Match is a 428 naming the header, and changes nothing', async () => {
    const fresh = await createTestApp();
    const strict = await buildApp({
      database: fresh.database,
      config: { ...fresh.app.config, requireIfMatch: true },
    });
    try {
      const { build } = requests();
      const as = (request: ExampleRequest, ifMatch?: string) =>
        strict.inject({
          ...request,
          headers: {
            ...request.headers,
            authorization: `Bearer ${fresh.adminToken}`,
            ...(ifMatch ? { 'if-match': ifMatch } : {}),
          },
        });
      // Built first: a linked operation (a saved view's creation) is a change of its own.
      const prepared = new Map<string, ExampleRequest>();
      for (const id of versioned) prepared.set(id, await build(id, (options) => fresh.as(options)));
      const before = await eventCount(fresh);
      for (const [id, request] of prepared) {
        const body = await expectContract(await as(request), id, 428);
        expect(body.message).toBe(IF_MATCH_REQUIRED);
        // With one, the check is the version's (412 for a version the record does not have).
        await expectContract(await as(request, '"0"'), id, 412);
      }
      expect(await eventCount(fresh)).toBe(before);
    } finally {
      await strict.close();
      await fresh.close();
    }
  });
});

/** The success status the operation declares. */
function successOf(operationId: string): number {
  const write = writes().find(({ operation }) => operation.operationId === operationId)!;
  return Number(Object.keys(write.operation.responses).find((status) => status.startsWith('2')));
}

test('single reads send the record`s version as a strong ETag; list rows carry the same version', async () => {
  const resolve = resolver(contract);
  const { build } = exampleRequests(contract);
  const reads = Object.values(contract.paths)
    .map((item) => item.get as unknown as RawOperation | undefined)
    .filter((op): op is RawOperation => Boolean(op && resolve(op.responses['200'])?.headers?.ETag));
  expect(reads.map((op) => op.operationId).sort()).toEqual(
    expect.arrayContaining(['getBooking', 'getConfiguration', 'getRestaurant']),
  );
  for (const op of reads) {
    const res = await t.as(await build(op.operationId, (options) => t.as(options)));
    const body = await expectContract(res, op.operationId, 200);
    const record = Array.isArray(body.data) ? body.data[0] : body.data;
    expect({ id: op.operationId, etag: res.headers.etag }).toEqual({
      id: op.operationId,
      etag: `"${record.version}"`,
    });
  }
  const restaurant = await t.api('GET', '/admin/restaurant/c1efc6b4-d724-413b-b515-ba4c708fd722');
  const list = (await t.api('GET', '/admin/restaurants?limit=100')).json();
  const row = list.data.find(
    (r: { _id: string }) => r._id === 'c1efc6b4-d724-413b-b515-ba4c708fd722',
  );
  expect(restaurant.headers.etag).toBe(`"${row.version}"`);
});

describe('the 412', () => {
  const finance = async () => {
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'finance@example.com'));
    return createSession(t.database.db, admin.id, 3_600_000);
  };
  const utc = (iso: string) => iso.slice(11, 16);

  test('names who changed the record, when and what, from the audit trail', async () => {
    const rows = (await t.api('GET', '/admin/restaurants?search=Golden%20Fork')).json().data;
    const { _id: id, version } = rows[0];
    const owner = await expectContract(
      await t.api(
        'PUT',
        `/restaurant/${id}`,
        { platformCommission: 12 },
        {
          headers: { 'if-match': `"${version}"` },
        },
      ),
      'updateRestaurant',
      200,
    );
    // The other admin read version `read`, then saved 15% over it (by the ETag it read).
    const read = owner.data.version;
    const theirs = await t.api(
      'PUT',
      `/restaurant/${id}`,
      { platformCommission: 15 },
      {
        token: await finance(),
        headers: { 'if-match': `"${read}"` },
      },
    );
    await expectContract(theirs, 'updateRestaurant', 200);
    const mine = await t.api(
      'PUT',
      `/restaurant/${id}`,
      { platformCommission: 14 },
      {
        headers: { 'if-match': `"${read}"` },
      },
    );
    const body = await expectContract(mine, 'updateRestaurant', 412);
    const [event] = body.changes;
    expect(body.message).toBe(
      `Fiona Finance changed this restaurant at ${utc(event.createdAt)} (Platform Commission 12% → 15%). Reload to see it.`,
    );
    expect(body.current).toMatchObject({ _id: id, platformCommission: 15, version: read + 1 });
    expect(body.changes).toHaveLength(1);
    expect(event).toMatchObject({
      action: 'restaurant.update',
      actor: { name: 'Fiona Finance' },
      changes: [{ field: 'platformCommission', before: 12, after: 15 }],
      version: read + 1,
    });
    // "Save mine anyway": sent again with the version the 412 gave, it applies over theirs.
    const over = await t.api(
      'PUT',
      `/restaurant/${id}`,
      { platformCommission: 14 },
      {
        headers: { 'if-match': `"${body.current.version}"` },
      },
    );
    expect((await expectContract(over, 'updateRestaurant', 200)).data.platformCommission).toBe(14);
    expect(over.headers.etag).toBe(`"${read + 2}"`);
  });

  test('a weak or malformed If-Match: a weak tag never matches (412), a malformed one is a 400', async () => {
    const rows = (await t.api('GET', '/admin/reviews?limit=1')).json().data;
    const { _id: id, version } = rows[0];
    const weak = await t.api(
      'PUT',
      `/admin/review/${id}`,
      { status: 'approved' },
      {
        headers: { 'if-match': `W/"${version}"` },
      },
    );
    await expectContract(weak, 'updateReviewStatus', 412);
    const listed = await t.api(
      'PUT',
      `/admin/review/${id}`,
      { status: 'approved' },
      {
        headers: { 'if-match': `"999", "${version}"` },
      },
    );
    await expectContract(listed, 'updateReviewStatus', 200);
    const malformed = await t.api(
      'PUT',
      `/admin/review/${id}`,
      { status: 'rejected' },
      {
        headers: { 'if-match': String(version + 1) },
      },
    );
    const refused = await expectContract(malformed, 'updateReviewStatus', 400);
    expect(refused.message).toBe(IF_MATCH_MALFORMED);
  });
});

describe('the FAQ list is saved against the page`s version', () => {
  const page = async () =>
    (await t.api('GET', '/static?slug=frequently-asked-questions')).json().data[0];

  test('an FAQ another admin deleted cannot come back from a stale copy of the list', async () => {
    const read = await page();
    expect(read.faqs.length).toBeGreaterThan(1);
    const [gone, ...kept] = read.faqs;
    // One admin deletes an FAQ (checked against the version read)…
    await expectContract(
      await t.api(
        'DELETE',
        `/static-content/${read._id}/faq`,
        { removeFaq: gone._id },
        {
          headers: { 'if-match': `"${read.version}"` },
        },
      ),
      'removeStaticContentFaq',
      200,
    );
    // …the other saves the list they loaded before, with an edit: refused, nothing changes.
    const stale = [
      { ...gone },
      ...kept.map((faq: { answer: string }) => ({ ...faq, answer: `${faq.answer}!` })),
    ];
    const res = await t.api(
      'PUT',
      '/static?slug=frequently-asked-questions',
      { faqs: stale },
      {
        headers: { 'if-match': `"${read.version}"` },
      },
    );
    const body = await expectContract(res, 'updateStaticContent', 412);
    expect(body.message).toMatch(
      /^Ada Admin changed this page at \d\d:\d\d \(FAQ removed\)\. Reload to see it\.$/,
    );
    expect((await page()).faqs.map((faq: { _id: string }) => faq._id)).toEqual(
      kept.map((faq: { _id: string }) => faq._id),
    );
    // A stale delete of another FAQ is refused too.
    const again = await t.api(
      'DELETE',
      `/static-content/${read._id}/faq`,
      { removeFaq: kept[0]._id },
      {
        headers: { 'if-match': `"${read.version}"` },
      },
    );
    await expectContract(again, 'removeStaticContentFaq', 412);
    expect((await page()).faqs).toHaveLength(kept.length);
  });
});
