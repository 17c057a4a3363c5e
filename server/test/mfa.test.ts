/**
 * Two-step sign-in and step-up (issue 27): enrolment with codes computed here from the secret
 * the server shows (accepted, the previous step accepted, two steps back refused, a replay
 * refused), the sign-in ticket (not a token, single use, five minutes, ended by five wrong codes),
 * wrong codes in the sign-in throttle, recovery codes used once, MFA_REQUIRED (no token without
 * a factor: enrolment with the ticket), the secret encrypted at rest, the owner's reset, and
 * step-up on exactly the operations the contract marks `x-step-up` (generated from it).
 */
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { createSession } from '../src/auth/sessions.js';
import { loadContract, operationFlags, securedOperations } from '../src/contract.js';
import { auditEvents, mfaFactors, mfaTickets, sessions, users } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { injectHead } from './helpers/inject-head.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** The code of the secret `steps` steps from now. */
const codeAt = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * STEP_MS,
  });

/** Waits for a new step when this one ends within 4 s, so a test's codes keep their step. */
async function freshStep() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 4000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const adminByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

const login = (email: string, password: string) =>
  t.api('POST', '/user/login', { email, password }, { token: null });

/** Enrols an authenticator app for the admin of `token`; its secret and recovery codes. */
async function enrol(token: string) {
  await freshStep();
  const started = await t.api('POST', '/user/mfa/totp', { name: 'Phone' }, { token });
  const { data } = await expectContract(started, 'startTotpEnrolment', 200);
  const confirmed = await t.api(
    'POST',
    '/user/mfa/totp/confirm',
    { code: codeAt(data.secret) },
    { token },
  );
  const body = await expectContract(confirmed, 'confirmTotpEnrolment', 200);
  return { secret: data.secret as string, recoveryCodes: body.data.recoveryCodes as string[] };
}

const withConfig = async (
  change: (c: TestApp['app']['config']) => () => void,
  run: () => Promise<void>,
) => {
  const restore = change(t.app.config);
  try {
    await run();
  } finally {
    restore();
  }
};

describe('an authenticator app, then signing in with it', () => {
  let secret: string;
  let recoveryCodes: string[];
  const email = 'finance@example.com';
  const password = 'finance1234';

  beforeAll(async () => {
    const admin = await adminByEmail(email);
    ({ secret, recoveryCodes } = await enrol(
      await createSession(t.database.db, admin.id, 3_600_000),
    ));
  });

  test('enrolment shows the secret in base32, its otpauth URL and a PNG QR code; ten recovery codes', async () => {
    const admin = await adminByEmail(email);
    const token = await createSession(t.database.db, admin.id, 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ verifiedAt: new Date() })
      .where(eq(sessions.userId, admin.id));
    const res = await t.api('POST', '/user/mfa/totp', {}, { token });
    const { data } = await expectContract(res, 'startTotpEnrolment', 200);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUrl).toContain(`secret=${data.secret}`);
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*algorithm=SHA1&digits=6&period=30/);
    expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
  });

  test('the secret is not readable in the database in clear', async () => {
    const admin = await adminByEmail(email);
    const rows = await t.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, admin.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.secret).toMatch(/^v1\./);
      expect(row.secret).not.toContain(secret);
    }
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from mfa_recovery_codes`));
    for (const code of recoveryCodes) expect(dump).not.toContain(code);
  });

  test('the password alone gives no token: a ticket, and the ticket is no token', async () => {
    const res = await login(email, password);
    const body = await expectContract(res, 'login', 200);
    expect(body).toEqual({
      success: true,
      message: 'Enter the code from your authenticator app',
      mfa: { methods: ['totp', 'recovery_code'], ticket: expect.any(String) },
    });
    expect(body.token).toBeUndefined();
    const me = await t.api('GET', '/user/me', undefined, { token: body.mfa.ticket });
    expect(me.statusCode).toBe(401);
    const enrolWithIt = await t.api('POST', '/user/mfa/totp', {}, { token: body.mfa.ticket });
    expect(enrolWithIt.statusCode).toBe(401);
  });

  test('codes: the previous step accepted, two steps back refused, a replay refused, single-use ticket', async () => {
    await freshStep();
    // The steps the enrolment used are forgotten, so this test's steps are its own.
    await t.database.db.execute(sql`delete from mfa_used_steps`);
    let ticket = (await login(email, password)).json().mfa.ticket;
    const old = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket, code: codeAt(secret, -2) },
      { token: null },
    );
    await expectContract(old, 'loginMfa', 401);
    expect(old.json().message).toBe(
      'That code is not right: enter the current code from your authenticator app, or a recovery code.',
    );
    const previous = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket, code: codeAt(secret, -1) },
      { token: null },
    );
    const signedIn = await expectContract(previous, 'loginMfa', 200);
    expect(signedIn.message).toBe('Login successful');
    const me = await t.api('GET', '/user/me', undefined, { token: signedIn.token });
    expect(me.statusCode).toBe(200);
    // The ticket is used up.
    const again = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket, code: codeAt(secret, 0) },
      { token: null },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'This sign-in has expired or was ended: sign in again with your email and password.',
    );
    // The same code again, with a new ticket: a replay.
    ticket = (await login(email, password)).json().mfa.ticket;
    const replay = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket, code: codeAt(secret, -1) },
      { token: null },
    );
    expect(replay.statusCode).toBe(401);
    const next = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket, code: codeAt(secret, 1) },
      { token: null },
    );
    expect(next.statusCode).toBe(200);
    const [login2] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.login'))
      .orderBy(sql`${auditEvents.createdAt} desc`)
      .limit(1);
    expect(login2.details).toEqual({ secondStep: 'totp' });
  });

  test('a ticket expires after five minutes', async () => {
    await freshStep();
    const { ticket } = (await login(email, password)).json().mfa;
    await t.database.db.update(mfaTickets).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket, code: codeAt(secret) },
      { token: null },
    );
    expect(res.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(mfaTickets).limit(1);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(5 * 60_000);
  });

  test('five wrong codes end the ticket; each is an audit event', async () => {
    await withConfig(
      (config) => {
        const before = config.loginThrottle;
        config.loginThrottle = { ...before, accountMaxFailures: 100, addressMaxFailures: 100 };
        return () => (config.loginThrottle = before);
      },
      async () => {
        await freshStep();
        const admin = await adminByEmail(email);
        const failedBefore = (
          await t.database.db
            .select()
            .from(auditEvents)
            .where(eq(auditEvents.action, 'mfa.verify_failed'))
        ).length;
        const { ticket } = (await login(email, password)).json().mfa;
        for (let i = 0; i < 5; i += 1) {
          const res = await t.api(
            'POST',
            '/user/login/mfa',
            { ticket, code: '000000' },
            { token: null },
          );
          expect(res.statusCode).toBe(401);
        }
        const right = await t.api(
          'POST',
          '/user/login/mfa',
          { ticket, code: codeAt(secret, 1) },
          { token: null },
        );
        expect(right.statusCode).toBe(401);
        expect(right.json().message).toMatch(/sign in again/);
        const failed = await t.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'mfa.verify_failed'));
        expect(failed.length - failedBefore).toBe(5);
        expect(failed.at(-1)).toMatchObject({ actorId: admin.id, details: { step: 'sign-in' } });
      },
    );
  });

  test('wrong codes count in the sign-in throttle: 429 with Retry-After', async () => {
    await t.database.db.execute(sql`delete from login_throttle`);
    const res = [];
    // The password (not given back while a code is to come) and wrong codes: the account's 5.
    const { ticket } = (await login(email, password)).json().mfa;
    for (let i = 0; i < 5; i += 1) {
      res.push(await t.api('POST', '/user/login/mfa', { ticket, code: '000000' }, { token: null }));
    }
    const statuses = res.map((r) => r.statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(res.at(-1)!.headers['retry-after']).toMatch(/^\d+$/);
    await t.database.db.execute(sql`delete from login_throttle`);
  });

  test('a recovery code signs in once; the account page then says how many are left', async () => {
    await t.database.db.execute(sql`delete from login_throttle`);
    const { ticket } = (await login(email, password)).json().mfa;
    const code = recoveryCodes[0].toUpperCase().replace('-', ' ');
    const res = await t.api('POST', '/user/login/mfa', { ticket, code }, { token: null });
    const body = await expectContract(res, 'loginMfa', 200);
    const status = await t.api('GET', '/user/mfa', undefined, { token: body.token });
    const { data } = await expectContract(status, 'getMfaStatus', 200);
    expect(data.recoveryCodesLeft).toBe(9);
    expect(data.factors).toEqual([
      expect.objectContaining({ kind: 'totp', name: 'Phone', _id: expect.any(String) }),
    ]);
    const used = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'mfa.recovery_code_used'));
    expect(used).toHaveLength(1);
    const second = (await login(email, password)).json().mfa.ticket;
    const reuse = await t.api(
      'POST',
      '/user/login/mfa',
      { ticket: second, code: recoveryCodes[0] },
      { token: null },
    );
    expect(reuse.statusCode).toBe(401);
    await t.database.db.execute(sql`delete from login_throttle`);
  });
});

describe('MFA_REQUIRED', () => {
  const required = (run: () => Promise<void>) =>
    withConfig((config) => {
      config.mfa.required = true;
      return () => (config.mfa.required = false);
    }, run);

  test('never issues a token to an admin without a factor: the ticket only enrols, whose confirmation signs in', () =>
    required(async () => {
      const res = await login('content@example.com', 'content1234');
      const body = await expectContract(res, 'login', 200);
      expect(body).toEqual({
        success: true,
        message: 'Set up two-step verification to continue',
        mfa: { methods: ['totp'], ticket: expect.any(String), enroll: true },
      });
      const ticket = body.mfa.ticket;
      // Not a token anywhere else, not a second step either.
      expect((await t.api('GET', '/user/me', undefined, { token: ticket })).statusCode).toBe(401);
      expect((await t.api('GET', '/total/booking', undefined, { token: ticket })).statusCode).toBe(
        401,
      );
      const asStep = await t.api(
        'POST',
        '/user/login/mfa',
        { ticket, code: '123456' },
        { token: null },
      );
      expect(asStep.statusCode).toBe(401);
      await freshStep();
      const started = await t.api('POST', '/user/mfa/totp', {}, { token: ticket });
      const { data } = await expectContract(started, 'startTotpEnrolment', 200);
      const wrong = await t.api(
        'POST',
        '/user/mfa/totp/confirm',
        { code: '000000' },
        { token: ticket },
      );
      await expectContract(wrong, 'confirmTotpEnrolment', 400);
      const confirmed = await t.api(
        'POST',
        '/user/mfa/totp/confirm',
        { code: codeAt(data.secret) },
        { token: ticket },
      );
      const signedIn = await expectContract(confirmed, 'confirmTotpEnrolment', 200);
      expect(signedIn.token).toEqual(expect.any(String));
      expect(signedIn.data.user.email).toBe('content@example.com');
      expect(signedIn.data.recoveryCodes).toHaveLength(10);
      expect(
        (await t.api('GET', '/user/me', undefined, { token: signedIn.token })).statusCode,
      ).toBe(200);
      // The ticket is used up.
      const reuse = await t.api('POST', '/user/mfa/totp', {}, { token: ticket });
      expect(reuse.statusCode).toBe(401);
      // The last factor stays while MFA is required.
      const factors = await t.api('GET', '/user/mfa', undefined, { token: signedIn.token });
      const [factor] = (await factors.json()).data.factors;
      const remove = await t.api('DELETE', `/user/mfa/${factor._id}`, undefined, {
        token: signedIn.token,
      });
      await expectContract(remove, 'removeMfaFactor', 409);
      expect(remove.json().message).toBe(
        'Two-step verification is required: add another factor before removing this one.',
      );
    }));
});

describe("Confirm it's you (step-up)", () => {
  let secret: string;
  let adminId: string;
  const email = 'support@example.com';

  beforeAll(async () => {
    adminId = (await adminByEmail(email)).id;
    ({ secret } = await enrol(await createSession(t.database.db, adminId, 3_600_000)));
  });

  const freshToken = async () => {
    const token = await createSession(t.database.db, adminId, 3_600_000);
    return token;
  };

  test('without a recent confirmation: 401 step_up_required that does not end the session; POST /user/verify, then allowed for STEP_UP_MINUTES', async () => {
    const token = await freshToken();
    const refused = await t.api(
      'PUT',
      '/user/password',
      { currentPassword: 'x', newPassword: 'y' },
      { token },
    );
    const body = await expectContract(refused, 'changePassword', 401);
    expect(body).toEqual({
      success: false,
      message: "Confirm it's you to continue",
      status_code: 401,
      reason: 'step_up_required',
    });
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_user_authentication"',
    );
    expect((await t.api('GET', '/user/me', undefined, { token })).statusCode).toBe(200);
    await freshStep();
    await t.database.db.execute(sql`delete from mfa_used_steps`);
    const wrong = await t.api('POST', '/user/verify', { code: '000000' }, { token });
    await expectContract(wrong, 'verifyStepUp', 400);
    const verified = await t.api('POST', '/user/verify', { code: codeAt(secret) }, { token });
    const answer = await expectContract(verified, 'verifyStepUp', 200);
    const until = new Date(answer.data.verifiedUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const allowed = await t.api(
      'PUT',
      '/user/password',
      { currentPassword: 'x', newPassword: 'y' },
      { token },
    );
    expect(allowed.statusCode).toBe(400); // the wrong current password: past the step-up
    await t.database.db.execute(sql`delete from login_throttle`);
    // Older than STEP_UP_MINUTES: asked again.
    await t.database.db
      .update(sessions)
      .set({ verifiedAt: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where(eq(sessions.userId, adminId));
    const stale = await t.api(
      'PUT',
      '/user/password',
      { currentPassword: 'x', newPassword: 'y' },
      { token },
    );
    expect(stale.json().reason).toBe('step_up_required');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'mfa.verify'));
    expect(events.at(-1)).toMatchObject({ actorId: adminId, details: { method: 'totp' } });
  });

  test('every operation the contract marks x-step-up asks for it, and no other one does', async () => {
    const contract = await loadContract();
    const secured = securedOperations(contract);
    const marked = operationFlags(contract, 'x-step-up');
    expect([...marked].sort()).toEqual(
      expect.arrayContaining([
        'refundOrder',
        'refundBooking',
        'updateConfiguration',
        'updateRestaurant',
        'exportUsers',
        'exportBookings',
        'addTeamMember',
        'updateTeamMember',
        'resetTeamMemberMfa',
        'changePassword',
        'startTotpEnrolment',
        'removeMfaFactor',
        'regenerateRecoveryCodes',
      ]),
    );
    // The owner has every permission: only the step-up decides.
    const owner = await adminByEmail('admin@example.com');
    const ownerSession = await createSession(t.database.db, owner.id, 3_600_000);
    await enrol(ownerSession);
    const asked: string[] = [];
    for (const [route, item] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const id = (operation as { operationId?: string }).operationId;
        if (!id || !secured.has(id)) continue;
        const token = await createSession(t.database.db, owner.id, 3_600_000);
        // (The event stream's endless answer is read up to its first chunk.)
        const res = await injectHead(t.app, {
          method: method.toUpperCase() as 'GET',
          url: `/api/v1${route.replace(/\{[^}]+\}/g, PLACEHOLDER_ID)}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 401 && res.json().reason === 'step_up_required') asked.push(id);
      }
    }
    expect(asked.sort()).toEqual([...marked].sort());
  });

  test('an admin without a factor is never asked (the demo)', async () => {
    const viewer = await adminByEmail('viewer@example.com');
    const token = await createSession(t.database.db, viewer.id, 3_600_000);
    const res = await t.api('POST', '/user/mfa/totp', {}, { token });
    expect(res.statusCode).toBe(200);
  });
});

describe("an owner resets a member's two-step verification", () => {
  test('their factors and sessions end, audited; not one`s own', async () => {
    const member = await adminByEmail('finance@example.com');
    const owner = await adminByEmail('admin@example.com');
    const memberToken = await createSession(t.database.db, member.id, 3_600_000);
    const ownerToken = await createSession(t.database.db, owner.id, 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ verifiedAt: new Date() })
      .where(eq(sessions.userId, owner.id));
    const res = await t.api('DELETE', `/admin/team/${member.id}/mfa`, undefined, {
      token: ownerToken,
    });
    const body = await expectContract(res, 'resetTeamMemberMfa', 200);
    expect(body.data.ended).toBeGreaterThan(0);
    expect(
      await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, member.id)),
    ).toEqual([]);
    expect((await t.api('GET', '/user/me', undefined, { token: memberToken })).statusCode).toBe(
      401,
    );
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'mfa.reset'));
    expect(event).toMatchObject({ actorId: owner.id, entityId: member.id });
    // Signing in again is the password alone (MFA not required here).
    const again = await login('finance@example.com', 'finance1234');
    expect(again.json().token).toEqual(expect.any(String));
    const own = await t.api('DELETE', `/admin/team/${owner.id}/mfa`, undefined, {
      token: ownerToken,
    });
    await expectContract(own, 'resetTeamMemberMfa', 400);
  });
});
