/** Bookings and a restaurant in the contract's shapes, for the screens that show bookings. */
import type { Booking, RestaurantDetail } from '../api/types';

/** A fixed uuid made from a number, e.g. testId(900). */
export const testId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Booking n of the restaurant "Chez Test" (testId(900)): paid 22.00 USD, without orders. */
export function bookingFixture(n: number, overrides: Partial<Booking> = {}): Booking {
  return {
    _id: testId(n),
    bookingRef: `BK-${100000 + n}`,
    firstName: `Guest${n}`,
    lastName: 'Smith',
    email: `guest${n}@example.net`,
    phone: '+1 555 0100',
    arrivalDate: '2026-03-05',
    arrivalTime: '19:30',
    guest: 2,
    type: 'Dine-in',
    status: 'confirmed',
    PaymentStatus: 'Paid',
    payout: false,
    payoutStatus: 'Pending',
    payoutDateTime: null,
    refundProcessed: false,
    refundHistory: [],
    activityLog: [],
    adminNotes: '',
    currency: 'USD',
    cardLast4: null,
    restaurant: { _id: testId(900), name: 'Chez Test' },
    orders: [],
    menuItems: [],
    paymentMethod: null,
    paymentMethodDetails: [],
    paymentDetails: {
      subTotal: 20,
      discount: 0,
      tax: 0,
      fee: 3,
      total: 22,
      platformFee: 2,
      platformCommission: 1,
      platformFeeCustomer: 2,
      platformFeeRestaurant: 1,
      netPayout: 19,
      refundedTotal: 0,
    },
    createdAt: '2026-03-01T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The restaurant "Chez Test" (testId(900)) as its detail call answers, online, in USD. */
export function restaurantFixture(overrides: Partial<RestaurantDetail> = {}): RestaurantDetail {
  return {
    _id: testId(900),
    restaurantName: 'Chez Test',
    restaurantLogo: null,
    online: true,
    isFeatured: false,
    email: 'contact@chez.example.com',
    currency: 'USD',
    createdAt: '2026-01-15T10:00:00.000Z',
    platformCommission: null,
    menuItemCount: 0,
    version: 1,
    primaryUser: { _id: testId(901), email: 'owner@example.com', phoneNo: null, role: 'owner' },
    staff: [],
    statistics: {
      restaurant_Revenue: 0,
      restaurant_earnings: 0,
      total_bookings: 2,
      total_payout: 0,
    },
    location: {
      address: '1 Rue Test',
      country: 'France',
      state: 'IDF',
      postalCode: '75001',
      latitude: 48.85,
      longitude: 2.35,
      offset_sec: 3600,
    },
    ...overrides,
  };
}
