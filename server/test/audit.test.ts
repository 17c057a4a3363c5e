/**
 * The audit trail: every write operation of the contract records exactly one event with its
 * before and after (a table over the contract's writes, so a new write without a case fails),
 * writes that change nothing record nothing, change and event commit together or not at all,
 * the table refuses UPDATE and DELETE, and the search endpoint filters and pages.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, notIlike, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceList,
} from '../../common/reference-lists.js';
import * as OTPAuth from 'otpauth';
import { loadContract } from '../src/contract.js';
import { createSession, hashToken } from '../src/auth/sessions.js';
import { saveAdministrator } from '../src/auth/administrators.js';
import {
  auditEvents,
  configuration,
  restaurants,
  reviews,
  sessions,
  staticContents,
  users,
} from '../src/db/schema.js';
import { createBookingFixture } from './helpers/booking-fixture.js';
import { expectContract } from './helpers/contract.js';
import { SoftAuthenticator } from './helpers/soft-authenticator.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { pngPart } from './helpers/uploads.js';
import { TEST_ADMIN } from './helpers/constants.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eventCount = async () => (await t.database.db.select({ n: count() }).from(auditEvents))[0].n;
const usd = (amount: number) => ({ amount, currency: 'USD' });
const dataOf = (res: LightMyRequestResponse) => res.json().data;

/** A user agent of its own for each request under test: its events are those that name it. */
const newAgent = () => ({ 'user-agent': `audit-test/${randomUUID()}` });
const eventsSentBy = (headers: { 'user-agent': string }) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.userAgent, headers['user-agent']));

type Expected = {
  status: number;
  action: string;
  entityType: string;
  /** the record's id, when the case knows it */
  entityId?: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
  /** the actor when it is not the test's admin (an admin acting on their own account) */
  actor?: { id: string; email: string };
};
/** What a case made before its call: ids and the values it expects to see replaced. */
type Given = Record<string, string | number | boolean | null>;
type Case = {
  /** Makes the records the call needs; the events of these calls are not the case's. */
  given?: () => Promise<Given>;
  /** The call under test, sent with `options` (its own user agent). */
  run: (
    given: Given,
    options: { headers: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
  expect: (given: Given, res: LightMyRequestResponse) => Expected;
};

const usdRestaurant = async () =>
  (
    await t.database.db.select().from(restaurants).where(eq(restaurants.currency, 'USD')).limit(1)
  )[0];

/** A content item made for one case, with its FAQs when given. */
async function contentItem(
  title: string,
  faqs?: { question: string; answer: string }[],
): Promise<Given> {
  const created = dataOf(await t.api('POST', '/static', { title, content: '<p>One</p>' }));
  if (!faqs) return { contentId: created._id, contentSlug: created.slug };
  const updated = dataOf(await t.api('PUT', `/static?slug=${created.slug}`, { faqs }));
  return { contentId: created._id, contentSlug: created.slug, faqId: updated.faqs[0]._id };
}

/** A refund of `amount` USD of a new order, asked by the admin with `email`: its request. */
async function refundRequest(email: string, amount: number): Promise<Given> {
  const fixture = await createBookingFixture(t.database.db, { orderTotals: [300_000] });
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, email));
  const token = await createSession(t.database.db, admin.id, 3_600_000);
  const res = await t.api(
    'POST',
    '/admin/orders/refund',
    { orderId: fixture.orderIds[0], amount },
    { token },
  );
  return { bookingId: fixture.bookingId, approvalId: dataOf(res).approvalId };
}

const savedView = async (name: string) =>
  dataOf(
    await t.api('POST', '/admin/saved-views', {
      screen: 'reviews',
      name,
      filters: { status: 'pending' },
    }),
  )._id as string;

/** Every reference list's create and update (and delete, where it has one), from its entry. */
const referenceCases = (list: ReferenceList): Record<string, Case> => {
  const { key: kind, operations } = list;
  const path = (id: unknown) => operations.update.path.replace('{id}', String(id));
  const createOne = async (name: string) =>
    dataOf(await t.api('POST', operations.create.path, { name }))._id;
  return {
    [operations.create.operationId]: {
      run: (_, options) =>
        t.api('POST', operations.create.path, { name: `Audit ${kind}` }, options),
      expect: (_, res) => ({
        status: 201,
        action: 'reference.create',
        entityType: kind,
        entityId: dataOf(res)._id,
        changes: [{ field: 'name', before: null, after: `Audit ${kind}` }],
      }),
    },
    [operations.update.operationId]: {
      given: async () => ({ id: await createOne(`Audit ${kind} to rename`) }),
      run: (given, options) => t.api('PUT', path(given.id), { name: `Audited ${kind}` }, options),
      expect: (given) => ({
        status: 200,
        action: 'reference.update',
        entityType: kind,
        entityId: given.id as string,
        changes: [{ field: 'name', before: `Audit ${kind} to rename`, after: `Audited ${kind}` }],
      }),
    },
    ...(operations.delete && {
      [operations.delete.operationId]: {
        given: async () => ({ id: await createOne(`Audit ${kind} to delete`) }),
        run: (given, options) => t.api('DELETE', path(given.id), undefined, options),
        expect: (given) => ({
          status: 200,
          action: 'reference.delete',
          entityType: kind,
          entityId: given.id as string,
          changes: [{ field: 'name', before: `Audit ${kind} to delete`, after: null }],
        }),
      },
    }),
  };
};

const STRONG_PASSWORD = 'quiet-meadow-lantern-58';
let ownCounter = 0;
/** A new administrator with a known password and a session of their own. */
async function ownAdmin() {
  ownCounter += 1;
  const email = `audit-own${ownCounter}@example.org`;
  await saveAdministrator(t.database.db, { email, password: STRONG_PASSWORD, teamRole: 'viewer' });
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { id: admin.id, email, token: await createSession(t.database.db, admin.id, 3_600_000) };
}

/** A software passkey for the test server's PUBLIC_ORIGIN (the demo's default). */
const softKey = () =>
  new SoftAuthenticator(t.app.config.webauthn!.origin, t.app.config.webauthn!.rpId);

/** An admin of their own with a passkey (and a session that just added it). */
async function passkeyAdmin() {
  const admin = await ownAdmin();
  const options = dataOf(
    await t.api('POST', '/user/mfa/passkey/options', undefined, { token: admin.token }),
  ).options;
  await t.api(
    'POST',
    '/user/mfa/passkey',
    { name: 'Laptop', webauthn: softKey().register(options) },
    { token: admin.token },
  );
  return admin;
}

/** The code of an authenticator secret, `steps` steps from now. */
const totpCode = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + steps * 30_000,
  });

/**
 * An admin of their own with an authenticator app, enrolled with the current step's code (the
 * previous step's failed when the clock passed a step between computing and checking it); the
 * codes sent later are the next step's, so none is refused as a replay of this one.
 */
async function enrolledAdmin() {
  const admin = await ownAdmin();
  const token = admin.token;
  const started = dataOf(await t.api('POST', '/user/mfa/totp', {}, { token }));
  const confirmed = await t.api(
    'POST',
    '/user/mfa/totp/confirm',
    { code: totpCode(started.secret) },
    { token },
  );
  expect(confirmed.statusCode).toBe(200);
  return { ...admin, secret: started.secret as string };
}

/** A colleague added on the Team screen: their id and set-password token. */
async function addedColleague() {
  ownCounter += 1;
  const res = await t.api('POST', '/admin/team', {
    email: `audit-added${ownCounter}@example.org`,
    firstName: 'Added',
    lastName: `Colleague ${ownCounter}`,
    teamRole: 'viewer',
  });
  const { _id, email, setupUrl } = dataOf(res);
  return {
    id: _id as string,
    email: email as string,
    token: setupUrl.split('token=')[1] as string,
  };
}

const sessionIdOf = async (token: string) =>
  (
    await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0].id;

const CASES: Record<string, Case> = {
  setupPassword: {
    given: addedColleague,
    run: (given, options) =>
      t.api(
        'POST',
        '/user/setup-password',
        { token: given.token, password: STRONG_PASSWORD },
        { ...options, token: null },
      ),
    expect: (given) => ({
      status: 200,
      action: 'account.password_setup',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  changePassword: {
    given: ownAdmin,
    run: (given, options) =>
      t.api(
        'PUT',
        '/user/password',
        { currentPassword: STRONG_PASSWORD, newPassword: 'copper-kettle-orbit-91' },
        { ...options, token: given.token as string },
      ),
    expect: (given) => ({
      status: 200,
      action: 'account.password',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  endSession: {
    given: async () => {
      const admin = await ownAdmin();
      const other = await createSession(t.database.db, admin.id, 3_600_000);
      return { ...admin, sessionId: await sessionIdOf(other) };
    },
    run: (given, options) =>
      t.api('DELETE', `/user/sessions/${given.sessionId}`, undefined, {
        ...options,
        token: given.token as string,
      }),
    expect: (given) => ({
      status: 200,
      action: 'account.session_end',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  endOtherSessions: {
    given: async () => {
      const admin = await ownAdmin();
      await createSession(t.database.db, admin.id, 3_600_000);
      return admin;
    },
    run: (given, options) =>
      t.api('DELETE', '/user/sessions', undefined, { ...options, token: given.token as string }),
    expect: (given) => ({
      status: 200,
      action: 'account.session_end',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  startTotpEnrolment: {
    given: ownAdmin,
    run: (given, options) =>
      t.api('POST', '/user/mfa/totp', {}, { ...options, token: given.token as string }),
    expect: (given) => ({
      status: 200,
      action: 'mfa.enroll',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  confirmTotpEnrolment: {
    given: async () => {
      const admin = await ownAdmin();
      const started = await t.api('POST', '/user/mfa/totp', {}, { token: admin.token });
      return { ...admin, secret: dataOf(started).secret };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/user/mfa/totp/confirm',
        { code: totpCode(given.secret as string, 1) },
        { ...options, token: given.token as string },
      ),
    expect: (given) => ({
      status: 200,
      action: 'mfa.enroll',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  loginMfa: {
    given: async () => {
      const admin = await enrolledAdmin();
      const res = await t.api(
        'POST',
        '/user/login',
        { email: admin.email, password: STRONG_PASSWORD },
        { token: null },
      );
      return { ...admin, ticket: res.json().mfa.ticket };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/user/login/mfa',
        { ticket: given.ticket, code: totpCode(given.secret as string, 1) },
        { ...options, token: null },
      ),
    expect: (given) => ({
      status: 200,
      action: 'auth.login',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  verifyStepUp: {
    given: enrolledAdmin,
    run: (given, options) =>
      t.api(
        'POST',
        '/user/verify',
        { code: totpCode(given.secret as string, 1) },
        { ...options, token: given.token as string },
      ),
    expect: (given) => ({
      status: 200,
      action: 'mfa.verify',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  regenerateRecoveryCodes: {
    given: enrolledAdmin,
    run: (given, options) =>
      t.api('POST', '/user/mfa/recovery-codes', undefined, {
        ...options,
        token: given.token as string,
      }),
    expect: (given) => ({
      status: 200,
      action: 'mfa.recovery_codes',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  removeMfaFactor: {
    given: async () => {
      const admin = await enrolledAdmin();
      const status = await t.api('GET', '/user/mfa', undefined, { token: admin.token });
      return { ...admin, factorId: dataOf(status).factors[0]._id };
    },
    run: (given, options) =>
      t.api('DELETE', `/user/mfa/${given.factorId}`, undefined, {
        ...options,
        token: given.token as string,
      }),
    expect: (given) => ({
      status: 200,
      action: 'mfa.remove',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  startPasskeyRegistration: {
    given: ownAdmin,
    run: (given, options) =>
      t.api('POST', '/user/mfa/passkey/options', undefined, {
        ...options,
        token: given.token as string,
      }),
    expect: (given) => ({
      status: 200,
      action: 'mfa.enroll',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  addPasskey: {
    given: async () => {
      const admin = await ownAdmin();
      const options = dataOf(
        await t.api('POST', '/user/mfa/passkey/options', undefined, { token: admin.token }),
      ).options;
      return { ...admin, answer: JSON.stringify(softKey().register(options)) };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/user/mfa/passkey',
        { name: 'Laptop', webauthn: JSON.parse(given.answer as string) },
        { ...options, token: given.token as string },
      ),
    expect: (given) => ({
      status: 200,
      action: 'mfa.enroll',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  startPasskeyVerification: {
    given: passkeyAdmin,
    run: (given, options) =>
      t.api('POST', '/user/verify/passkey-options', undefined, {
        ...options,
        token: given.token as string,
      }),
    expect: (given) => ({
      status: 200,
      action: 'mfa.passkey_challenge',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  startPasskeySignIn: {
    given: async () => {
      const admin = await passkeyAdmin();
      const res = await t.api(
        'POST',
        '/user/login',
        { email: admin.email, password: STRONG_PASSWORD },
        { token: null },
      );
      return { ...admin, ticket: res.json().mfa.ticket };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/user/login/mfa/passkey-options',
        { ticket: given.ticket },
        { ...options, token: null },
      ),
    expect: (given) => ({
      status: 200,
      action: 'mfa.passkey_challenge',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
      actor: { id: given.id as string, email: given.email as string },
    }),
  },
  resetTeamMemberMfa: {
    given: enrolledAdmin,
    run: (given, options) => t.api('DELETE', `/admin/team/${given.id}/mfa`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'mfa.reset',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
    }),
  },
  addTeamMember: {
    run: (_, options) =>
      t.api(
        'POST',
        '/admin/team',
        {
          email: 'audit-team@example.org',
          firstName: 'Audit',
          lastName: 'Team',
          teamRole: 'content',
        },
        options,
      ),
    expect: (_, res) => ({
      status: 201,
      action: 'team.create',
      entityType: 'user',
      entityId: dataOf(res)._id,
      changes: [],
    }),
  },
  updateTeamMember: {
    given: addedColleague,
    run: (given, options) =>
      t.api('PUT', `/admin/team/${given.id}`, { teamRole: 'support' }, options),
    expect: (given) => ({
      status: 200,
      action: 'team.role',
      entityType: 'user',
      entityId: given.id as string,
      changes: [{ field: 'teamRole', before: 'viewer', after: 'support' }],
    }),
  },
  renewSetupLink: {
    given: addedColleague,
    run: (given, options) =>
      t.api('POST', `/admin/team/${given.id}/setup-link`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'team.setup_link',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
    }),
  },
  endTeamMemberSessions: {
    given: async () => {
      const admin = await ownAdmin();
      return { id: admin.id };
    },
    run: (given, options) =>
      t.api('DELETE', `/admin/team/${given.id}/sessions`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'team.sessions_end',
      entityType: 'user',
      entityId: given.id as string,
      changes: [],
    }),
  },
  login: {
    run: (_, options) =>
      t.api(
        'POST',
        '/user/login',
        { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
        options,
      ),
    expect: () => ({
      status: 200,
      action: 'auth.login',
      entityType: 'user',
      entityId: t.adminId,
      changes: [],
    }),
  },
  updateUserStatus: {
    given: async () => {
      const db = t.database.db;
      const [diner] = await db.select().from(users).where(eq(users.role, 'user')).limit(1);
      return { userId: diner.id, status: diner.status };
    },
    run: (given, options) =>
      t.api('PUT', `/admin/user/${given.userId}`, { status: !given.status }, options),
    expect: (given) => ({
      status: 200,
      action: 'user.status',
      entityType: 'user',
      entityId: given.userId as string,
      changes: [{ field: 'status', before: given.status, after: !given.status }],
    }),
  },
  updateConfiguration: {
    given: async () => {
      const [config] = await t.database.db.select().from(configuration);
      return { fee: config?.platformFee ?? 0 };
    },
    run: (given, options) =>
      t.api('PUT', '/configuration', { platformFee: (given.fee as number) + 1.5 }, options),
    expect: (given) => ({
      status: 200,
      action: 'configuration.update',
      entityType: 'configuration',
      entityId: null,
      changes: [{ field: 'platformFee', before: given.fee, after: (given.fee as number) + 1.5 }],
    }),
  },
  updateRestaurant: {
    given: async () => {
      const restaurant = await usdRestaurant();
      const before = restaurant.platformCommission;
      return { restaurantId: restaurant.id, before, after: before === 12.25 ? 12.5 : 12.25 };
    },
    run: (given, options) =>
      t.api(
        'PUT',
        `/restaurant/${given.restaurantId}`,
        { platformCommission: given.after },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'restaurant.update',
      entityType: 'restaurant',
      entityId: given.restaurantId as string,
      changes: [{ field: 'platformCommission', before: given.before, after: given.after }],
    }),
  },
  updateBookingNotes: {
    given: async () => ({ bookingId: (await createBookingFixture(t.database.db)).bookingId }),
    run: (given, options) =>
      t.api('PUT', `/booking/${given.bookingId}`, { adminNotes: 'Call before arrival' }, options),
    expect: (given) => ({
      status: 200,
      action: 'booking.notes',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [{ field: 'adminNotes', before: '', after: 'Call before arrival' }],
    }),
  },
  refundOrder: {
    given: async () => {
      const fixture = await createBookingFixture(t.database.db, { orderTotals: [3000, 2000] });
      return { bookingId: fixture.bookingId, orderId: fixture.orderIds[0] };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/admin/orders/refund',
        { orderId: given.orderId, amount: 5, reasonCode: 'duplicate', reason: 'Charged twice' },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'refund.create',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [
        { field: 'amount', before: null, after: usd(5) },
        { field: 'orderRefunded', before: usd(0), after: usd(5) },
        { field: 'refunded', before: usd(0), after: usd(5) },
        { field: 'reason', before: null, after: 'duplicate' },
        { field: 'note', before: null, after: 'Charged twice' },
      ],
    }),
  },
  refundOrderFallback: {
    // The booking's other order already refunded 5: the booking's refunded total goes on from it.
    given: async () => {
      const fixture = await createBookingFixture(t.database.db, { orderTotals: [3000, 2000] });
      const [first, second] = fixture.orderIds;
      await t.api('POST', '/admin/orders/refund', { orderId: first, amount: 5 });
      return { bookingId: fixture.bookingId, orderId: second };
    },
    run: (given, options) =>
      t.api('POST', '/admin/order/refund', { orderId: given.orderId, amount: 20 }, options),
    expect: (given) => ({
      status: 200,
      action: 'refund.create',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [
        { field: 'amount', before: null, after: usd(20) },
        { field: 'orderRefunded', before: usd(0), after: usd(20) },
        { field: 'refunded', before: usd(5), after: usd(25) },
        { field: 'reason', before: null, after: 'requested_by_customer' },
      ],
    }),
  },
  refundBooking: {
    given: async () => ({
      bookingId: (await createBookingFixture(t.database.db, { orderTotals: [] })).bookingId,
    }),
    run: (given, options) =>
      t.api(
        'POST',
        '/admin/booking-refund',
        { bookingId: given.bookingId, amount: 50, reasonCode: 'other', notes: 'Deposit returned' },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'refund.create',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [
        { field: 'amount', before: null, after: usd(50) },
        { field: 'refunded', before: usd(0), after: usd(50) },
        { field: 'paymentStatus', before: 'Paid', after: 'Refund' },
        { field: 'reason', before: null, after: 'other' },
        { field: 'note', before: null, after: 'Deposit returned' },
      ],
    }),
  },
  // A refund above support's limit waits for another admin: approving it makes the refund.
  approveApproval: {
    given: () => refundRequest('support@example.com', 150),
    run: (given, options) =>
      t.api('POST', `/admin/approvals/${given.approvalId}/approve`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'approval.approve',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [
        { field: 'status', before: 'pending', after: 'approved' },
        { field: 'amount', before: null, after: usd(150) },
        { field: 'orderRefunded', before: usd(0), after: usd(150) },
        { field: 'refunded', before: usd(0), after: usd(150) },
        { field: 'reason', before: null, after: 'requested_by_customer' },
      ],
    }),
  },
  rejectApproval: {
    given: () => refundRequest('support@example.com', 150),
    run: (given, options) =>
      t.api('POST', `/admin/approvals/${given.approvalId}/reject`, { reason: 'Not ours' }, options),
    expect: (given) => ({
      status: 200,
      action: 'approval.reject',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [{ field: 'status', before: 'pending', after: 'rejected' }],
    }),
  },
  // The admin's own request (above 1,000 USD, for owners too), withdrawn.
  cancelApproval: {
    given: () => refundRequest(TEST_ADMIN.adminEmail, 1500),
    run: (given, options) =>
      t.api('POST', `/admin/approvals/${given.approvalId}/cancel`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'approval.cancel',
      entityType: 'booking',
      entityId: given.bookingId as string,
      changes: [{ field: 'status', before: 'pending', after: 'cancelled' }],
    }),
  },
  ...Object.assign({}, ...REFERENCE_LIST_KEYS.map((key) => referenceCases(REFERENCE_LISTS[key]))),
  // Cuisines are created with their image (a multipart form).
  createCuisine: {
    run: (_, options) =>
      t.upload('POST', '/cuisine', { name: 'Audit cuisine', image: pngPart() }, options),
    expect: (_, res) => ({
      status: 201,
      action: 'reference.create',
      entityType: 'cuisine',
      entityId: dataOf(res)._id,
      changes: [
        { field: 'name', before: null, after: 'Audit cuisine' },
        { field: 'image', before: null, after: expect.stringMatching(/^\/api\/v1\/images\//) },
      ],
    }),
  },
  updateCuisine: {
    given: async () => ({
      id: dataOf(
        await t.upload('POST', '/cuisine', { name: 'Audit cuisine to stop', image: pngPart() }),
      )._id,
    }),
    run: (given, options) => t.api('PUT', `/cuisine/${given.id}`, { status: false }, options),
    expect: (given) => ({
      status: 200,
      action: 'reference.status',
      entityType: 'cuisine',
      entityId: given.id as string,
      changes: [{ field: 'status', before: true, after: false }],
    }),
  },
  updateReviewStatus: {
    given: async () => {
      const db = t.database.db;
      const [review] = await db
        .select()
        .from(reviews)
        .where(eq(reviews.status, 'pending'))
        .limit(1);
      return { reviewId: review.id };
    },
    run: (given, options) =>
      t.api('PUT', `/admin/review/${given.reviewId}`, { status: 'rejected' }, options),
    expect: (given) => ({
      status: 200,
      action: 'review.moderate',
      entityType: 'review',
      entityId: given.reviewId as string,
      changes: [{ field: 'status', before: 'pending', after: 'rejected' }],
    }),
  },
  bulkUpdateReviewStatus: {
    // A restaurant whose name the search test below does not look for.
    given: async () => {
      const [review] = await t.database.db
        .select({ id: reviews.id, version: reviews.version })
        .from(reviews)
        .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
        .where(and(eq(reviews.status, 'pending'), notIlike(restaurants.name, '%bistro%')))
        .limit(1);
      return { reviewId: review.id, version: review.version };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/admin/reviews/bulk',
        { items: [{ _id: given.reviewId, version: given.version }], status: 'approved' },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'review.moderate',
      entityType: 'review',
      entityId: given.reviewId as string,
      changes: [{ field: 'status', before: 'pending', after: 'approved' }],
    }),
  },
  bulkUpdateUserStatus: {
    given: async () => {
      const [diner] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.role, 'user'))
        .limit(1);
      return { userId: diner.id, status: diner.status, version: diner.version };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/admin/users/bulk',
        { items: [{ _id: given.userId, version: given.version }], status: !given.status },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'user.status',
      entityType: 'user',
      entityId: given.userId as string,
      changes: [{ field: 'status', before: given.status, after: !given.status }],
    }),
  },
  bulkUpdateRestaurants: {
    given: async () => {
      const restaurant = await usdRestaurant();
      return {
        restaurantId: restaurant.id,
        version: restaurant.version,
        featured: restaurant.isFeatured,
      };
    },
    run: (given, options) =>
      t.api(
        'POST',
        '/admin/restaurants/bulk',
        {
          items: [{ _id: given.restaurantId, version: given.version }],
          isFeatured: !given.featured,
        },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'restaurant.update',
      entityType: 'restaurant',
      entityId: given.restaurantId as string,
      changes: [{ field: 'isFeatured', before: given.featured, after: !given.featured }],
    }),
  },
  createStaticContent: {
    run: (_, options) =>
      t.api('POST', '/static', { title: 'Audit Page', content: '<p>One</p>' }, options),
    expect: (_, res) => ({
      status: 201,
      action: 'content.create',
      entityType: 'content',
      entityId: dataOf(res)._id,
      changes: [
        { field: 'title', before: null, after: 'Audit Page' },
        { field: 'type', before: null, after: 'page' },
        { field: 'content', before: null, after: '<p>One</p>' },
      ],
    }),
  },
  updateStaticContentLegacy: {
    given: () => contentItem('Audit Page to publish'),
    run: (given, options) =>
      t.api('PUT', `/static-content/${given.contentId}`, { status: 'published' }, options),
    expect: (given) => ({
      status: 200,
      action: 'content.publish',
      entityType: 'content',
      entityId: given.contentId as string,
      changes: [{ field: 'status', before: 'draft', after: 'published' }],
    }),
  },
  updateStaticContent: {
    given: () => contentItem('Audit Page with FAQs'),
    run: (given, options) =>
      t.api(
        'PUT',
        `/static?slug=${given.contentSlug}`,
        { faqs: [{ question: 'Open late?', answer: 'Until midnight.' }] },
        options,
      ),
    expect: (given, res) => ({
      status: 200,
      action: 'content.update',
      entityType: 'content',
      entityId: given.contentId as string,
      changes: [
        {
          field: 'faqs',
          before: '[]',
          after: JSON.stringify([
            { _id: dataOf(res).faqs[0]._id, question: 'Open late?', answer: 'Until midnight.' },
          ]),
        },
      ],
    }),
  },
  removeStaticContentFaq: {
    given: () =>
      contentItem('Audit Page losing a FAQ', [
        { question: 'Open late?', answer: 'Until midnight.' },
      ]),
    run: (given, options) =>
      t.api(
        'DELETE',
        `/static-content/${given.contentId}/faq`,
        { removeFaq: given.faqId },
        options,
      ),
    expect: (given) => ({
      status: 200,
      action: 'content.faq_delete',
      entityType: 'content',
      entityId: given.contentId as string,
      changes: [
        { field: 'faq.question', before: 'Open late?', after: null },
        { field: 'faq.answer', before: 'Until midnight.', after: null },
      ],
    }),
  },
  deleteStaticContent: {
    given: async () => {
      const item = await contentItem('Audit Page to delete');
      await t.api('PUT', `/static-content/${item.contentId}`, { status: 'published' });
      return item;
    },
    run: (given, options) =>
      t.api('DELETE', `/static?slug=${given.contentSlug}`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'content.delete',
      entityType: 'content',
      entityId: given.contentId as string,
      changes: [
        { field: 'title', before: 'Audit Page to delete', after: null },
        { field: 'status', before: 'published', after: null },
      ],
    }),
  },
  createMenuItem: {
    given: async () => ({ restaurantId: (await usdRestaurant()).id }),
    run: (given, options) =>
      t.upload(
        'POST',
        '/menu/bulk',
        {
          itemName: 'Audit Dish',
          restaurant: given.restaurantId as string,
          category: 'Mains',
          itemPrice: '11.50',
          media: pngPart(),
        },
        options,
      ),
    expect: () => ({
      status: 201,
      action: 'menu.bulk_item',
      entityType: 'menu_item',
      changes: [
        { field: 'name', before: null, after: 'Audit Dish' },
        { field: 'category', before: null, after: 'Mains' },
        { field: 'itemPrice', before: null, after: usd(11.5) },
        { field: 'images', before: null, after: 1 },
      ],
    }),
  },
  createSavedView: {
    run: (_, options) =>
      t.api(
        'POST',
        '/admin/saved-views',
        { screen: 'reviews', name: 'Audit view', filters: { status: 'pending' } },
        options,
      ),
    expect: (_, res) => ({
      status: 201,
      action: 'saved_view.create',
      entityType: 'saved_view',
      entityId: dataOf(res)._id,
      changes: [{ field: 'name', before: null, after: 'Audit view' }],
    }),
  },
  renameSavedView: {
    given: async () => ({ viewId: await savedView('Audit view to rename') }),
    run: (given, options) =>
      t.api('PUT', `/admin/saved-views/${given.viewId}`, { name: 'Audited view' }, options),
    expect: (given) => ({
      status: 200,
      action: 'saved_view.rename',
      entityType: 'saved_view',
      entityId: given.viewId as string,
      changes: [{ field: 'name', before: 'Audit view to rename', after: 'Audited view' }],
    }),
  },
  deleteSavedView: {
    given: async () => ({ viewId: await savedView('Audit view to delete') }),
    run: (given, options) =>
      t.api('DELETE', `/admin/saved-views/${given.viewId}`, undefined, options),
    expect: (given) => ({
      status: 200,
      action: 'saved_view.delete',
      entityType: 'saved_view',
      entityId: given.viewId as string,
      changes: [{ field: 'name', before: 'Audit view to delete', after: null }],
    }),
  },
  // A session of its own: logging out revokes the token it is sent with.
  logout: {
    given: async () => ({ token: await createSession(t.database.db, t.adminId, 3_600_000) }),
    run: (given, options) =>
      t.api('POST', '/user/logout', undefined, { ...options, token: given.token as string }),
    expect: () => ({
      status: 200,
      action: 'auth.logout',
      entityType: 'user',
      entityId: t.adminId,
      changes: [],
    }),
  },
};

describe('every write operation of the contract records exactly one event', () => {
  test('each write operation has a case here', async () => {
    const contract = await loadContract();
    const writes = Object.values(contract.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([, op]) => op.operationId!),
    );
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((op) => !CASES[op])).toEqual([]);
  });

  test.each(Object.keys(CASES))('%s', async (operationId) => {
    const c = CASES[operationId];
    const given = (await c.given?.()) ?? {};
    const headers = newAgent();
    const res = await c.run(given, { headers });
    const expected = c.expect(given, res);
    await expectContract(res, operationId, expected.status);
    const events = await eventsSentBy(headers);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: expected.action,
      entityType: expected.entityType,
      actorId: expected.actor?.id ?? t.adminId,
      actorEmail: expected.actor?.email ?? TEST_ADMIN.adminEmail,
      actorRole: 'admin',
      changes: expected.changes,
      requestId: expect.any(String),
      clientAddress: '127.0.0.1',
    });
    if (expected.entityId !== undefined) expect(events[0].entityId).toBe(expected.entityId);
    expect(events[0].entityName).not.toBe('');
  });
});

test('the event keeps the request facts: request id, client address, user agent', async () => {
  const headers = newAgent();
  await t.api('PUT', '/configuration', { platformFee: 3.25 }, { headers });
  const [event] = await eventsSentBy(headers);
  expect(event).toMatchObject({
    requestId: expect.stringMatching(/\S/),
    clientAddress: '127.0.0.1',
    userAgent: headers['user-agent'],
    actorName: expect.stringMatching(/\S/),
  });
});

test('a refused sign-in is recorded without an actor; the password never is', async () => {
  const headers = newAgent();
  await t.api(
    'POST',
    '/user/login',
    { email: 'Nobody@Example.com', password: 'guess-123' },
    { headers },
  );
  const events = await eventsSentBy(headers);
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event).toMatchObject({
    action: 'auth.login_failed',
    actorId: null,
    entityName: 'nobody@example.com',
    details: { email: 'nobody@example.com', reason: 'Invalid email or password' },
  });
  expect(JSON.stringify(event)).not.toContain('guess-123');
});

test('writes that change nothing record nothing', async () => {
  const db = t.database.db;
  const fixture = await createBookingFixture(db);
  const [restaurant] = await db.select().from(restaurants).limit(1);
  const [config] = await db.select().from(configuration);
  const [diner] = await db.select().from(users).where(eq(users.role, 'user')).limit(1);
  const [review] = await db.select().from(reviews).limit(1);
  const category = await t.api('POST', '/category', { name: 'Unchanged category' });
  const categoryId = category.json().data._id;
  const before = await eventCount();
  const same = [
    await t.api('PUT', `/restaurant/${restaurant.id}`, { online: restaurant.online }),
    await t.api('PUT', '/configuration', { platformFee: config.platformFee }),
    await t.api('PUT', `/admin/user/${diner.id}`, { status: diner.status }),
    await t.api('PUT', `/booking/${fixture.bookingId}`, { adminNotes: '' }),
    await t.api('PUT', `/admin/review/${review.id}`, { status: review.status }),
    await t.api('PUT', `/category/${categoryId}`, { name: 'Unchanged category', status: true }),
  ];
  expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(await eventCount()).toBe(before);
});

describe('the change and its event commit together or not at all', () => {
  const exec = (query: string) => t.database.db.execute(sql.raw(query));
  afterEach(async () => {
    await exec('DROP TRIGGER IF EXISTS fail_after_event ON audit_events');
    await exec('DROP TRIGGER IF EXISTS fail_after_write ON static_contents');
    await exec('DROP FUNCTION IF EXISTS fail_now()');
  });
  const failNow = () =>
    exec(`CREATE FUNCTION fail_now() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);

  test('the event fails after the write: the write is rolled back', async () => {
    const db = t.database.db;
    const fixture = await createBookingFixture(db, { orderTotals: [3000] });
    const [restaurant] = await db.select().from(restaurants).limit(1);
    await failNow();
    await exec(
      'CREATE TRIGGER fail_after_event AFTER INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION fail_now()',
    );
    const before = await eventCount();
    const commission = await t.api('PUT', `/restaurant/${restaurant.id}`, {
      platformCommission: (restaurant.platformCommission ?? 0) + 3,
    });
    const refund = await t.api('POST', '/admin/orders/refund', {
      orderId: fixture.orderIds[0],
      amount: 10,
    });
    expect([commission.statusCode, refund.statusCode]).toEqual([500, 500]);
    const [after] = await db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(after.platformCommission).toBe(restaurant.platformCommission);
    const booking = await expectContract(
      await t.api('GET', `/admin/booking/${fixture.bookingId}`),
      'getBooking',
      200,
    );
    expect(booking.data.refundHistory).toEqual([]);
    expect(booking.data.orders[0].paymentDetails.refunded).toBe(0);
    expect(await eventCount()).toBe(before);
  });

  test('the write fails after the event: the event is rolled back', async () => {
    const created = await t.api('POST', '/static', { title: 'Atomic Page', content: '<p>A</p>' });
    const id = created.json().data._id;
    await failNow();
    await exec(
      'CREATE TRIGGER fail_after_write BEFORE UPDATE ON static_contents FOR EACH ROW EXECUTE FUNCTION fail_now()',
    );
    const before = await eventCount();
    const res = await t.api('PUT', `/static-content/${id}`, { content: '<p>B</p>' });
    expect(res.statusCode).toBe(500);
    expect(await eventCount()).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(staticContents)
      .where(eq(staticContents.id, id));
    expect(row.content).toBe('<p>A</p>');
  });
});

test('the database refuses UPDATE and DELETE of events', async () => {
  const [event] = await t.database.db.select().from(auditEvents).limit(1);
  await expect(
    t.database.db.execute(sql`update audit_events set action = 'x' where id = ${event.id}`),
  ).rejects.toThrow();
  await expect(
    t.database.db.execute(sql`delete from audit_events where id = ${event.id}`),
  ).rejects.toThrow();
  await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  const [still] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.id, event.id));
  expect(still).toEqual(event);
});

describe('GET admin/audit-logs', () => {
  const list = async (query: string) =>
    expectContract(await t.api('GET', `/admin/audit-logs?${query}`), 'listAuditEvents', 200);
  const otherActor = '00000000-0000-4000-8000-0000000000aa';

  beforeAll(async () => {
    // Events on known days in the future, so they are the newest and their days are exact.
    const base = {
      action: 'restaurant.update',
      entityType: 'restaurant',
      changes: [{ field: 'online', before: true, after: false }],
    };
    await t.database.db.insert(auditEvents).values([
      {
        ...base,
        entityId: 'r-1',
        entityName: 'Filter Bistro',
        actorId: t.adminId,
        actorName: 'Zed Tester',
        actorEmail: 'zed@example.com',
        createdAt: new Date('2031-03-01T00:00:00Z'),
      },
      {
        ...base,
        entityId: 'r-1',
        entityName: 'Filter Bistro',
        actorId: otherActor,
        actorName: 'Bo Support',
        actorEmail: 'bo@example.com',
        createdAt: new Date('2031-03-01T23:59:59Z'),
      },
      {
        ...base,
        action: 'user.status',
        entityType: 'user',
        entityId: 'u-1',
        entityName: 'Cleo Diner',
        actorId: otherActor,
        actorName: 'Bo Support',
        actorEmail: 'bo@example.com',
        createdAt: new Date('2031-03-02T12:00:00Z'),
      },
    ]);
  });

  test('newest first with the total count, paged', async () => {
    // Counted before: the reading is an event of its own (audit.view), written after it.
    const before = await eventCount();
    const all = await list('limit=2');
    expect(all.success).toBe(true);
    expect(all.count).toBe(before);
    expect(all.data.map((e: { entity: { name: string } }) => e.entity.name)).toEqual([
      'Cleo Diner',
      'Filter Bistro',
    ]);
    const page2 = await list('limit=2&skip=1');
    expect(page2.data[0]._id).toBe(all.data[1]._id);
    expect(all.data[0]).toMatchObject({
      action: 'user.status',
      actor: { _id: otherActor, name: 'Bo Support', email: 'bo@example.com' },
      entity: { type: 'user', id: 'u-1', name: 'Cleo Diner' },
      changes: [{ field: 'online', before: true, after: false }],
    });
  });

  test('the total of each action, and of all, is the number of its events (sign-ins and views too)', async () => {
    await t.api('POST', '/user/login', { email: 'nobody@example.com', password: 'guess-123' });
    await list('limit=1');
    const counted = await t.database.db
      .select({ action: auditEvents.action, n: count() })
      .from(auditEvents)
      .groupBy(auditEvents.action);
    expect(counted.map((c) => c.action)).toEqual(
      expect.arrayContaining(['auth.login_failed', 'audit.view', 'booking.activity']),
    );
    // Counted just before each read: a read is an event of its own (audit.view), written after it.
    const countOfAction = async (action: string) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(auditEvents)
          .where(eq(auditEvents.action, action))
      )[0].n;
    for (const action of [...counted.map((c) => c.action), 'content.faq_delete']) {
      const n = await countOfAction(action);
      expect({ action, total: (await list(`action=${action}&limit=1`)).count }).toEqual({
        action,
        total: n,
      });
    }
    const before = await eventCount();
    expect((await list('limit=1')).count).toBe(before);
  });

  test('the total of one actor is the number of their events, sign-ins and views included', async () => {
    const countOfActor = async (actorId: string) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(auditEvents)
          .where(eq(auditEvents.actorId, actorId))
      )[0].n;
    await t.api('POST', '/user/login', { email: 'nobody@example.com', password: 'guess-123' });
    const nobody = '00000000-0000-4000-8000-0000000000bb';
    for (const actorId of [t.adminId, otherActor, nobody]) {
      // Counted just before the read: the read is an event of its own (audit.view), after it.
      const n = await countOfActor(actorId);
      expect({ actorId, total: (await list(`actorId=${actorId}&limit=1`)).count }).toEqual({
        actorId,
        total: n,
      });
    }
    expect(await countOfActor(otherActor)).toBe(2);
  });

  test('filters: action, record, actor, search and UTC days', async () => {
    const names = (body: { data: { entity: { name: string } }[] }) =>
      body.data.map((e) => e.entity.name);
    expect((await list('action=user.status&from=2031-01-01')).count).toBe(1);
    expect((await list('entityType=restaurant&entityId=r-1')).count).toBe(2);
    expect((await list(`actorId=${otherActor}`)).count).toBe(2);
    expect(names(await list('search=bistro'))).toEqual(['Filter Bistro', 'Filter Bistro']);
    expect((await list('search=BO@EXAMPLE')).count).toBe(2);
    expect((await list('search=Zed%20Tester')).count).toBe(1);
    expect((await list('from=2031-03-01&to=2031-03-01')).count).toBe(2);
    expect((await list('from=2031-03-02')).count).toBe(1);
    expect((await list('to=2031-02-28&entityId=r-1')).count).toBe(0);
    expect(await list('search=%25')).toMatchObject({ count: 0, data: [] });
  });

  test('bad filters are a 400 with a sentence', async () => {
    const bad = async (query: string) =>
      (
        await expectContract(
          await t.api('GET', `/admin/audit-logs?${query}`),
          'listAuditEvents',
          400,
        )
      ).message;
    expect(await bad('from=2031-13-45')).toMatch(/from/);
    expect(await bad('from=2031-03-02&to=2031-03-01')).toBe('from must be on or before to');
    expect(await bad('action=nonsense')).toBeTruthy();
    expect(await bad('actorId=not-a-uuid')).toBeTruthy();
    expect(await bad('limit=0')).toBeTruthy();
  });

  test('only admins read it', async () => {
    await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/admin/audit-logs', token: t.ownerToken }),
      'listAuditEvents',
      403,
    );
  });
});
