/**
 * Passkeys (issue 27) with a software authenticator made here (EC P-256, attestation "none"):
 * adding one (named, listed with the factors), signing in with `{ticket, webauthn}`, "Confirm
 * it's you" with `{webauthn}`; answers from another origin or for another relying party refused,
 * a challenge used once and only by the ticket or session it was made for, a signature counter
 * that goes back refused; refusals count in the sign-in throttle and are audit events; removal
 * under the same rules as an authenticator app; no PUBLIC_ORIGIN, no passkeys (409).
 */
import { and, eq, sql } from 'drizzle-orm';
import { createSession } from '../src/auth/sessions.js';
import { auditEvents, mfaFactors, sessions, users } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { SoftAuthenticator } from './helpers/soft-authenticator.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const EMAIL = 'finance@example.com';
const PASSWORD = 'finance1234';
const REFUSED = 'That passkey was not accepted: try again, or use a code.';
const NOT_ADDED =
  'That passkey could not be added: start again and use your passkey within 5 minutes.';

let t: TestApp;
let defaultThrottle: TestApp['app']['config']['loginThrottle'];
let adminId: string;
let token: string;
const laptop = new SoftAuthenticator(ORIGIN, RP_ID);

beforeAll(async () => {
  t = await createTestApp();
  t.app.config.webauthn = { rpId: RP_ID, origin: ORIGIN };
  defaultThrottle = t.app.config.loginThrottle;
  [{ id: adminId }] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
  token = await createSession(t.database.db, adminId, 3_600_000);
});
afterAll(() => t.close());
beforeEach(() => t.database.db.execute(sql`delete from login_throttle`));
afterEach(() => {
  t.app.config.loginThrottle = defaultThrottle;
});

const events = (action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, adminId)))
    .orderBy(auditEvents.createdAt);

const registrationOptions = async (as = token) =>
  (
    await expectContract(
      await t.api('POST', '/user/mfa/passkey/options', undefined, { token: as }),
      'startPasskeyRegistration',
      200,
    )
  ).data.options;

const addPasskey = (name: string, webauthn: unknown, as = token) =>
  t.api('POST', '/user/mfa/passkey', { name, webauthn }, { token: as });

const ticketOf = async () =>
  (
    await expectContract(
      await t.api('POST', '/user/login', { email: EMAIL, password: PASSWORD }, { token: null }),
      'login',
      200,
    )
  ).mfa.ticket as string;

const signInOptions = async (ticket: string) =>
  (
    await expectContract(
      await t.api('POST', '/user/login/mfa/passkey-options', { ticket }, { token: null }),
      'startPasskeySignIn',
      200,
    )
  ).data.options;

const signIn = (ticket: string, webauthn: unknown) =>
  t.api('POST', '/user/login/mfa', { ticket, webauthn }, { token: null });

describe('adding a passkey', () => {
  test('options for this server, then the named passkey is a factor (the first one with recovery codes); an audit event', async () => {
    const options = await registrationOptions();
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      user: { name: EMAIL },
      attestation: 'none',
      challenge: expect.any(String),
    });
    const res = await addPasskey('Laptop', laptop.register(options));
    const body = await expectContract(res, 'addPasskey', 200);
    expect(body.message).toBe('Passkey added');
    expect(body.data.factor).toMatchObject({ kind: 'webauthn', name: 'Laptop' });
    expect(body.data.recoveryCodes).toHaveLength(10);
    const status = await expectContract(
      await t.api('GET', '/user/mfa', undefined, { token }),
      'getMfaStatus',
      200,
    );
    expect(status.data.factors).toEqual([
      expect.objectContaining({ kind: 'webauthn', name: 'Laptop', _id: body.data.factor._id }),
    ]);
    const [row] = await t.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, adminId));
    expect(row).toMatchObject({
      credentialId: laptop.id,
      signCount: 0,
      transports: ['internal'],
      confirmedAt: expect.any(Date),
    });
    expect(row.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await events('mfa.enroll')).at(-1)?.details).toEqual({
      step: 'confirmed',
      factor: 'webauthn',
      name: 'Laptop',
    });
  });

  test('another origin or relying party, a challenge of another session, the same answer again (its challenge used): refused, each an audit event', async () => {
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const options = await registrationOptions();
    const answer = key.register(options);
    const failedBefore = (await events('mfa.verify_failed')).length;
    const wrongOrigin = await addPasskey(
      'Phone',
      key.register(await registrationOptions(), { origin: 'https://evil.example' }),
    );
    expect((await expectContract(wrongOrigin, 'addPasskey', 400)).message).toBe(NOT_ADDED);
    const wrongRp = await addPasskey(
      'Phone',
      key.register(await registrationOptions(), { rpId: 'evil.example' }),
    );
    await expectContract(wrongRp, 'addPasskey', 400);
    const otherSession = await createSession(t.database.db, adminId, 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ verifiedAt: new Date() })
      .where(eq(sessions.userId, adminId));
    // Not with another session's challenge; with its own once, then no more.
    expect((await addPasskey('Phone', answer, otherSession)).statusCode).toBe(400);
    await expectContract(await addPasskey('Phone', answer), 'addPasskey', 200);
    expect((await addPasskey('Phone', answer)).statusCode).toBe(400);
    const failed = await events('mfa.verify_failed');
    expect(failed.length - failedBefore).toBe(4);
    expect(failed.at(-1)?.details).toEqual({ step: 'enrolment', method: 'webauthn' });
    // The laptop's passkey, once more: refused (it is added already).
    const twice = await addPasskey('Laptop again', laptop.register(await registrationOptions()));
    expect(twice.json().message).toBe(
      'This passkey is added already: use another passkey or security key.',
    );
  });
});

describe('signing in with a passkey', () => {
  test('the login offers it; options for the ticket; {ticket, webauthn} signs in and the counter is kept', async () => {
    const login = await t.api(
      'POST',
      '/user/login',
      { email: EMAIL, password: PASSWORD },
      { token: null },
    );
    const { mfa, message } = await expectContract(login, 'login', 200);
    expect(mfa.methods).toEqual(['recovery_code', 'webauthn']);
    expect(message).toBe('Use your passkey, or a recovery code');
    const options = await signInOptions(mfa.ticket);
    expect(options.rpId).toBe(RP_ID);
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toContain(laptop.id);
    const res = await signIn(mfa.ticket, laptop.authenticate(options));
    const body = await expectContract(res, 'loginMfa', 200);
    expect((await t.api('GET', '/user/me', undefined, { token: body.token })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.credentialId, laptop.id));
    expect(row.signCount).toBe(laptop.counter);
    expect((await events('auth.login')).at(-1)?.details).toEqual({ secondStep: 'webauthn' });
  });

  test('a challenge is used once and only with its ticket; another origin or relying party refused; each counts against the ticket and is an audit event', async () => {
    const throttle = t.app.config.loginThrottle;
    t.app.config.loginThrottle = { ...throttle, accountMaxFailures: 100, addressMaxFailures: 100 };
    const first = await ticketOf();
    const used = laptop.authenticate(await signInOptions(first));
    await expectContract(await signIn(first, used), 'loginMfa', 200);
    const failedBefore = (await events('mfa.verify_failed')).length;
    const ticket = await ticketOf();
    // The first ticket's answer again: its challenge is used up (and was another ticket's).
    const replay = await signIn(ticket, used);
    expect((await expectContract(replay, 'loginMfa', 401)).message).toBe(REFUSED);
    // A challenge made for this ticket, answered from another origin, then for another RP.
    const origin = laptop.authenticate(await signInOptions(ticket), {
      origin: 'https://evil.example',
    });
    expect((await signIn(ticket, origin)).statusCode).toBe(401);
    const rp = laptop.authenticate(await signInOptions(ticket), { rpId: 'evil.example' });
    expect((await signIn(ticket, rp)).statusCode).toBe(401);
    // A challenge of another ticket.
    const other = await ticketOf();
    const elsewhere = laptop.authenticate(await signInOptions(other));
    expect((await signIn(ticket, elsewhere)).statusCode).toBe(401);
    const failed = await events('mfa.verify_failed');
    expect(failed.length - failedBefore).toBe(4);
    expect(failed.at(-1)?.details).toEqual({ step: 'sign-in', method: 'webauthn' });
    // The fifth wrong answer ends the ticket.
    const fifth = laptop.authenticate(await signInOptions(ticket), { rpId: 'evil.example' });
    expect((await signIn(ticket, fifth)).statusCode).toBe(401);
    const ended = await t.api(
      'POST',
      '/user/login/mfa/passkey-options',
      { ticket },
      { token: null },
    );
    expect(ended.statusCode).toBe(401);
  });

  test('a counter that goes back (a cloned key) is refused', async () => {
    const ticket = await ticketOf();
    const [{ signCount }] = await t.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.credentialId, laptop.id));
    expect(signCount).toBeGreaterThan(1);
    const stale = laptop.authenticate(await signInOptions(ticket), { counter: signCount! - 1 });
    expect((await signIn(ticket, stale)).statusCode).toBe(401);
    const same = laptop.authenticate(await signInOptions(ticket), { counter: signCount! });
    expect((await signIn(ticket, same)).statusCode).toBe(401);
    const next = laptop.authenticate(await signInOptions(ticket));
    expect((await signIn(ticket, next)).statusCode).toBe(200);
  });

  test('refused passkeys count in the sign-in throttle: 429 with Retry-After', async () => {
    const ticket = await ticketOf();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      const answer = laptop.authenticate(await signInOptions(ticket), {
        origin: 'https://x.example',
      });
      last = await signIn(ticket, answer);
      statuses.push(last.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(last!.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe("Confirm it's you with a passkey", () => {
  test('options for the session, then {webauthn} allows the step-up operations; an audit event', async () => {
    const fresh = await createSession(t.database.db, adminId, 3_600_000);
    const change = () =>
      t.api('PUT', '/user/password', { currentPassword: 'x', newPassword: 'y' }, { token: fresh });
    expect((await change()).json().reason).toBe('step_up_required');
    const optionsOf = async (as: string) =>
      (
        await expectContract(
          await t.api('POST', '/user/verify/passkey-options', undefined, { token: as }),
          'startPasskeyVerification',
          200,
        )
      ).data.options;
    // Another session's challenge is not this one's.
    const theirs = laptop.authenticate(await optionsOf(token));
    const refused = await t.api('POST', '/user/verify', { webauthn: theirs }, { token: fresh });
    expect((await expectContract(refused, 'verifyStepUp', 400)).message).toBe(REFUSED);
    expect((await events('mfa.verify_failed')).at(-1)?.details).toEqual({
      step: 'step-up',
      method: 'webauthn',
    });
    const answer = laptop.authenticate(await optionsOf(fresh));
    const verified = await t.api('POST', '/user/verify', { webauthn: answer }, { token: fresh });
    await expectContract(verified, 'verifyStepUp', 200);
    expect((await change()).statusCode).toBe(400); // the wrong current password: past the step-up
    expect((await events('mfa.verify')).at(-1)?.details).toEqual({ method: 'webauthn' });
    const again = await t.api('POST', '/user/verify', { webauthn: answer }, { token: fresh });
    expect(again.statusCode).toBe(400);
  });
});

describe('removing a passkey', () => {
  test('step-up first; not the last factor while MFA is required; the second one without recovery codes; an audit event', async () => {
    const fresh = await createSession(t.database.db, adminId, 3_600_000);
    const [factor, phone] = await t.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, adminId))
      .orderBy(mfaFactors.createdAt);
    expect([factor.name, phone.name]).toEqual(['Laptop', 'Phone']);
    const remove = (id: string, as = token) =>
      t.api('DELETE', `/user/mfa/${id}`, undefined, { token: as });
    expect((await remove(factor.id, fresh)).json().reason).toBe('step_up_required');
    t.app.config.mfa.required = true;
    try {
      await expectContract(await remove(phone.id), 'removeMfaFactor', 200);
      const last = await remove(factor.id);
      expect((await expectContract(last, 'removeMfaFactor', 409)).message).toBe(
        'Two-step verification is required: add another factor before removing this one.',
      );
      const key = new SoftAuthenticator(ORIGIN, RP_ID);
      const added = await addPasskey('YubiKey', key.register(await registrationOptions()));
      const body = await expectContract(added, 'addPasskey', 200);
      expect(body.data.recoveryCodes).toBeUndefined();
      const removed = await remove(factor.id);
      expect((await expectContract(removed, 'removeMfaFactor', 200)).message).toBe(
        'Passkey removed',
      );
      expect((await events('mfa.remove')).at(-1)?.details).toEqual({
        factor: 'webauthn',
        name: 'Laptop',
      });
      const ticket = await ticketOf();
      const gone = laptop.authenticate(await signInOptions(ticket));
      expect((await signIn(ticket, gone)).statusCode).toBe(401);
    } finally {
      t.app.config.mfa.required = false;
    }
  });

  test('without PUBLIC_ORIGIN passkeys are off: 409 with what to set', async () => {
    const before = t.app.config.webauthn;
    t.app.config.webauthn = undefined;
    try {
      const res = await t.api('POST', '/user/mfa/passkey/options', undefined, { token });
      expect((await expectContract(res, 'startPasskeyRegistration', 409)).message).toBe(
        'Passkeys are not set up on this server: its operator must set PUBLIC_ORIGIN.',
      );
    } finally {
      t.app.config.webauthn = before;
    }
  });
});
