/**
 * A booking in the contract's shape, from the JSON queries/bookings.ts reads in one statement:
 * the row with its restaurant name, orders with their items, the refund history and derived
 * fields (payout status, menu items), money in major units.
 */
import type { components } from '../../../openapi/schema.js';
import { fromJsonRow } from '../db/json-row.js';
import {
  approvalRequests,
  auditEvents,
  bookings,
  orderItems,
  orders,
  refunds,
} from '../db/schema.js';
import { bookingActivityText } from './activity-text.js';
import { fromMinor } from '../../../common/money.js';
import { iso } from './paging.js';

export type BookingView = components['schemas']['Booking'];

/** Who processed a refund: the admin's full name, or System when none is recorded. */
export const processedBy = (user: { firstName: string; lastName: string } | null) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : 'System';

type JsonRow = Record<string, unknown>;
/** One booking as the statement builds it. */
export type BookingJson = {
  booking: JsonRow;
  restaurantName: string;
  orders: { order: JsonRow; items: JsonRow[] }[];
  refunds: {
    refund: JsonRow;
    firstName: string | null;
    lastName: string | null;
    approvedBy: string | null;
  }[];
  pendingApprovals: { approval: JsonRow; firstName: string; lastName: string }[];
  events: JsonRow[];
};

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
    status: b.status,
    PaymentStatus: b.paymentStatus,
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
        processedBy: processedBy(
          r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName ?? '' },
        ),
        ...(r.approvedBy ? { approvedBy: r.approvedBy.trim() } : {}),
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
    version: b.version,
  };
  if (json.pendingApprovals.length) {
    view.pendingApprovals = json.pendingApprovals.map((p) => {
      const approval = fromJsonRow(approvalRequests, p.approval);
      return {
        _id: approval.id,
        orderId: approval.orderId,
        amount: money(approval.amount ?? 0),
        requestedBy: processedBy(p),
        requestedAt: iso(approval.requestedAt),
        expiresAt: iso(approval.expiresAt),
      };
    });
  }
  return view;
}
