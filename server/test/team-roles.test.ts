/**
 * Team roles (#25), generated from the contract: every secured operation is called by every
 * team role, and the role's permissions (common/team-roles.ts) decide the answer: an allowed role
 * never gets a 403, another gets the 403 sentence and an `access.denied` event. The operations
 * and the permission each needs are read from the loaded contract, so an operation added later is
 * covered without editing this file. Then the refund limits, the login answer and GET /user/me.
 */
import { and, eq } from 'drizzle-orm';
import { createSession } from '../src/auth/sessions.js';
import { loadContract, securedOperations } from '../src/contract.js';
import { approvalRequests, auditEvents, users } from '../src/db/schema.js';
import {
  forbiddenMessage,
  hasPermission,
  permissionsOf,
  TEAM_ROLES,
  type Permission,
  type TeamRole,
} from '../../common/team-roles.js';
import { expectContract } from './helpers/contract.js';
import { createBookingFixture } from './helpers/booking-fixture.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { injectHead } from './helpers/inject-head.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The seeded admin of each team role (README's demo logins). */
const EMAILS: Record<TeamRole, string> = {
  owner: 'admin@example.com',
  finance: 'finance@example.com',
  support: 'support@example.com',
  content: 'content@example.com',
  viewer: 'viewer@example.com',
};

const adminOf = async (role: TeamRole) => {
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, EMAILS[role]));
  expect(admin.teamRole).toBe(role);
  return admin;
};

/** A fresh session (a token-only operation such as logout may end the one it is called with). */
const tokenOf = async (role: TeamRole) =>
  createSession(t.database.db, (await adminOf(role)).id, 3_600_000);

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

type Operation = { operationId: string; method: string; url: string };

async function contractOperations() {
  const contract = await loadContract();
  const secured = securedOperations(contract);
  const operations: (Operation & { permission: Permission | null })[] = [];
  for (const [route, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const operationId = operation.operationId;
      if (!operationId || !secured.has(operationId)) continue;
      const url = `/api/v1${route.replace(/\{[^}]+\}/g, PLACEHOLDER_ID)}`;
      operations.push({ operationId, method, url, permission: secured.get(operationId)! });
    }
  }
  return operations;
}

/** Each operation once (the event stream's endless answer read up to its first chunk). */
const call = (operation: Operation, token: string | null) =>
  injectHead(t.app, {
    method: operation.method.toUpperCase() as 'GET',
    url: operation.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

test('every secured operation names one permission, except those that need only a valid token', async () => {
  const operations = await contractOperations();
  expect(operations.length).toBeGreaterThan(60);
  expect(
    operations
      .filter((operation) => operation.permission === null)
      .map((operation) => operation.operationId)
      .sort(),
  ).toEqual(['getMe', 'getTotalBookings', 'logout', 'startPasskeyVerification', 'verifyStepUp']);
});

test('the operations without a token are exactly the public ones: signing in (with its passkey options), a first password from a link, images', async () => {
  const contract = await loadContract();
  const secured = securedOperations(contract);
  const open: string[] = [];
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      const id = (operation as { operationId?: string }).operationId;
      if (id && !secured.has(id)) open.push(id);
    }
  }
  expect(open.sort()).toEqual([
    'getImage',
    'login',
    'loginMfa',
    'setupPassword',
    'startPasskeySignIn',
  ]);
});

test('every secured operation declares the X-Background header its session check reads', async () => {
  const contract = await loadContract();
  const secured = securedOperations(contract);
  const background = '#/components/parameters/Background';
  const missing: string[] = [];
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      const { operationId, parameters = [] } = operation as {
        operationId?: string;
        parameters?: { $ref?: string }[];
      };
      if (!operationId || !secured.has(operationId)) continue;
      if (!parameters.some((parameter) => parameter.$ref === background)) missing.push(operationId);
    }
  }
  expect(missing).toEqual([]);
});

describe.each(TEAM_ROLES)('%s', (role) => {
  test('every operation: allowed by the role, never a 403; else the 403 sentence and an access.denied event', async () => {
    const admin = await adminOf(role);
    const denied: string[] = [];
    for (const operation of await contractOperations()) {
      const token = await tokenOf(role);
      const res = await call(operation, token);
      const allowed = !operation.permission || hasPermission(role, operation.permission);
      if (allowed) {
        // Whatever else it answers (a 400 for the missing body, a 404 for the placeholder id).
        expect({ operation: operation.operationId, status: res.statusCode }).not.toEqual({
          operation: operation.operationId,
          status: 403,
        });
        expect(res.statusCode).toBeLessThan(500);
        continue;
      }
      const body = await expectContract(res, operation.operationId, 403);
      expect(body).toEqual({
        success: false,
        status_code: 403,
        message: forbiddenMessage(role, operation.permission!),
      });
      denied.push(operation.operationId);
    }
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'access.denied'), eq(auditEvents.actorId, admin.id)));
    expect(events.map((event) => event.entityName).sort()).toEqual(denied.sort());
    for (const event of events) {
      expect(event).toMatchObject({
        entityType: 'operation',
        actorEmail: EMAILS[role],
        details: { operation: event.entityName, teamRole: role },
      });
      expect(event.details.permission).toMatch(/^[a-z]+\.[a-z]+$/);
    }
    if (role === 'owner') expect(denied).toEqual([]);
    else expect(denied.length).toBeGreaterThan(0);
  });
});

test('the sentence names the role and what it lacks', async () => {
  const res = await t.api(
    'PUT',
    '/configuration',
    { platformFee: 12 },
    {
      token: await tokenOf('support'),
    },
  );
  const body = await expectContract(res, 'updateConfiguration', 403);
  expect(body.message).toBe('Your role (Support) does not allow changing the platform fee.');
});

test('without a token the answer is still 401, and no access.denied event is written', async () => {
  const before = await t.database.db.$count(auditEvents, eq(auditEvents.action, 'access.denied'));
  const res = await t.api('PUT', '/configuration', { platformFee: 12 }, { token: null });
  await expectContract(res, 'updateConfiguration', 401);
  const forged = await t.api('PUT', '/configuration', { platformFee: 12 }, { token: 'forged' });
  await expectContract(forged, 'updateConfiguration', 401);
  expect(await t.database.db.$count(auditEvents, eq(auditEvents.action, 'access.denied'))).toBe(
    before,
  );
});

// The owner's run of endOtherSessions above ended t.adminToken: the tests below sign in afresh.
test('a refused write changes nothing', async () => {
  const owner = { token: await tokenOf('owner') };
  const { data } = (await t.api('GET', '/configuration', undefined, owner)).json();
  await expectContract(
    await t.api(
      'PUT',
      '/configuration',
      { platformFee: data.platformFee + 1 },
      {
        token: await tokenOf('viewer'),
      },
    ),
    'updateConfiguration',
    403,
  );
  expect((await t.api('GET', '/configuration', undefined, owner)).json().data).toEqual(data);
});

describe('refund limits (USD, fixed rates): above support 100, finance 5,000 or anyone`s 1,000, a request for approval', () => {
  const refund = async (role: TeamRole, amount: number, currency = 'USD') => {
    // One order far above any limit, in the currency given.
    const fx = await createBookingFixture(t.database.db, { currency, orderTotals: [10_000_000] });
    return t.api(
      'POST',
      '/admin/orders/refund',
      { orderId: fx.orderIds[0], amount },
      {
        token: await tokenOf(role),
      },
    );
  };

  const whyOf = async (approvalId: string) => {
    const [row] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, approvalId));
    return row.why;
  };

  test('support: 100 USD is refunded, 100.01 USD becomes a request (202) naming the role`s limit', async () => {
    await expectContract(await refund('support', 100), 'refundOrder', 200);
    const deniedBefore = await t.database.db.$count(
      auditEvents,
      eq(auditEvents.action, 'access.denied'),
    );
    const body = await expectContract(await refund('support', 100.01), 'refundOrder', 202);
    expect(body).toEqual({
      success: true,
      message: 'Refund of $100.01 sent for approval',
      data: { approvalId: expect.any(String), status: 'pending' },
    });
    expect(await whyOf(body.data.approvalId)).toBe(
      'The Support role may refund up to 100 USD at a time; above it, another admin approves.',
    );
    // Not a refusal any more: no access.denied.
    expect(await t.database.db.$count(auditEvents, eq(auditEvents.action, 'access.denied'))).toBe(
      deniedBefore,
    );
  });

  test('another currency is converted: 80 GBP (101.60 USD) is above support`s limit', async () => {
    const body = await expectContract(await refund('support', 80, 'GBP'), 'refundOrder', 202);
    expect(body.message).toBe('Refund of £80.00 sent for approval');
    await expectContract(await refund('support', 78, 'GBP'), 'refundOrder', 200);
  });

  test('finance and owner: up to 1,000 USD refunded, above it a request for everyone', async () => {
    await expectContract(await refund('finance', 1000), 'refundOrder', 200);
    const finance = await expectContract(await refund('finance', 1000.01), 'refundOrder', 202);
    expect(await whyOf(finance.data.approvalId)).toBe(
      "Refunds above 1,000 USD need a second admin's approval.",
    );
    await expectContract(await refund('finance', 5000.01), 'refundOrder', 202);
    await expectContract(await refund('owner', 1000), 'refundOrder', 200);
    await expectContract(await refund('owner', 90_000), 'refundOrder', 202);
  });

  test('a booking refund has the same limit', async () => {
    const fx = await createBookingFixture(t.database.db, { orderTotals: [], depositTotal: 50_000 });
    const res = await t.api(
      'POST',
      '/admin/booking-refund',
      { bookingId: fx.bookingId, amount: 101 },
      {
        token: await tokenOf('support'),
      },
    );
    await expectContract(res, 'refundBooking', 202);
  });
});

test('the login answer and GET /user/me carry the team role, its permissions and refund limit', async () => {
  const login = await t.as({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: 'finance@example.com', password: 'finance1234' },
    token: null,
  });
  const { data, token } = await expectContract(login, 'login', 200);
  expect(data.user).toMatchObject({
    role: 'admin',
    teamRole: 'finance',
    permissions: permissionsOf('finance'),
    refundLimitUsd: 5000,
    refundApprovalUsd: 1000,
  });
  expect(data.user.permissions).toEqual([...data.user.permissions].sort());
  const me = await expectContract(
    await t.api('GET', '/user/me', undefined, { token }),
    'getMe',
    200,
  );
  expect(me.data.user).toEqual(data.user);
  const viewer = await expectContract(
    await t.api('GET', '/user/me', undefined, { token: await tokenOf('viewer') }),
    'getMe',
    200,
  );
  expect(viewer.data.user).toMatchObject({ teamRole: 'viewer', refundLimitUsd: null });
  expect(viewer.data.user.permissions).not.toContain('refunds.create');
  const owner = await expectContract(
    await t.api('GET', '/user/me', undefined, { token: await tokenOf('owner') }),
    'getMe',
    200,
  );
  expect(owner.data.user).toMatchObject({ teamRole: 'owner', refundLimitUsd: null });
  await expectContract(await t.api('GET', '/user/me', undefined, { token: null }), 'getMe', 401);
});
