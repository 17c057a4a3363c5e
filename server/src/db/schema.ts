/**
 * The reference server's tables. Money is integer minor units (bigint, exponent from the row's
 * currency); percentages are numeric(12,2). Ids are uuids, exposed as `_id` strings.
 */
import { sql, type AnyColumn } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { TEAM_ROLES } from '../../../common/team-roles.js';
import { Base64Param } from './base64-param.js';
import {
  bigint,
  check,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

type Schemas = components['schemas'];

/**
 * The values a status column holds, as the contract names them: the columns are typed with them
 * (`text(name, { enum })`), so the compiler checks every comparison and every value written. The
 * database keeps plain text (no migration); the contract validates what requests send.
 */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'accepted',
  'payout',
  'refunded',
  'paid',
] as const satisfies readonly Schemas['BookingStatus'][];
export const PAYMENT_STATUSES = [
  'Pending',
  'Paid',
  'Declined',
  'Refund',
  'Completed',
  'Deposited',
] as const satisfies readonly Schemas['PaymentStatus'][];
const REVIEW_STATUSES = [
  'pending',
  'approved',
  'rejected',
] as const satisfies readonly Schemas['ReviewStatus'][];
const CONTENT_TYPES = ['page', 'section'] as const satisfies readonly Schemas['ContentType'][];
const CONTENT_STATUSES = [
  'draft',
  'published',
] as const satisfies readonly Schemas['ContentStatus'][];
const SAVED_VIEW_SCREENS = [
  'bookings',
  'restaurants',
  'users',
  'reviews',
  'content',
  'audit-log',
] as const satisfies readonly Schemas['SavedViewScreen'][];
const STAFF_SUB_ROLES = [
  'kitchen staff',
  'accounting staff',
  'booking staff',
  'manager',
  'other',
] as const satisfies readonly Schemas['StaffSubRole'][];
const REFUND_REASON_CODES = [
  'requested_by_customer',
  'duplicate',
  'fraudulent',
  'other',
] as const satisfies readonly Schemas['RefundReasonCode'][];

const APPROVAL_KINDS = [
  'refund',
  'platform_fee',
  'commission',
] as const satisfies readonly Schemas['ApprovalKind'][];
const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'expired',
] as const satisfies readonly Schemas['ApprovalStatus'][];

/**
 * Bytes are sent as base64 text that the database decodes (`Base64Param`): PGlite encodes a
 * binary parameter byte by byte (a 4.9 MB image: 1.6–1.9 s, 190–250 ms as base64; measured at a
 * load average of 9). Reading them back fast is queries/images.ts's `encode(…, 'base64')`.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${new Base64Param(value)}, 'base64')` as never,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const minor = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const percent = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
/**
 * A record's version: 1 when created, moved by every update that changes a value (a trigger of
 * migration 0012, in the statement of the change). Reads return it, writes check it (If-Match).
 */
const version = () => integer('version').notNull().default(1);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** admin | owner | staff | user */
    role: text('role').notNull(),
    /** staff only: kitchen staff | accounting staff | booking staff | manager | other */
    subRole: text('sub_role', { enum: STAFF_SUB_ROLES }),
    phoneNo: text('phone_no'),
    avatar: text('avatar'),
    status: boolean('status').notNull().default(true),
    /** admins only: what they may do in the panel (common/team-roles.ts) */
    teamRole: text('team_role', { enum: TEAM_ROLES }),
    /** the restaurant a staff member works at */
    restaurantId: uuid('restaurant_id'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt),
  ],
);

/**
 * Sign-in sessions (auth/sessions.ts): the token only as its SHA-256, the id the admin's session
 * list names it by, when it was last used by a request of the admin's own (kept to the minute;
 * the idle timeout counts from it) and the client it was opened from.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /** the last time the session confirmed a second factor (step-up, auth/step-up.ts) */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/** The kinds of second factor (auth/mfa.ts). */
export const MFA_FACTOR_KINDS = ['totp', 'webauthn'] as const;

/**
 * An admin's second factors: an authenticator app's secret, encrypted at rest (AES-256-GCM with
 * MFA_ENCRYPTION_KEY, auth/mfa-crypto.ts). A factor is on once `confirmedAt` is set (enrolment
 * confirmed with a code); an unconfirmed one is an enrolment under way.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MFA_FACTOR_KINDS }).notNull(),
    name: text('name').notNull(),
    /** the encrypted secret (never returned after enrolment) */
    secret: text('secret'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** a passkey's credential id (base64url), unique over every admin */
    credentialId: text('credential_id'),
    /** a passkey's COSE public key (base64url; not a secret) */
    publicKey: text('public_key'),
    /** a passkey's signature counter, as last seen (0 for authenticators that keep none) */
    signCount: bigint('sign_count', { mode: 'number' }),
    /** the transports the browser reported for the passkey (hints for the next sign-in) */
    transports: jsonb('transports').$type<string[]>(),
  },
  (t) => [
    index('mfa_factors_user_idx').on(t.userId),
    uniqueIndex('mfa_factors_credential_idx').on(t.credentialId),
  ],
);

/**
 * WebAuthn challenges handed out (registration, sign-in with a ticket, step-up): single use
 * (deleted when answered), bound to the admin, the purpose and the ticket or session that asked
 * (`boundTo`), and short-lived.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign-in', 'step-up'] }).notNull(),
    boundTo: text('bound_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_user_idx').on(t.userId)],
);

/** Single-use recovery codes, hashed like passwords; `usedAt` once used. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** The TOTP time steps whose code an admin has used: each is accepted once. */
export const mfaUsedSteps = pgTable(
  'mfa_used_steps',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: bigint('step', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/**
 * The ticket between the password and the second step of a sign-in: only as its SHA-256, single
 * use, short-lived, ended by too many wrong codes. `verify`: the admin has a factor and must give
 * a code; `enroll`: MFA is required and the admin has none, so the ticket only allows enrolment.
 */
export const mfaTickets = pgTable(
  'mfa_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'enroll'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('mfa_tickets_user_idx').on(t.userId)],
);

/**
 * One-time set-password links (the Team screen's "add a colleague"): the token only as its
 * SHA-256, valid until `expiresAt`, used at most once.
 */
export const setupLinks = pgTable(
  'setup_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('setup_links_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per key ("account:<email>" or "address:<ip>"), shared by every server
 * instance on the database: the failures counted since `windowStart`, and the moment the key may
 * try again once it reached its limit.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const configuration = pgTable('configuration', {
  id: integer('id').primaryKey().default(1),
  platformFee: percent('platform_fee').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: version(),
});

export const images = pgTable('images', {
  id: id(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

export const restaurants = pgTable(
  'restaurants',
  {
    id: id(),
    name: text('name').notNull(),
    logo: text('logo'),
    email: text('email').notNull(),
    currency: text('currency').notNull().default('USD'),
    online: boolean('online').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    platformCommission: percent('platform_commission'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    offsetSec: integer('offset_sec').notNull().default(0),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [index('restaurants_created_idx').on(t.createdAt)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    bookingRef: text('booking_ref').notNull().unique(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    customerId: uuid('customer_id').references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    arrivalTime: time('arrival_time').notNull(),
    guest: integer('guest').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    payout: boolean('payout').notNull().default(false),
    payoutDateTime: timestamp('payout_date_time', { withTimezone: true }),
    refundProcessed: boolean('refund_processed').notNull().default(false),
    adminNotes: text('admin_notes').notNull().default(''),
    currency: text('currency').notNull(),
    cardLast4: text('card_last4'),
    paymentMethod: text('payment_method'),
    paymentMethodDetails: jsonb('payment_method_details')
      .$type<{ type: string; cardNumber: string }[]>()
      .notNull()
      .default([]),
    subTotal: minor('sub_total'),
    discount: minor('discount'),
    tax: minor('tax'),
    fee: minor('fee'),
    total: minor('total'),
    platformFee: minor('platform_fee'),
    platformCommission: minor('platform_commission'),
    platformFeeCustomer: minor('platform_fee_customer'),
    platformFeeRestaurant: minor('platform_fee_restaurant'),
    netPayout: minor('net_payout'),
    /** sum of every refund of the booking and its orders; never above total */
    refundedTotal: minor('refunded_total'),
    createdAt: createdAt(),
    version: version(),
  },
  // The list's indexes (its order alone and after each filter, with the ids included) and the
  // search's trigram index are written by hand in migration 0002 (the restaurant's newest created
  // first in 0016), since Drizzle cannot declare INCLUDE: docs/scale.md.
  (t) => [
    index('bookings_created_idx').on(t.createdAt),
    check(
      'bookings_refunded_within_total',
      sql`${t.refundedTotal} >= 0 AND ${t.refundedTotal} <= ${t.total}`,
    ),
  ],
);

/**
 * Booking figures kept per restaurant and filter values (migration 0002's triggers, in the same
 * statement as every write to bookings): the list's counts without a filter on date or text,
 * the restaurants' totals and the dashboard's top restaurants, without reading every booking.
 */
export const bookingStats = pgTable(
  'booking_stats',
  {
    restaurantId: uuid('restaurant_id').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    payout: boolean('payout').notNull(),
    bookings: bigint('bookings', { mode: 'number' }).notNull(),
    /** queries/dashboard.ts collectedMinor summed, in the restaurant's currency */
    collectedMinor: bigint('collected_minor', { mode: 'number' }).notNull(),
    /** collected less the fee, never below 0 per booking */
    earningsMinor: bigint('earnings_minor', { mode: 'number' }).notNull(),
    /** net payout of bookings paid out */
    payoutsMinor: bigint('payouts_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.status, t.paymentStatus, t.payout] })],
);

/**
 * Each restaurant's bookings and collected money, the sum of its booking_stats rows, kept by a
 * trigger on booking_stats (migration 0022): the dashboard's top restaurants and the bookings
 * list's total without a value filter.
 */
export const restaurantFigures = pgTable(
  'restaurant_figures',
  {
    restaurantId: uuid('restaurant_id').primaryKey(),
    bookings: bigint('bookings', { mode: 'number' }).notNull(),
    collectedMinor: bigint('collected_minor', { mode: 'number' }).notNull(),
  },
  (t) => [index('restaurant_figures_bookings_idx').on(t.bookings)],
);

/** Bookings and collected money per hour of creation (epoch hours, UTC) and currency. */
export const bookingHourly = pgTable(
  'booking_hourly',
  {
    hour: bigint('hour', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    bookings: bigint('bookings', { mode: 'number' }).notNull(),
    collectedMinor: bigint('collected_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.currency] })],
);

/**
 * Audit events per kind, kept by triggers: 'activity' (Recent Activity: changes, migration 0007)
 * and 'outside' (sign-ins, Audit Log views, refused calls, migration 0021).
 */
export const auditEventCounts = pgTable('audit_event_counts', {
  kind: text('kind').primaryKey(),
  events: bigint('events', { mode: 'number' }).notNull(),
  /** the same events by action (migration 0019) */
  byAction: jsonb('by_action').$type<Record<string, number>>().notNull().default({}),
});

/** Audit events per actor (an admin), kept by triggers (migration 0021). */
export const auditActorCounts = pgTable('audit_actor_counts', {
  actorId: uuid('actor_id').primaryKey(),
  events: bigint('events', { mode: 'number' }).notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => users.id),
    customerName: text('customer_name').notNull(),
    customerAvatar: text('customer_avatar'),
    subTotal: minor('sub_total'),
    discount: minor('discount'),
    tax: minor('tax'),
    fee: minor('fee'),
    total: minor('total'),
    /** refunded so far; the refund update keeps refunded <= total atomically */
    refunded: minor('refunded'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_booking_idx').on(t.bookingId),
    check('orders_refunded_within_total', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.total}`),
  ],
);

export type Customizations = {
  addedIngredients: { name: string }[];
  removedIngredients: { name: string }[];
  /** minor units */
  price: number;
};

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    itemPrice: minor('item_price'),
    discountedPrice: bigint('discounted_price', { mode: 'number' }),
    customizations: jsonb('customizations')
      .$type<Customizations>()
      .notNull()
      .default({ addedIngredients: [], removedIngredients: [], price: 0 }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    amount: minor('amount'),
    reasonCode: text('reason_code', { enum: REFUND_REASON_CODES })
      .notNull()
      .default('requested_by_customer'),
    /** the free-text note sent with the refund (the spec's `reason` / `notes`) */
    reason: text('reason'),
    processedBy: uuid('processed_by').references(() => users.id),
    /** Idempotency-Key of the request plus a hash of its body, so a retry returns the first result */
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_booking_idx').on(t.bookingId)],
);

/**
 * A refund or fee change waiting for a second admin (auth/approval-gate.ts): the operation and
 * its arguments as the requester sent them, carried out when another admin approves. At most one
 * pending request per subject (an order, a booking without orders, a restaurant's commission, the
 * platform fee). A pending request past `expiresAt` is expired by the next read or decision.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: id(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    /** what it changes: order:<id>, booking:<id>, restaurant:<id> or configuration */
    subject: text('subject').notNull(),
    /** the contract operation it carries out, and its request body as sent */
    operationId: text('operation_id').notNull(),
    arguments: jsonb('arguments').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    /** a refund's amount in the booking's minor units, and in US cents (the approver's limit) */
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    amountUsdCents: bigint('amount_usd_cents', { mode: 'number' }),
    /** a fee change: the percentage before (as the request saw it) and asked for */
    valueBefore: percent('value_before'),
    valueAfter: percent('value_after'),
    /** what it does in words, and the rule that made it a request */
    summary: text('summary').notNull(),
    why: text('why').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    /** the refund an approved refund request made */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('approval_requests_list_idx').on(t.requestedAt, t.id),
    uniqueIndex('approval_requests_pending_subject_key')
      .on(t.subject)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_pending_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_refund_idx')
      .on(t.refundId)
      .where(sql`${t.refundId} IS NOT NULL`),
  ],
);

export type AuditValue = string | number | boolean | null | { amount: number; currency: string };
export type AuditChange = { field: string; before: AuditValue; after: AuditValue };

/**
 * Which audit events are Recent Activity: every change, not sign-ins (`auth.*`), reads of the
 * Audit Log (`audit.view`) or refused calls (`access.denied`). Literal SQL, so the partial index
 * of the same condition (migration 0013) serves the list and the triggers count the same rows.
 */
export const isActivity = (action: AnyColumn) =>
  sql`${action} NOT LIKE 'auth.%' AND ${action} NOT IN ('audit.view', 'access.denied')`;

/**
 * The one record of change: every write appends one event in the transaction of the change.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0001). Actor and entity names are
 * copied as they were at the time; no foreign keys, so an event outlives what it describes.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    createdAt: createdAt(),
    /** null: the system (or an anonymous caller, for a failed sign-in) */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    entityName: text('entity_name').notNull().default(''),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    /** facts that are not changes, e.g. the order a refund went to */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /** the version of the record the change made (null: no versioned record, or it was deleted) */
    version: integer('version'),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    // Each filter's events in the list's order, ties in time included (migration 0021).
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_events_action_idx').on(t.action, t.createdAt, t.id),
    // Recent Activity, newest first, and its count.
    index('audit_events_activity_idx').on(t.createdAt, t.id).where(isActivity(t.action)),
  ],
);

/**
 * The six reference lists share one table: kind is bookingType | category | ingredient |
 * allergy | dietary | cuisine. A name is unique per kind, case-insensitively.
 */
export const referenceItems = pgTable(
  'reference_items',
  {
    id: id(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    status: boolean('status').notNull().default(true),
    imageId: uuid('image_id').references(() => images.id),
    addedById: uuid('added_by_id').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('reference_items_kind_name_key').on(t.kind, sql`lower(${t.name})`),
    index('reference_items_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/** Restaurants that offer a cuisine, cater for an allergy or a dietary preference. */
export const restaurantReferences = pgTable(
  'restaurant_references',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => referenceItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.itemId] }),
    index('restaurant_references_item_idx').on(t.itemId),
  ],
);

/** Diners' allergies and dietary preferences. */
export const userReferences = pgTable(
  'user_references',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => referenceItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('user_references_item_idx').on(t.itemId),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => referenceItems.id),
    name: text('name').notNull(),
    itemPrice: minor('item_price'),
    discountedPrice: bigint('discounted_price', { mode: 'number' }),
    itemDetail: text('item_detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('menu_items_restaurant_name_key').on(t.restaurantId, sql`lower(${t.name})`),
    index('menu_items_category_idx').on(t.categoryId),
  ],
);

/** role: ingredient | removable | new | extra; price (minor units) only for extra */
export const menuItemIngredients = pgTable(
  'menu_item_ingredients',
  {
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => referenceItems.id),
    role: text('role').notNull(),
    price: bigint('price', { mode: 'number' }),
    /** The dish's restaurant, set by a trigger from menu_items whatever is written (migration 0022). */
    restaurantId: uuid('restaurant_id'),
  },
  (t) => [
    primaryKey({ columns: [t.menuItemId, t.ingredientId, t.role] }),
    // menu_item_ingredients_ingredient_idx (ingredient_id, restaurant_id) INCLUDE (menu_item_id),
    // migration 0022: an ingredient's dishes and restaurants counted from the index alone;
    // written by hand, since Drizzle cannot declare INCLUDE.
  ],
);

export const menuItemImages = pgTable(
  'menu_item_images',
  {
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuItemId, t.position] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    index('reviews_created_idx').on(t.createdAt),
    index('reviews_restaurant_idx').on(t.restaurantId),
  ],
);

export type Faq = { _id: string; question: string; answer: string };

/** Static content: the four editor pages (by slug) and the list screen's pages and sections. */
export const staticContents = pgTable(
  'static_contents',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** page | section */
    type: text('type', { enum: CONTENT_TYPES }).notNull().default('page'),
    /** sanitised HTML */
    content: text('content').notNull().default(''),
    /** draft | published */
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
    faqs: jsonb('faqs').$type<Faq[]>().notNull().default([]),
    createdAt: createdAt(),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('static_contents_created_idx').on(t.createdAt)],
);

/**
 * A list screen's search and filters kept under a name, shared by every admin. The name is
 * unique per screen ignoring case (trimmed by the server before it is stored).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    /** bookings | restaurants | users | reviews | content | audit-log */
    screen: text('screen', { enum: SAVED_VIEW_SCREENS }).notNull(),
    name: text('name').notNull(),
    /** URL parameter → value, as in the screen's URL */
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('saved_views_screen_name_key').on(t.screen, sql`lower(${t.name})`)],
);

export type User = typeof users.$inferSelect;
export type MfaFactor = typeof mfaFactors.$inferSelect;
export type Restaurant = typeof restaurants.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type StaticContent = typeof staticContents.$inferSelect;
export type ApprovalRequest = typeof approvalRequests.$inferSelect;
export type AnyTable =
  | typeof users
  | typeof restaurants
  | typeof configuration
  | typeof referenceItems
  | typeof restaurantReferences
  | typeof userReferences
  | typeof menuItems
  | typeof menuItemIngredients
  | typeof bookings
  | typeof orders
  | typeof orderItems
  | typeof refunds
  | typeof reviews
  | typeof auditEvents
  | typeof staticContents
  | typeof savedViews
  | typeof approvalRequests;
