/**
 * A booking in the contract's shape: the row with its restaurant name, orders with their items,
 * the refund history and derived fields (payout status, menu items), money in major units.
 * Loaded in one statement for a whole page of bookings (bookingJson), never one query per row.
 */
import { eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../db/client.js';
import { auditEvents, bookings, orderItems, orders, refunds, users } from '../db/schema.js';
import { bookingActivityText } from '../lib/activity-text.js';
import { fromMinor } from '../lib/money.js';
import { iso } from '../lib/paging.js';
import { fromJsonRow, jsonValue } from '../db/json-row.js';

export type BookingView = components['schemas']['Booking'];
export type RefundView = components['schemas']['Refund'];
type Reader = Pick<Db, 'select' | 'execute'>;

const fullName = (user: { firstName: string; lastName: string } | null) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : 'System';

type JsonRow = Record<string, unknown>;
/** One booking as bookingJson builds it. */
export type BookingJson = {
  booking: JsonRow;
  restaurantName: string;
  orders: { order: JsonRow; items: JsonRow[] }[];
  refunds: { refund: JsonRow; firstName: string | null; lastName: string | null }[];
  events: JsonRow[];
};

/**
 * A booking (alias `b`, its restaurant `r`) with everything its view shows, as one JSON value
 * built by the database: the row, the restaurant's name, the orders with their items, the
 * refunds with who processed them, and its audit events (its activityLog), each in the order the
 * view lists them. A page of bookings is then one statement, whatever else it carries.
 */
export const bookingJson = sql`json_build_object(
  'booking', row_to_json(b),
  'restaurantName', r.name,
  'orders', coalesce((select json_agg(json_build_object('order', row_to_json(o), 'items',
      coalesce((select json_agg(i order by i.id) from order_items i where i.order_id = o.id),
        '[]'::json)) order by o.created_at, o.id)
    from orders o where o.booking_id = b.id), '[]'::json),
  'refunds', coalesce((select json_agg(json_build_object('refund', row_to_json(f),
      'firstName', u.first_name, 'lastName', u.last_name) order by f.created_at, f.id)
    from refunds f left join users u on u.id = f.processed_by where f.booking_id = b.id),
    '[]'::json),
  'events', coalesce((select json_agg(e order by e.created_at, e.id) from audit_events e
    where e.entity_type = 'booking' and e.entity_id = b.id::text), '[]'::json))`;

/** The bookings with these ids, in the order of `ids` (unknown ids are left out). */
export async function loadBookingViews(db: Reader, ids: string[]): Promise<BookingView[]> {
  if (!ids.length) return [];
  const { rows } = (await db.execute(sql`
    select coalesce(json_agg(${bookingJson} order by p.n), '[]'::json) as data
    from unnest(${sql.param(ids)}::uuid[]) with ordinality p(id, n)
    join bookings b on b.id = p.id join restaurants r on r.id = b.restaurant_id`)) as unknown as {
    rows: { data: unknown }[];
  };
  return jsonValue<BookingJson[]>(rows[0].data).map(bookingView);
}

/** A booking in the contract's shape, from the JSON bookingJson built. */
export function bookingView(json: BookingJson): BookingView {
  const b = fromJsonRow(bookings, json.booking);
  const money = (minor: number) => fromMinor(minor, b.currency);
  const bookingOrders = json.orders.map(({ order, items }) => ({
    order: fromJsonRow(orders, order),
    items: items.map((item) => fromJsonRow(orderItems, item)),
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
    refundHistory: json.refunds.map((r) => {
      const refund = fromJsonRow(refunds, r.refund);
      return {
        _id: refund.id,
        amount: money(refund.amount),
        date: iso(refund.createdAt),
        processedBy: fullName(
          r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName ?? '' },
        ),
      };
    }),
    activityLog: json.events.map((e) => bookingActivityText(fromJsonRow(auditEvents, e))),
    adminNotes: b.adminNotes,
    currency: b.currency,
    cardLast4: b.cardLast4,
    restaurant: { _id: b.restaurantId, name: json.restaurantName },
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
  return view;
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
