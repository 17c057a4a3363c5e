/**
 * The Team screen's operations (owners): the list with last sign-in, live sessions and dormant
 * admins; adding a colleague with a one-time set-password link (single use, expiring, stored as
 * a hash) and setting the first password from it; role and status changes that end the admin's
 * sessions; nobody changes their own role or deactivates themselves; the last active owner is
 * kept; every change an audit event.
 */
import { and, eq } from 'drizzle-orm';
import { auditEvents, sessions, setupLinks, users } from '../src/db/schema.js';
import { createSession, hashToken } from '../src/auth/sessions.js';
import { checkTeamChange } from '../src/auth/administrators.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = 'quiet-meadow-lantern-58';
const DAY = 86_400_000;

const adminByEmail = async (email: string) => {
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, email));
  return admin;
};
const tokenOf = async (email: string) =>
  createSession(t.database.db, (await adminByEmail(email)).id, 3_600_000);
const eventsOf = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
const sessionCheck = (token: string) => t.api('GET', '/total/booking', undefined, { token });

let counter = 0;
async function addColleague(teamRole = 'finance') {
  counter += 1;
  const email = `colleague${counter}@example.org`;
  const res = await t.api('POST', '/admin/team', {
    email,
    firstName: 'Grace',
    lastName: `Hopper ${counter}`,
    teamRole,
  });
  const body = await expectContract(res, 'addTeamMember', 201);
  return {
    email,
    member: body.data,
    token: new URL(body.data.setupUrl, 'http://x').searchParams.get('token')!,
  };
}

const setup = (token: string, password = STRONG) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/setup-password',
    payload: { token, password },
  });

describe('GET /admin/team', () => {
  test('every administrator with role, status, last sign-in, live sessions; owners first', async () => {
    await tokenOf('support@example.com');
    const body = await expectContract(await t.api('GET', '/admin/team'), 'listTeam', 200);
    expect(body.count).toBe(body.data.length);
    expect(body.data[0]).toMatchObject({ email: 'admin@example.com', teamRole: 'owner' });
    const byEmail = new Map(body.data.map((m: { email: string }) => [m.email, m]));
    expect(byEmail.get('support@example.com')).toMatchObject({
      teamRole: 'support',
      status: true,
      dormant: false,
      setupPending: false,
    });
    expect(
      (byEmail.get('support@example.com') as { activeSessions: number }).activeSessions,
    ).toBeGreaterThan(0);
    expect([...byEmail.keys()]).not.toContain('owner@example.com');
  });

  test('an admin without a sign-in for DORMANT_DAYS is marked dormant', async () => {
    const viewer = await adminByEmail('viewer@example.com');
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(sessions.userId, viewer.id));
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 200 * DAY) })
      .where(eq(users.id, viewer.id));
    const body = await expectContract(await t.api('GET', '/admin/team'), 'listTeam', 200);
    const member = body.data.find((m: { email: string }) => m.email === 'viewer@example.com');
    expect(member.dormant).toBe(true);
    // A recent sign-in ends it.
    await tokenOf('viewer@example.com');
    const after = await expectContract(await t.api('GET', '/admin/team'), 'listTeam', 200);
    expect(
      after.data.find((m: { email: string }) => m.email === 'viewer@example.com').dormant,
    ).toBe(false);
  });

  test('a role without team.manage is refused', async () => {
    const res = await t.api('GET', '/admin/team', undefined, {
      token: await tokenOf('support@example.com'),
    });
    expect((await expectContract(res, 'listTeam', 403)).message).toBe(
      'Your role (Support) does not allow managing the team.',
    );
  });
});

describe('adding a colleague and the set-password link', () => {
  test('the owner gets a one-time link, never a password; the colleague sets one and is signed in with the chosen role', async () => {
    const { email, member, token } = await addColleague('finance');
    expect(member).toMatchObject({
      email,
      teamRole: 'finance',
      setupPending: true,
      lastSignInAt: null,
      activeSessions: 0,
    });
    expect(member.setupUrl).toMatch(/^\/set-password\?token=[\w-]{43}$/);
    expect(Date.parse(member.setupExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(Date.parse(member.setupExpiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    // Stored only as its hash; the account has no password yet.
    const [link] = await t.database.db
      .select()
      .from(setupLinks)
      .where(eq(setupLinks.userId, member._id));
    expect(link.tokenHash).toBe(hashToken(token));
    expect((await adminByEmail(email)).passwordHash).toBeNull();
    expect(await eventsOf('team.create', member._id)).toHaveLength(1);

    const body = await expectContract(await setup(token), 'setupPassword', 200);
    expect(body.data.user).toMatchObject({ email, role: 'admin', teamRole: 'finance' });
    await expectContract(await sessionCheck(body.token), 'getTotalBookings', 200);
    expect(await eventsOf('account.password_setup', member._id)).toHaveLength(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email, password: STRONG },
    });
    await expectContract(login, 'login', 200);
  });

  test('the link works once', async () => {
    const { token } = await addColleague();
    await expectContract(await setup(token), 'setupPassword', 200);
    const again = await expectContract(
      await setup(token, 'another-copper-kettle-91'),
      'setupPassword',
      400,
    );
    expect(again.message).toBe(
      'This set-password link is not valid any more: it was used or it expired. Ask an owner for a new one.',
    );
  });

  test('the link expires', async () => {
    const { token } = await addColleague();
    await t.database.db
      .update(setupLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(setupLinks.tokenHash, hashToken(token)));
    await expectContract(await setup(token), 'setupPassword', 400);
  });

  test('a weak or short password is refused with the reason, and the link stays usable', async () => {
    const { token } = await addColleague();
    const weak = await expectContract(await setup(token, 'password1234'), 'setupPassword', 400);
    expect(weak.message).toMatch(/^This password is too easy to guess/);
    const short = await expectContract(await setup(token, 'Xk9#'), 'setupPassword', 400);
    expect(short.message).toMatch(/password must NOT have fewer than 12 characters/);
    await expectContract(await setup(token), 'setupPassword', 200);
  });

  test('an unknown token is refused and counted like a failed sign-in', async () => {
    const address = '198.51.100.7';
    let last;
    for (let i = 0; i < 21; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/setup-password',
        payload: { token: `guess-${i}`, password: STRONG },
        remoteAddress: address,
      });
    }
    await expectContract(last!, 'setupPassword', 429);
  });

  test('a new link replaces the old one while no password is set, and is refused after', async () => {
    const { member, token: old } = await addColleague();
    const res = await t.api('POST', `/admin/team/${member._id}/setup-link`);
    const renewed = await expectContract(res, 'renewSetupLink', 200);
    expect(renewed.data).toMatchObject({ _id: member._id, setupPending: true });
    const token = new URL(renewed.data.setupUrl, 'http://x').searchParams.get('token')!;
    expect(token).not.toBe(old);
    await expectContract(await setup(old), 'setupPassword', 400);
    await expectContract(await setup(token), 'setupPassword', 200);
    const again = await t.api('POST', `/admin/team/${member._id}/setup-link`);
    expect((await expectContract(again, 'renewSetupLink', 409)).message).toBe(
      `Grace ${member.lastName} has set a password already.`,
    );
    expect(await eventsOf('team.setup_link', member._id)).toHaveLength(1);
  });

  test('an email that exists is a 409', async () => {
    const res = await t.api('POST', '/admin/team', {
      email: 'Support@Example.com',
      firstName: 'S',
      lastName: 'S',
      teamRole: 'viewer',
    });
    expect((await expectContract(res, 'addTeamMember', 409)).message).toBe(
      'An account with this email already exists',
    );
  });
});

describe('PUT /admin/team/{id}', () => {
  test("a role change ends that admin's sessions, in the same transaction, and is an audit event", async () => {
    const { member, token: link } = await addColleague('support');
    const { token } = await expectContract(await setup(link), 'setupPassword', 200);
    const res = await t.api('PUT', `/admin/team/${member._id}`, { teamRole: 'viewer' });
    const body = await expectContract(res, 'updateTeamMember', 200);
    expect(body.data).toMatchObject({ teamRole: 'viewer', activeSessions: 0 });
    await expectContract(await sessionCheck(token), 'getTotalBookings', 401);
    const [event] = await eventsOf('team.role', member._id);
    expect(event.changes).toEqual([{ field: 'teamRole', before: 'support', after: 'viewer' }]);
  });

  test('deactivating ends the sessions; the admin cannot sign in; reactivating lets them', async () => {
    const { email, member, token: link } = await addColleague('content');
    const { token } = await expectContract(await setup(link), 'setupPassword', 200);
    const off = await t.api('PUT', `/admin/team/${member._id}`, { status: false });
    expect((await expectContract(off, 'updateTeamMember', 200)).data.status).toBe(false);
    await expectContract(await sessionCheck(token), 'getTotalBookings', 401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password: STRONG },
      });
    await expectContract(await login(), 'login', 403);
    await expectContract(
      await t.api('PUT', `/admin/team/${member._id}`, { status: true }),
      'updateTeamMember',
      200,
    );
    await expectContract(await login(), 'login', 200);
    expect(await eventsOf('team.status', member._id)).toHaveLength(2);
  });

  test('nobody changes their own role or deactivates themselves', async () => {
    const role = await t.api('PUT', `/admin/team/${t.adminId}`, { teamRole: 'viewer' });
    expect((await expectContract(role, 'updateTeamMember', 400)).message).toBe(
      'You cannot change your own team role',
    );
    const status = await t.api('PUT', `/admin/team/${t.adminId}`, { status: false });
    expect((await expectContract(status, 'updateTeamMember', 400)).message).toBe(
      'You cannot deactivate your own account',
    );
  });

  test('the last active owner cannot be demoted or deactivated (409 with the reason)', async () => {
    const admin = await adminByEmail('admin@example.com');
    const check = (next: { teamRole?: 'viewer'; status?: boolean }) =>
      t.database.db.transaction((tx) =>
        checkTeamChange(
          tx,
          '00000000-0000-4000-8000-000000000001',
          { ...admin, teamRole: 'owner' },
          next,
        ),
      );
    const message = `${admin.firstName} ${admin.lastName} is the last active owner: make another administrator an owner first.`;
    await expect(check({ teamRole: 'viewer' })).rejects.toMatchObject({ statusCode: 409, message });
    await expect(check({ status: false })).rejects.toMatchObject({ statusCode: 409, message });
    // With a second active owner, either may go.
    const { member } = await addColleague('owner');
    await expect(check({ teamRole: 'viewer' })).resolves.toBeUndefined();
    await expectContract(
      await t.api('PUT', `/admin/team/${member._id}`, { status: false }),
      'updateTeamMember',
      200,
    );
    await expect(check({ status: false })).rejects.toMatchObject({ statusCode: 409 });
  });

  test('an unknown id or a non-administrator is a 404', async () => {
    const owner = await adminByEmail('owner@example.com');
    for (const id of ['00000000-0000-4000-8000-000000000000', owner.id]) {
      await expectContract(
        await t.api('PUT', `/admin/team/${id}`, { status: false }),
        'updateTeamMember',
        404,
      );
    }
  });

  test('the users screen cannot change an administrator without team.manage', async () => {
    const support = await adminByEmail('support@example.com');
    const viewer = await adminByEmail('viewer@example.com');
    const res = await t.api(
      'PUT',
      `/admin/user/${viewer.id}`,
      { status: false },
      { token: await tokenOf(support.email) },
    );
    expect((await expectContract(res, 'updateUserStatus', 403)).message).toBe(
      'Your role (Support) does not allow managing the team.',
    );
    expect((await adminByEmail(viewer.email)).status).toBe(true);
  });
});

test('DELETE /admin/team/{id}/sessions ends every session of that admin', async () => {
  const support = await adminByEmail('support@example.com');
  await expectContract(
    await t.api('DELETE', `/admin/team/${support.id}/sessions`),
    'endTeamMemberSessions',
    200,
  );
  const tokens = [await tokenOf(support.email), await tokenOf(support.email)];
  const res = await t.api('DELETE', `/admin/team/${support.id}/sessions`);
  expect((await expectContract(res, 'endTeamMemberSessions', 200)).data).toEqual({ ended: 2 });
  for (const token of tokens)
    await expectContract(await sessionCheck(token), 'getTotalBookings', 401);
  const events = await eventsOf('team.sessions_end', support.id);
  expect(events.at(-1)?.details).toMatchObject({ ended: '2' });
});
