/**
 * Approval requests: the queue (one condition, one order, for the list and its export), a request
 * in the contract's shape for the admin reading it, filing one (at most one pending per subject),
 * the conditional updates that decide one exactly once, and marking the overdue ones expired.
 */
import { and, count, eq, ilike, inArray, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import {
  approvalRequests,
  bookings,
  orders,
  restaurants,
  users,
  type ApprovalRequest,
} from '../db/schema.js';
import { decidableKinds, decisionRefusal, type Approver } from '../lib/approval-rules.js';
import type { ListFilters, ResultOf } from '../lib/contract-types.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { iso, likePattern } from '../lib/paging.js';
import { fromMinor } from '../../../common/money.js';

type ApprovalFilters = ListFilters<'listApprovals'>;
export type ApprovalView = ResultOf<'getApproval'>['data'];
type Reader = Pick<Db, 'select'>;
type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

export const APPROVAL_NOT_FOUND = 'Approval request not found';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** Newest first. */
const approvalsOrder = keyset([
  { column: approvalRequests.requestedAt, direction: 'desc' },
  { column: approvalRequests.id, direction: 'desc' },
]);

/**
 * A request with what its view shows: who asked and decided, the booking and order as they are
 * now, and its place in the list's order (for the export's batches).
 */
const rowFields = {
  approval: approvalRequests,
  requester: {
    id: requester.id,
    firstName: requester.firstName,
    lastName: requester.lastName,
    email: requester.email,
  },
  decider: {
    id: decider.id,
    firstName: decider.firstName,
    lastName: decider.lastName,
    email: decider.email,
  },
  booking: {
    bookingRef: bookings.bookingRef,
    total: bookings.total,
    refundedTotal: bookings.refundedTotal,
  },
  customerName: orders.customerName,
  restaurant: { id: restaurants.id, name: restaurants.name },
  keys: approvalsOrder.keys,
};

const rows = (db: Reader) =>
  db
    .select(rowFields)
    .from(approvalRequests)
    .innerJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy))
    .leftJoin(bookings, eq(bookings.id, approvalRequests.bookingId))
    .leftJoin(orders, eq(orders.id, approvalRequests.orderId))
    .leftJoin(restaurants, eq(restaurants.id, approvalRequests.restaurantId));

type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();
const actor = (p: { id: string; firstName: string; lastName: string; email: string }) => ({
  _id: p.id,
  name: fullName(p),
  email: p.email,
});

function refundPart(row: Row): ApprovalView['refund'] {
  const a = row.approval;
  if (a.kind !== 'refund' || !row.booking || a.amount === null || a.currency === null) return null;
  const args = a.arguments as { reason?: string; notes?: string; reasonCode?: string };
  const money = (minor: number) => fromMinor(minor, a.currency);
  return {
    bookingId: a.bookingId!,
    bookingRef: row.booking.bookingRef,
    orderId: a.orderId,
    customerName: a.orderId ? (row.customerName ?? null) : null,
    restaurant: { _id: row.restaurant?.id ?? a.restaurantId!, name: row.restaurant?.name ?? '' },
    amount: money(a.amount),
    currency: a.currency,
    reasonCode: (args.reasonCode ?? 'requested_by_customer') as 'requested_by_customer',
    note: args.reason ?? args.notes ?? null,
    bookingTotal: money(row.booking.total),
    refundedSoFar: money(row.booking.refundedTotal),
    refundId: a.refundId,
  };
}

/** The request in the contract's shape, as the admin `viewer` sees it. */
function approvalView(row: Row, viewer: Approver): ApprovalView {
  const a = row.approval;
  const pending = a.status === 'pending';
  return {
    _id: a.id,
    kind: a.kind,
    status: a.status,
    summary: a.summary,
    why: a.why,
    requestedBy: actor(row.requester),
    requestedAt: iso(a.requestedAt),
    expiresAt: iso(a.expiresAt),
    decidedBy: row.decider ? actor(row.decider) : null,
    decidedAt: a.decidedAt ? iso(a.decidedAt) : null,
    rejectReason: a.rejectReason,
    refund: refundPart(row),
    change:
      a.kind === 'refund'
        ? null
        : {
            field: a.kind === 'platform_fee' ? 'platformFee' : 'platformCommission',
            restaurant: row.restaurant
              ? { _id: row.restaurant.id, name: row.restaurant.name }
              : null,
            before: a.valueBefore,
            after: a.valueAfter ?? 0,
          },
    canDecide: pending && decisionRefusal(viewer, a) === null,
    canCancel: pending && a.requestedBy === viewer.id,
  };
}

/**
 * The requests `viewer` may decide, as a condition (decisionRefusal's rule): pending, asked by
 * someone else, of a kind their role approves, and a refund within their limit (in US cents, as
 * the request stored it by the same conversion).
 */
function decidableBy(viewer: Approver): SQL {
  const kinds = decidableKinds(viewer.teamRole);
  if (!kinds.length) return sql`false`;
  const limit = viewer.refundLimitUsd;
  return and(
    eq(approvalRequests.status, 'pending'),
    ne(approvalRequests.requestedBy, viewer.id),
    inArray(approvalRequests.kind, kinds),
    limit === null
      ? undefined
      : or(
          ne(approvalRequests.kind, 'refund'),
          lte(approvalRequests.amountUsdCents, Math.round(limit * 100)),
        ),
  )!;
}

function approvalsWhere(query: ApprovalFilters, viewer: Approver): SQL | undefined {
  const pattern = likePattern(query.search);
  const decidable =
    query.decidable === undefined
      ? undefined
      : query.decidable
        ? decidableBy(viewer)
        : not(decidableBy(viewer));
  return and(
    pattern
      ? or(
          ilike(approvalRequests.summary, pattern),
          ilike(sql`${requester.firstName} || ' ' || ${requester.lastName}`, pattern),
          ilike(requester.email, pattern),
        )
      : undefined,
    query.status ? eq(approvalRequests.status, query.status) : undefined,
    query.kind ? eq(approvalRequests.kind, query.kind) : undefined,
    query.requester ? eq(approvalRequests.requestedBy, query.requester) : undefined,
    decidable,
  );
}

export async function listApprovals(
  db: Db,
  query: ApprovalFilters & Paging,
  viewer: Approver,
): Promise<{ total: number; data: ApprovalView[] }> {
  const { skip, limit } = pageOf(query);
  const where = approvalsWhere(query, viewer);
  // Only a search reads the requester; every request has one, so the count needs no join else.
  const total = likePattern(query.search)
    ? db
        .select({ total: count() })
        .from(approvalRequests)
        .innerJoin(requester, eq(requester.id, approvalRequests.requestedBy))
        .where(where)
    : countOf(db, approvalRequests, where);
  const page = await withTotal(
    rows(db)
      .where(where)
      .orderBy(...approvalsOrder.orderBy)
      .offset(skip)
      .limit(limit),
    total,
  );
  return { total: page.total, data: page.rows.map((row) => approvalView(row, viewer)) };
}

/** One request in the contract's shape for `viewer`, or undefined. */
export async function loadApprovalView(db: Reader, id: string, viewer: Approver) {
  const [row] = await rows(db).where(eq(approvalRequests.id, id));
  return row && approvalView(row, viewer);
}

const name = (p: { firstName: string; lastName: string } | null) => (p ? fullName(p) : null);

export const APPROVAL_COLUMNS: readonly CsvColumn<Row>[] = [
  { title: 'Requested At', value: (r) => r.approval.requestedAt },
  { title: 'Kind', value: (r) => r.approval.kind },
  { title: 'Status', value: (r) => r.approval.status },
  { title: 'Summary', value: (r) => r.approval.summary },
  {
    title: 'Amount',
    value: (r) =>
      r.approval.amount === null || r.approval.currency === null
        ? null
        : { minor: r.approval.amount, currency: r.approval.currency },
  },
  { title: 'Currency', value: (r) => r.approval.currency },
  { title: 'Why', value: (r) => r.approval.why },
  { title: 'Requested By', value: (r) => name(r.requester) },
  { title: 'Decided By', value: (r) => name(r.decider) },
  { title: 'Decided At', value: (r) => r.approval.decidedAt },
  { title: 'Reject Reason', value: (r) => r.approval.rejectReason },
  { title: 'Expires At', value: (r) => r.approval.expiresAt },
];

export function approvalBatches(
  db: Db,
  query: ApprovalFilters,
  viewer: Approver,
  batchSize = BATCH_SIZE,
) {
  const where = approvalsWhere(query, viewer);
  return keysetBatches<Row>(
    (after, limit) =>
      rows(db)
        .where(and(where, after))
        .orderBy(...approvalsOrder.orderBy)
        .limit(limit),
    approvalsOrder,
    batchSize,
  );
}

/** The stored request (its operation and arguments), or undefined. */
export async function approvalById(db: Reader, id: string) {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row as ApprovalRequest | undefined;
}

/** The request filed with this Idempotency-Key, if any. */
export async function approvalByKey(db: Reader, key: string) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.idempotencyKey, key));
  return row as ApprovalRequest | undefined;
}

/** The pending request of a subject, with the name of who asked. */
export async function pendingApprovalOf(db: Reader, subject: string) {
  const [row] = await db
    .select({ approval: approvalRequests, requester: rowFields.requester })
    .from(approvalRequests)
    .innerJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(and(eq(approvalRequests.subject, subject), eq(approvalRequests.status, 'pending')));
  return row && { approval: row.approval, requestedBy: fullName(row.requester) };
}

export type NewApproval = typeof approvalRequests.$inferInsert;

/**
 * Files the request; undefined when another pending request of its subject, or one with its
 * Idempotency-Key, exists already (it waits for a concurrent one to commit, then leaves it).
 */
export async function insertApproval(tx: Tx, values: NewApproval) {
  const [row] = await tx.insert(approvalRequests).values(values).onConflictDoNothing().returning();
  return row as ApprovalRequest | undefined;
}

/**
 * Decides a pending request that has not expired, in one conditional update: of concurrent
 * decisions exactly one finds it pending (the others wait for it, then find it decided).
 * Undefined when it was not pending (or overdue).
 */
export async function decideApproval(
  tx: Tx,
  id: string,
  decision: {
    status: 'approved' | 'rejected' | 'cancelled';
    decidedBy: string;
    rejectReason?: string;
  },
) {
  const [row] = await tx
    .update(approvalRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(
      and(
        eq(approvalRequests.id, id),
        eq(approvalRequests.status, 'pending'),
        sql`${approvalRequests.expiresAt} > now()`,
      ),
    )
    .returning();
  return row as ApprovalRequest | undefined;
}

/** The refund an approved request made. */
export async function setApprovalRefund(tx: Tx, id: string, refundId: string) {
  await tx.update(approvalRequests).set({ refundId }).where(eq(approvalRequests.id, id));
}

/**
 * Marks the pending requests past their expiry time expired (those of one subject, or of one
 * request, when given) and returns them; a request is returned by exactly one transaction.
 */
export async function expireOverdue(tx: Tx, only?: { subject?: string; id?: string }) {
  return (await tx
    .update(approvalRequests)
    .set({ status: 'expired', decidedAt: sql`${approvalRequests.expiresAt}` })
    .where(
      and(
        eq(approvalRequests.status, 'pending'),
        sql`${approvalRequests.expiresAt} <= now()`,
        only?.subject ? eq(approvalRequests.subject, only.subject) : undefined,
        only?.id ? eq(approvalRequests.id, only.id) : undefined,
      ),
    )
    .returning()) as ApprovalRequest[];
}
