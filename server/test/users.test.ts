import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { configuration, users } from '../src/db/schema.js';
import { latestActivity as activityOf } from './helpers/audit.js';
import { hashPassword } from '../src/auth/passwords.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const latestActivity = () => activityOf(t);

describe('listUsers', () => {
  test('pages newest first with the total count', async () => {
    const [{ n }] = await t.database.db.select({ n: count() }).from(users);
    const page1 = await expectContract(
      await t.api('GET', '/admin/users?skip=0&limit=10'),
      'listUsers',
      200,
    );
    expect(page1.count).toBe(n);
    expect(page1.data).toHaveLength(10);
    const dates = page1.data.map((u: { createdAt: string }) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await expectContract(
      await t.api('GET', '/admin/users?skip=10&limit=10'),
      'listUsers',
      200,
    );
    expect(page2.data[0]._id).not.toBe(page1.data[9]._id);
    expect(page2.data[0].createdAt <= page1.data[9].createdAt).toBe(true);
    const last = await expectContract(
      await t.api('GET', `/admin/users?skip=${n - 3}&limit=10`),
      'listUsers',
      200,
    );
    expect(last.data).toHaveLength(3);
    // limit defaults to 10
    expect(
      (await expectContract(await t.api('GET', '/admin/users'), 'listUsers', 200)).data,
    ).toHaveLength(10);
  });

  test('search matches name, full name or email, case-insensitively and trimmed', async () => {
    const [someone] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.role, 'user'))
      .limit(1);
    const full = `${someone.firstName} ${someone.lastName}`;
    const byName = await expectContract(
      await t.api('GET', `/admin/users?search=${encodeURIComponent(`  ${full.toUpperCase()}  `)}`),
      'listUsers',
      200,
    );
    expect(byName.data.map((u: { _id: string }) => u._id)).toContain(someone.id);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(
        or(
          ilike(users.firstName, `%${full}%`),
          ilike(users.lastName, `%${full}%`),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, `%${full}%`),
          ilike(users.email, `%${full}%`),
        ),
      );
    expect(byName.count).toBe(n);

    const byEmail = await expectContract(
      await t.api('GET', `/admin/users?search=${encodeURIComponent(someone.email.toUpperCase())}`),
      'listUsers',
      200,
    );
    expect(byEmail.count).toBe(1);
    expect(byEmail.data[0]).toMatchObject({
      _id: someone.id,
      email: someone.email,
      status: someone.status,
    });

    const none = await expectContract(
      await t.api('GET', '/admin/users?search=zz-nobody-zz'),
      'listUsers',
      200,
    );
    expect(none).toMatchObject({ count: 0, data: [] });
    // LIKE wildcards are taken literally
    expect(
      (await expectContract(await t.api('GET', '/admin/users?search=%25'), 'listUsers', 200)).count,
    ).toBe(0);
    // a blank search is no filter
    const [{ all }] = await t.database.db.select({ all: count() }).from(users);
    expect(
      (await expectContract(await t.api('GET', '/admin/users?search=%20%20'), 'listUsers', 200))
        .count,
    ).toBe(all);
  });

  test('bad paging is a 400; no token 401; another role 403', async () => {
    await expectContract(await t.api('GET', '/admin/users?limit=0'), 'listUsers', 400);
    await expectContract(await t.api('GET', '/admin/users?skip=-1'), 'listUsers', 400);
    await expectContract(
      await t.api('GET', '/admin/users', undefined, { token: null }),
      'listUsers',
      401,
    );
    await expectContract(
      await t.api('GET', '/admin/users', undefined, { token: t.ownerToken }),
      'listUsers',
      403,
    );
  });
});

describe('updateUserStatus', () => {
  test('deactivates and activates, saved, with an activity entry', async () => {
    const [diner] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'user'), eq(users.status, true)))
      .limit(1);
    const off = await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: false }),
      'updateUserStatus',
      200,
    );
    expect(off).toMatchObject({
      success: true,
      message: 'User deactivated successfully',
      data: { _id: diner.id, status: false },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, diner.id));
    expect(stored.status).toBe(false);
    expect(await latestActivity()).toMatchObject({ title: 'User deactivated', actorId: t.adminId });

    const on = await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: true }),
      'updateUserStatus',
      200,
    );
    expect(on).toMatchObject({ message: 'User activated successfully', data: { status: true } });
    expect((await latestActivity()).title).toBe('User activated');
  });

  test('deactivation ends every session at once; reactivation does not bring one back', async () => {
    const email = 'second.admin@example.com';
    const [second] = await t.database.db
      .insert(users)
      .values({
        firstName: 'Second',
        lastName: 'Admin',
        email,
        role: 'admin',
        passwordHash: await hashPassword('secret123'),
      })
      .returning();
    const login = () =>
      t.as({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password: 'secret123' },
        token: null,
      });
    const { token } = await expectContract(await login(), 'login', 200);
    const { token: other } = await expectContract(await login(), 'login', 200);
    await expectContract(
      await t.api('GET', '/total/booking', undefined, { token: token }),
      'getTotalBookings',
      200,
    );

    await expectContract(
      await t.api('PUT', `/admin/user/${second.id}`, { status: false }),
      'updateUserStatus',
      200,
    );
    const refused = await expectContract(await login(), 'login', 403);
    expect(refused.message).toMatch(/deactivated/);
    for (const old of [token, other]) {
      const ended = await expectContract(
        await t.api('GET', '/total/booking', undefined, { token: old }),
        'getTotalBookings',
        401,
      );
      expect(ended.message).toBe('Authorization failed: invalid token');
    }

    await expectContract(
      await t.api('PUT', `/admin/user/${second.id}`, { status: true }),
      'updateUserStatus',
      200,
    );
    for (const old of [token, other]) {
      const still = await expectContract(
        await t.api('GET', '/total/booking', undefined, { token: old }),
        'getTotalBookings',
        401,
      );
      expect(still.message).toBe('Authorization failed: invalid token');
    }
    const fresh = await expectContract(await login(), 'login', 200);
    await expectContract(
      await t.api('GET', '/total/booking', undefined, { token: fresh.token }),
      'getTotalBookings',
      200,
    );
  });

  test("another user's deactivation leaves the acting admin's session alone", async () => {
    const [diner] = await t.database.db.select().from(users).where(eq(users.role, 'user')).limit(1);
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: false }),
      'updateUserStatus',
      200,
    );
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: true }),
      'updateUserStatus',
      200,
    );
    await expectContract(await t.api('GET', '/total/booking'), 'getTotalBookings', 200);
  });

  test('an admin cannot deactivate their own account', async () => {
    const res = await expectContract(
      await t.api('PUT', `/admin/user/${t.adminId}`, { status: false }),
      'updateUserStatus',
      400,
    );
    expect(res.message).toBe('You cannot deactivate your own account');
    const [admin] = await t.database.db.select().from(users).where(eq(users.id, t.adminId));
    expect(admin.status).toBe(true);
  });

  test('validation, unknown user, 401 and 403', async () => {
    const [diner] = await t.database.db.select().from(users).where(eq(users.role, 'user')).limit(1);
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, {}),
      'updateUserStatus',
      400,
    );
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: 'maybe' }),
      'updateUserStatus',
      400,
    );
    // null must not be coerced to false (that would deactivate the account)
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: null }),
      'updateUserStatus',
      400,
    );
    await expectContract(
      await t.api('PUT', `/admin/user/not-a-uuid`, { status: true }),
      'updateUserStatus',
      400,
    );
    const missing = await expectContract(
      await t.api('PUT', '/admin/user/00000000-0000-4000-8000-000000000000', { status: true }),
      'updateUserStatus',
      404,
    );
    expect(missing.message).toBe('User not found');
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: false }, { token: null }),
      'updateUserStatus',
      401,
    );
    await expectContract(
      await t.api('PUT', `/admin/user/${diner.id}`, { status: false }, { token: t.ownerToken }),
      'updateUserStatus',
      403,
    );
  });
});

describe('configuration', () => {
  test('reads and saves the platform fee, with an activity entry', async () => {
    const [row] = await t.database.db.select().from(configuration);
    const read = await expectContract(
      await t.api('GET', '/configuration'),
      'getConfiguration',
      200,
    );
    expect(read.data.platformFee).toBe(row.platformFee);

    const saved = await expectContract(
      await t.api('PUT', '/configuration', { platformFee: 12.75 }),
      'updateConfiguration',
      200,
    );
    expect(saved).toMatchObject({ success: true, data: { platformFee: 12.75 } });
    expect(
      (await expectContract(await t.api('GET', '/configuration'), 'getConfiguration', 200)).data
        .platformFee,
    ).toBe(12.75);
    expect(await latestActivity()).toMatchObject({
      title: 'Platform fee updated',
      actorId: t.adminId,
    });

    // no upper bound; zero allowed
    await expectContract(
      await t.api('PUT', '/configuration', { platformFee: 250 }),
      'updateConfiguration',
      200,
    );
    await expectContract(
      await t.api('PUT', '/configuration', { platformFee: 0 }),
      'updateConfiguration',
      200,
    );
    expect(
      (await expectContract(await t.api('GET', '/configuration'), 'getConfiguration', 200)).data
        .platformFee,
    ).toBe(0);
  });

  test('a negative, non-numeric, missing or over-precise fee is a 400 and nothing is saved', async () => {
    await expectContract(
      await t.api('PUT', '/configuration', { platformFee: 5 }),
      'updateConfiguration',
      200,
    );
    for (const payload of [
      { platformFee: -1 },
      { platformFee: 'abc' },
      { platformFee: '' },
      { platformFee: null },
      { platformFee: true },
      {},
      { platformFee: 1.234 },
      { platformFee: 5, other: 1 },
    ]) {
      const res = await t.api('PUT', '/configuration', payload);
      await expectContract(res, 'updateConfiguration', 400);
    }
    expect(
      (await expectContract(await t.api('GET', '/configuration'), 'getConfiguration', 200)).data
        .platformFee,
    ).toBe(5);
  });

  test('401 without a token, 403 for another role', async () => {
    await expectContract(
      await t.api('GET', '/configuration', undefined, { token: null }),
      'getConfiguration',
      401,
    );
    await expectContract(
      await t.api('GET', '/configuration', undefined, { token: t.ownerToken }),
      'getConfiguration',
      403,
    );
    await expectContract(
      await t.api('PUT', '/configuration', { platformFee: 1 }, { token: null }),
      'updateConfiguration',
      401,
    );
    await expectContract(
      await t.api('PUT', '/configuration', { platformFee: 1 }, { token: t.ownerToken }),
      'updateConfiguration',
      403,
    );
  });
});
