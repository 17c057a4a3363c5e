/**
 * No account with a known password outside the demo: an empty database gets no rows, the first
 * administrator comes from ADMIN_EMAIL + ADMIN_PASSWORD or `npm run create-admin`, and a weak or
 * demo password is refused with a plain message (both engines: the suite runs on each).
 */
import { count, eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { ConfigError } from '../src/config.js';
import { prepareDatabase } from '../src/first-start.js';
import { verifyPassword } from '../src/auth/passwords.js';
import { saveAdministrator } from '../src/auth/administrators.js';
import { createSession, findSessionUser } from '../src/auth/sessions.js';
import { emptyTestDatabase } from './helpers/test-database.js';
import { runScript } from './helpers/server-process.js';
import type { Database } from '../src/db/client.js';

const STRONG = 'violet-harbour-tractor-91';
let empty: Awaited<ReturnType<typeof emptyTestDatabase>>;
let database: Database;
beforeAll(async () => {
  empty = await emptyTestDatabase();
  database = await empty.open();
});
afterAll(async () => {
  await database.close();
  await empty.remove();
});

const userCount = async () => (await database.db.select({ n: count() }).from(users))[0].n;
const real = { seedDemo: false };

test('with DATABASE_URL an empty database gets no rows and no account', async () => {
  const first = await prepareDatabase(database.db, real);
  expect(first).toEqual({
    seeded: false,
    createdAdministrator: undefined,
    hasAdministrator: false,
    bookings: 0,
  });
  expect(await userCount()).toBe(0);
});

test.each([
  [{ adminEmail: 'ops@example.org' }, 'ADMIN_EMAIL and ADMIN_PASSWORD go together'],
  [{ adminPassword: STRONG }, 'ADMIN_EMAIL and ADMIN_PASSWORD go together'],
  [{ adminEmail: 'ops@example.org', adminPassword: 'admin1234' }, /one of the demo passwords/],
  [{ adminEmail: 'ops@example.org', adminPassword: 'Password123!' }, /too easy to guess/],
])('ADMIN_EMAIL / ADMIN_PASSWORD %j are refused at start', async (settings, message) => {
  const attempt = prepareDatabase(database.db, { ...real, ...settings });
  await expect(attempt).rejects.toThrow(ConfigError);
  await expect(prepareDatabase(database.db, { ...real, ...settings })).rejects.toThrow(message);
  expect(await userCount()).toBe(0);
});

test('ADMIN_EMAIL + a strong ADMIN_PASSWORD create the first administrator, once', async () => {
  const settings = { ...real, adminEmail: 'ops@example.org', adminPassword: STRONG };
  expect(await prepareDatabase(database.db, settings)).toMatchObject({
    createdAdministrator: 'ops@example.org',
    hasAdministrator: true,
  });
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'ops@example.org'));
  expect(admin).toMatchObject({ role: 'admin', status: true, teamRole: 'owner' });
  expect(await verifyPassword(admin.passwordHash!, STRONG)).toBe(true);

  const again = await prepareDatabase(database.db, { ...settings, adminPassword: `${STRONG}-2` });
  expect(again.createdAdministrator).toBeUndefined();
  const [same] = await database.db.select().from(users).where(eq(users.email, 'ops@example.org'));
  expect(same.passwordHash).toBe(admin.passwordHash);
  expect(await userCount()).toBe(1);
});

/** Runs `npm run create-admin` (its script) with the password on standard input. */
const createAdmin = (args: string[], password: string) =>
  runScript('create-admin.ts', args, empty.env, `${password}\n`);

describe('npm run create-admin', () => {
  // PGlite's data folder takes one process at a time: the test's connection steps aside.
  const run = async (args: string[], password: string) => {
    if (!process.env.DATABASE_URL) await database.close();
    try {
      return await createAdmin(args, password);
    } finally {
      if (!process.env.DATABASE_URL) database = await empty.open();
    }
  };

  test('creates an administrator from the typed password and never prints it', async () => {
    const password = 'quiet-meadow-lantern-58';
    const result = await run(
      ['--email', 'second@example.org', '--first-name', 'Grace', '--role', 'finance'],
      password,
    );
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toContain('Administrator second@example.org created');
    expect(result.output).not.toContain(password);
    const [admin] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'second@example.org'));
    expect(admin).toMatchObject({
      role: 'admin',
      status: true,
      firstName: 'Grace',
      teamRole: 'finance',
    });
    expect(await verifyPassword(admin.passwordHash!, password)).toBe(true);
  }, 60_000);

  test('refuses a weak password, saying why without repeating it', async () => {
    const weak = await run(['--email', 'third@example.org'], 'owner1234');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('one of the demo passwords');
    expect(weak.output).not.toContain('owner1234');
    expect(await userCount()).toBe(2); // ops@ and second@ from the tests above
  }, 60_000);

  test('refuses a team role that does not exist, naming the ones that do', async () => {
    const wrong = await run(['--email', 'third@example.org', '--role', 'admin'], 'x');
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain(
      '--role must be one of owner, finance, support, content, viewer, not "admin"',
    );
  }, 60_000);

  test('an existing email is refused without --reset', async () => {
    const taken = saveAdministrator(database.db, {
      email: 'SECOND@example.org',
      password: 'another-quiet-lantern-77',
    });
    await expect(taken).rejects.toThrow(/already exists.*--reset/);
  });

  test('--reset gives a new password and ends every session of the account', async () => {
    const [admin] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'second@example.org'));
    const token = await createSession(database.db, admin.id, 3_600_000);
    const result = await run(
      ['--email', 'second@example.org', '--reset'],
      'fresh-copper-kettle-23',
    );
    expect(result.code).toBe(0);
    expect(await findSessionUser(database.db, token)).toBeUndefined();
    const [after] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(await verifyPassword(after.passwordHash!, 'fresh-copper-kettle-23')).toBe(true);
    expect(after.teamRole).toBe('finance'); // kept: --role was not given
  }, 60_000);

  test('--reset of an account with another role makes it an admin and ends its sessions', async () => {
    // The contract has no operation that changes a role or a password: --reset is the only one.
    const [owner] = await database.db
      .insert(users)
      .values({
        firstName: 'Olive',
        lastName: 'Owner',
        email: 'olive@example.org',
        role: 'owner',
        status: true,
      })
      .returning();
    const token = await createSession(database.db, owner.id, 3_600_000);
    expect(await findSessionUser(database.db, token)).toMatchObject({ role: 'owner' });
    const outcome = await saveAdministrator(database.db, {
      email: 'olive@example.org',
      password: 'amber-orchard-whistle-64',
      reset: true,
    });
    expect(outcome).toBe('reset');
    const [after] = await database.db.select().from(users).where(eq(users.id, owner.id));
    expect(after).toMatchObject({ role: 'admin', status: true, teamRole: 'owner' });
    expect(await findSessionUser(database.db, token)).toBeUndefined();
    const fresh = await createSession(database.db, owner.id, 3_600_000);
    expect(await findSessionUser(database.db, fresh)).toMatchObject({ role: 'admin' });
  });
});
