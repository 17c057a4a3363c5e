/**
 * A booking in the contract's shape: the row with its restaurant name, orders with their items,
 * the refund history and derived fields (payout status, menu items), money in major units.
 * Loaded in a handful of queries for a whole page of bookings, never one query per row.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../db/client.js';
import {
  auditEvents,
  bookings,
  orderItems,
  orders,
  refunds,
  restaurants,
  users,
} from '../db/schema.js';
import { bookingActivityText } from './activity-text.js';
import { fromMinor } from '../lib/money.js';
import { iso } from '../lib/paging.js';

export type BookingView = components['schemas']['Booking'];
export type RefundView = components['schemas']['Refund'];
type Reader = Pick<Db, 'select'>;

const fullName = (user: { firstName: string; lastName: string } | null) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : 'System';

/** The bookings with these ids, in the order of `ids` (unknown ids are left out). */
export async function loadBookingViews(db: Reader, ids: string[]): Promise<BookingView[]> {
  if (!ids.length) return [];
  const [rows, orderRows, refundRows, eventRows] = await Promise.all([
    db
      .select({ booking: bookings, restaurantName: restaurants.name })
      .from(bookings)
      .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
      .where(inArray(bookings.id, ids)),
    db
      .select()
      .from(orders)
      .where(inArray(orders.bookingId, ids))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ refund: refunds, firstName: users.firstName, lastName: users.lastName })
      .from(refunds)
      .leftJoin(users, eq(users.id, refunds.processedBy))
      .where(inArray(refunds.bookingId, ids))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    // The booking's activityLog: the texts of its audit events, oldest first.
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'booking'), inArray(auditEvents.entityId, ids)))
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id)),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const itemRows = orderIds.length
    ? await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.id))
    : [];

  const itemsByOrder = groupBy(itemRows, (i) => i.orderId);
  const ordersByBooking = groupBy(orderRows, (o) => o.bookingId);
  const refundsByBooking = groupBy(refundRows, (r) => r.refund.bookingId);
  const eventsByBooking = groupBy(eventRows, (e) => e.entityId ?? '');
  const byId = new Map(
    rows.map(({ booking: b, restaurantName }) => {
      const money = (minor: number) => fromMinor(minor, b.currency);
      const bookingOrders = (ordersByBooking.get(b.id) ?? []).map((o) => ({
        order: o,
        items: itemsByOrder.get(o.id) ?? [],
      }));
      const view: BookingView = {
        _id: b.id,
        bookingRef: b.bookingRef,
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email,
        phone: b.phone ?? '',
        arrivalDate: b.arrivalDate,
        arrivalTime: b.arrivalTime.slice(0, 5),
        guest: b.guest,
        type: b.type,
        status: b.status as BookingView['status'],
        PaymentStatus: b.paymentStatus as BookingView['PaymentStatus'],
        payout: b.payout,
        payoutStatus: b.payout ? 'Deposited' : 'Pending',
        payoutDateTime: b.payout && b.payoutDateTime ? iso(b.payoutDateTime) : null,
        refundProcessed: b.refundProcessed,
        refundHistory: (refundsByBooking.get(b.id) ?? []).map((r) => ({
          _id: r.refund.id,
          amount: money(r.refund.amount),
          date: iso(r.refund.createdAt),
          processedBy: fullName(
            r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName ?? '' },
          ),
        })),
        activityLog: (eventsByBooking.get(b.id) ?? []).map(bookingActivityText),
        adminNotes: b.adminNotes,
        currency: b.currency,
        cardLast4: b.cardLast4,
        restaurant: { _id: b.restaurantId, name: restaurantName },
        orders: bookingOrders.map(({ order: o, items }) => ({
          _id: o.id,
          user: { _id: o.customerId ?? o.id, name: o.customerName, avatar: o.customerAvatar },
          items: items.map((i) => ({
            _id: i.id,
            item: { name: i.name },
            quantity: i.quantity,
            itemPrice: money(i.itemPrice),
            discountedPrice: i.discountedPrice === null ? null : money(i.discountedPrice),
            customizations: {
              addedIngredients: i.customizations.addedIngredients,
              removedIngredients: i.customizations.removedIngredients,
              price: money(i.customizations.price),
            },
          })),
          paymentDetails: {
            subTotal: money(o.subTotal),
            discount: money(o.discount),
            tax: money(o.tax),
            fee: money(o.fee),
            total: money(o.total),
            refunded: money(o.refunded),
            refundable: money(o.total - o.refunded),
          },
        })),
        // One line per ordered item: unit price is the (discounted) price plus its customisations.
        menuItems: bookingOrders.flatMap(({ items }) =>
          items.map((i) => {
            const unit = (i.discountedPrice ?? i.itemPrice) + i.customizations.price;
            return {
              _id: i.id,
              name: i.name,
              quantity: i.quantity,
              price: money(unit),
              total: money(unit * i.quantity),
              addedIngredients: i.customizations.addedIngredients,
              removedIngredients: i.customizations.removedIngredients,
            };
          }),
        ),
        paymentMethod: b.paymentMethod,
        paymentMethodDetails: b.paymentMethodDetails,
        paymentDetails: {
          subTotal: money(b.subTotal),
          discount: money(b.discount),
          tax: money(b.tax),
          fee: money(b.fee),
          total: money(b.total),
          platformFee: money(b.platformFee),
          platformCommission: money(b.platformCommission),
          platformFeeCustomer: money(b.platformFeeCustomer),
          platformFeeRestaurant: money(b.platformFeeRestaurant),
          netPayout: money(b.netPayout),
          refundedTotal: money(b.refundedTotal),
        },
        createdAt: iso(b.createdAt),
      };
      return [b.id, view] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadBookingView(db: Reader, id: string): Promise<BookingView | undefined> {
  const [view] = await loadBookingViews(db, [id]);
  return view;
}

/** A stored refund in the contract's shape. */
export async function loadRefundView(db: Reader, id: string): Promise<RefundView | undefined> {
  const [row] = await db
    .select({
      refund: refunds,
      currency: bookings.currency,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .leftJoin(users, eq(users.id, refunds.processedBy))
    .where(eq(refunds.id, id));
  if (!row) return undefined;
  return {
    _id: row.refund.id,
    amount: fromMinor(row.refund.amount, row.currency),
    currency: row.currency,
    date: iso(row.refund.createdAt),
    processedBy: fullName(
      row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? '' },
    ),
    orderId: row.refund.orderId,
    bookingId: row.refund.bookingId,
    reasonCode: row.refund.reasonCode as RefundView['reasonCode'],
    note: row.refund.reason,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
