/**
 * The signed-in admin's own account: changing the password (the current one checked under the
 * sign-in throttle, every other session ended), the list of live sessions with a readable
 * browser and system, ending one or all others; and reading the Audit Log as an event.
 */
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema.js';
import { saveAdministrator } from '../src/auth/administrators.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'quiet-meadow-lantern-58';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let counter = 0;
/** A new administrator (viewer) with a known password. */
async function newAdmin() {
  counter += 1;
  const email = `own${counter}@example.org`;
  await saveAdministrator(t.database.db, { email, password: PASSWORD, teamRole: 'viewer' });
  return email;
}

async function signIn(email: string, password = PASSWORD, userAgent = FIREFOX) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: '203.0.113.9',
  });
  return (await expectContract(res, 'login', 200)).token as string;
}

const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  t.api('PUT', '/user/password', { currentPassword, newPassword }, { token });
const sessionCheck = (token: string) => t.api('GET', '/total/booking', undefined, { token });

describe('PUT /user/password', () => {
  test('changes the password and ends every other session, not this one', async () => {
    const email = await newAdmin();
    const [here, other, third] = [await signIn(email), await signIn(email), await signIn(email)];
    const res = await changePassword(here, PASSWORD, 'copper-kettle-orbit-91');
    expect((await expectContract(res, 'changePassword', 200)).data).toEqual({ ended: 2 });
    await expectContract(await sessionCheck(here), 'getTotalBookings', 200);
    for (const token of [other, third]) {
      await expectContract(await sessionCheck(token), 'getTotalBookings', 401);
    }
    await signIn(email, 'copper-kettle-orbit-91');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email, password: PASSWORD },
    });
    await expectContract(old, 'login', 401);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.password'), eq(auditEvents.actorEmail, email)));
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain('copper-kettle');
  });

  test('the new password follows the create-admin rule', async () => {
    const token = await signIn(await newAdmin());
    const weak = await expectContract(
      await changePassword(token, PASSWORD, 'password12345'),
      'changePassword',
      400,
    );
    expect(weak.message).toMatch(/^This password is too easy to guess/);
    const short = await expectContract(
      await changePassword(token, PASSWORD, 'k9#Lm2'),
      'changePassword',
      400,
    );
    expect(short.message).toMatch(/newPassword must NOT have fewer than 12 characters/);
    const same = await expectContract(
      await changePassword(token, PASSWORD, PASSWORD),
      'changePassword',
      400,
    );
    expect(same.message).toBe('The new password is the current one: choose another.');
  });

  test('a wrong current password is a 400, counted by the sign-in throttle', async () => {
    const email = await newAdmin();
    const token = await signIn(email);
    for (let i = 0; i < 5; i += 1) {
      const res = await changePassword(token, 'not-the-password', 'copper-kettle-orbit-91');
      expect((await expectContract(res, 'changePassword', 400)).message).toBe(
        'The current password is not right',
      );
    }
    // The account's limit (5) is reached: the right password waits too, as a sign-in would.
    await expectContract(
      await changePassword(token, PASSWORD, 'copper-kettle-orbit-91'),
      'changePassword',
      429,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email, password: PASSWORD },
    });
    await expectContract(login, 'login', 429);
  });
});

describe('sessions', () => {
  test('GET /user/sessions: live sessions with a readable browser and system, this one marked', async () => {
    const email = await newAdmin();
    const firefox = await signIn(email, PASSWORD, FIREFOX);
    await signIn(email, PASSWORD, CHROME);
    const body = await expectContract(
      await t.api('GET', '/user/sessions', undefined, { token: firefox }),
      'listSessions',
      200,
    );
    expect(body.data).toHaveLength(2);
    expect(body.data.find((s: { current: boolean }) => s.current)).toMatchObject({
      browser: 'Firefox 133',
      system: 'Linux',
      clientAddress: '203.0.113.9',
    });
    expect(body.data.find((s: { current: boolean }) => !s.current)).toMatchObject({
      browser: 'Chrome 131',
      system: 'Windows 10',
      current: false,
    });
  });

  test("DELETE /user/sessions/{id} ends one of one's own sessions, never another admin's", async () => {
    const email = await newAdmin();
    const here = await signIn(email);
    const there = await signIn(email);
    const list = async () =>
      (
        await expectContract(
          await t.api('GET', '/user/sessions', undefined, { token: here }),
          'listSessions',
          200,
        )
      ).data as { _id: string; current: boolean }[];
    const other = (await list()).find((s) => !s.current)!;
    // Another admin cannot end it.
    await expectContract(await t.api('DELETE', `/user/sessions/${other._id}`), 'endSession', 404);
    await expectContract(await sessionCheck(there), 'getTotalBookings', 200);
    await expectContract(
      await t.api('DELETE', `/user/sessions/${other._id}`, undefined, { token: here }),
      'endSession',
      200,
    );
    await expectContract(await sessionCheck(there), 'getTotalBookings', 401);
    expect((await list()).map((s) => s.current)).toEqual([true]);
    await expectContract(
      await t.api('DELETE', `/user/sessions/${other._id}`, undefined, { token: here }),
      'endSession',
      404,
    );
  });

  test('DELETE /user/sessions signs out every other session', async () => {
    const email = await newAdmin();
    const here = await signIn(email);
    const others = [await signIn(email), await signIn(email)];
    const res = await t.api('DELETE', '/user/sessions', undefined, { token: here });
    expect((await expectContract(res, 'endOtherSessions', 200)).data).toEqual({ ended: 2 });
    for (const token of others)
      await expectContract(await sessionCheck(token), 'getTotalBookings', 401);
    await expectContract(await sessionCheck(here), 'getTotalBookings', 200);
  });
});

describe('reading the Audit Log is an audit event', () => {
  const views = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.view'), eq(auditEvents.actorId, t.adminId)));

  test('at most one a minute per admin and filter set', async () => {
    const before = (await views()).length;
    await expectContract(
      await t.api('GET', '/admin/audit-logs?action=auth.login'),
      'listAuditEvents',
      200,
    );
    await expectContract(
      await t.api('GET', '/admin/audit-logs?action=auth.login&skip=10'),
      'listAuditEvents',
      200,
    );
    expect((await views()).length).toBe(before + 1);
    await expectContract(
      await t.api('GET', '/admin/audit-logs?action=user.status'),
      'listAuditEvents',
      200,
    );
    const after = await views();
    expect(after.length).toBe(before + 2);
    expect(after.map((event) => event.details)).toEqual(
      expect.arrayContaining([{ action: 'auth.login' }, { action: 'user.status' }]),
    );
  });
});
