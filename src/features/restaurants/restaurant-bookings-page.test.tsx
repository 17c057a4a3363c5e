import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking } from '../../api/types';
import { NETWORK_ERROR, offContract, reply } from '../../test/fake-api/reply';
import { adminUser } from '../../test/fake-api/session';
import { fakeApi } from '../../test/fake-api/fake-api';
import { auditFake } from '../../test/fake-api/audit';
import { bookingsFake } from '../../test/fake-api/bookings';
import { restaurantsFake } from '../../test/fake-api/restaurants';
import type { FakeHandler } from '../../test/fake-api/types';
import { openAsAdmin, renderApp } from '../../test/render-app';
import { bookingFixture, restaurantFixture, testId } from '../../test/booking-fixtures';
import { dialogTitled } from '../../test/dialogs';

const RID = testId(900);

const detail = restaurantFixture({
  online: false,
  isFeatured: true,
  currency: 'EUR',
  platformCommission: 10,
  menuItemCount: 6,
  primaryUser: {
    _id: testId(1),
    email: 'owner@example.com',
    phoneNo: '+1 555 0101',
    role: 'owner',
  },
  staff: [
    {
      _id: testId(2),
      name: 'Kim Cook',
      email: 'kim@example.com',
      phoneNo: null,
      role: 'staff',
      subRole: 'kitchen staff',
    },
    {
      _id: testId(3),
      name: 'Max Boss',
      email: 'max@example.com',
      phoneNo: '+1 2',
      role: 'staff',
      subRole: 'manager',
    },
  ],
  statistics: {
    restaurant_Revenue: 1234.5,
    restaurant_earnings: 1000,
    total_bookings: 17,
    total_payout: 800.25,
  },
});

/**
 * Booking n of this restaurant, paid 22.00 EUR, without orders, created on March 20 - n (booking 1
 * the newest).
 */
function booking(n: number, overrides: Partial<Booking> = {}): Booking {
  return bookingFixture(100 + n, {
    bookingRef: `BK-${100000 + n}`,
    createdAt: `2026-03-${String(20 - n).padStart(2, '0')}T10:00:00.000Z`,
    firstName: `Guest${n}`,
    email: `guest${n}@example.net`,
    phone: `+33 1 23 45 67 0${n}`,
    payout: n === 1,
    payoutStatus: n === 1 ? 'Deposited' : 'Pending',
    refundProcessed: n === 2,
    currency: 'EUR',
    ...overrides,
  });
}

interface Options {
  restaurant?: FakeHandler;
  bookings?: FakeHandler;
  notes?: FakeHandler;
}

/** Booking 1 with one order of €22.00, as the detail and the refund modal show it. */
const withOrder = booking(1, {
  orders: [
    {
      _id: testId(501),
      user: { _id: testId(700), name: 'Eater One', avatar: null },
      items: [],
      paymentDetails: {
        subTotal: 20,
        discount: 0,
        tax: 0,
        fee: 2,
        total: 22,
        refunded: 0,
        refundable: 22,
      },
    },
  ],
});

/**
 * The restaurant's bookings as the list finds them: in the list's order (as given) or, with
 * sort=createdAt:desc, newest created first.
 */
const restaurantBookings = {
  [`restaurant=${RID}`]: (all: Booking[]) => all,
  [`restaurant=${RID}&sort=createdAt:desc`]: (all: Booking[]) =>
    all.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt)),
};

/**
 * The restaurant, its 12 bookings (the first with an order; the list's order is the oldest
 * created first) and no audit events; `options` answer first.
 */
function pageServer(options: Options = {}) {
  const rows = [withOrder, ...Array.from({ length: 11 }, (_, i) => booking(i + 2))].reverse();
  const api = fakeApi(
    restaurantsFake([], { details: [detail] }),
    bookingsFake(rows, { filters: restaurantBookings }),
    auditFake([], { '*': () => [] }),
  );
  if (options.restaurant) api.on('getRestaurant', options.restaurant);
  if (options.bookings) api.on('listBookings', options.bookings);
  if (options.notes) api.on('updateBookingNotes', options.notes);
  return api;
}

const cardOf = (title: string | RegExp) =>
  screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('restaurant page', () => {
  it('shows the header and the cards', async () => {
    pageServer();
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    expect(await screen.findByText('Chez Test', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.getByText(`ID: ${RID}`)).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();

    const owner = cardOf('Primary Owner');
    for (const text of [testId(1), 'owner@example.com', '+1 555 0101', 'owner']) {
      expect(owner).toHaveTextContent(text);
    }
    const staff = cardOf('Staff Members (2)');
    expect(within(staff).getByText('Kitchen Staff')).toBeInTheDocument();
    expect(within(staff).getByText('Manager')).toBeInTheDocument();
    expect(within(staff).getByText('Kitchen Staff').className).not.toBe(
      within(staff).getByText('Manager').className,
    );
    expect(staff).toHaveTextContent('Kim Cook');
    expect(staff).toHaveTextContent(testId(2));

    const stats = cardOf('Statistics');
    expect(stats).toHaveTextContent('€1,234.50');
    expect(stats).toHaveTextContent('€1,000.00');
    expect(stats).toHaveTextContent('17');
    expect(stats).toHaveTextContent('€800.25');

    const location = cardOf('Location Details');
    for (const text of ['1 Rue Test', 'France', 'IDF', '75001', '48.85, 2.35', '3600']) {
      expect(location).toHaveTextContent(text);
    }
    const system = cardOf('System Details');
    expect(system).toHaveTextContent('contact@chez.example.com');
    expect(system).toHaveTextContent('Jan 15, 2026');
    expect(system).toHaveTextContent('6');
  });

  it('reads "No staff members assigned." when there is none', async () => {
    pageServer({
      restaurant: () =>
        reply('getRestaurant', 200, {
          success: true,
          message: 'OK',
          data: [{ ...detail, staff: [] }],
        }),
    });
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    expect(await screen.findByText('No staff members assigned.')).toBeInTheDocument();
    expect(screen.getByText('Staff Members (0)')).toBeInTheDocument();
  });

  it('lists the 5 newest bookings of this restaurant, with Paid payouts and View All', async () => {
    const { calls } = pageServer();
    const { router } = openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    const card = await waitFor(() => cardOf('Recent Bookings (Last 5)'));
    await within(card).findByText('BK-100001');
    const call = calls.find((c) => c.path === '/admin/bookings')!.url.searchParams;
    expect(call.get('restaurant')).toBe(RID);
    expect(call.get('limit')).toBe('5');
    expect(call.get('skip')).toBe('0');
    expect(call.get('sort')).toBe('createdAt:desc');
    // The five newest by creation, newest first (the list's own order starts with the oldest).
    const refs = within(card)
      .getAllByRole('row')
      .map((row) => row.textContent?.match(/BK-\d+/)?.[0])
      .filter(Boolean);
    expect(refs).toEqual(['BK-100001', 'BK-100002', 'BK-100003', 'BK-100004', 'BK-100005']);
    expect(within(card).getByText('BK-100001').closest('tr')).toHaveTextContent('Paid');
    expect(within(card).getByText('BK-100002').closest('tr')).toHaveTextContent('Refund processed');
    expect(within(card).getByText('BK-100003').closest('tr')).toHaveTextContent('Pending');
    expect(within(card).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(
      within(card).getByPlaceholderText('Search bookings by name, email or restaurant...'),
    ).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(card).getByText('View All'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/admin/bookings?restaurant=${RID}`,
    );
  });

  it('opens the booking detail with "Back to Chez Test Bookings"', async () => {
    pageServer();
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    const row = (await screen.findByText('BK-100001')).closest('tr') as HTMLElement;
    await userEvent.setup({ delay: null }).click(within(row).getByText('View'));
    expect(await screen.findByText('Back to Chez Test Bookings')).toBeInTheDocument();
    // The restaurant page calls a deposited payout Paid, in its detail too (spec 01 §9).
    const payout = (await screen.findByText('Payout Status')).closest('.ant-descriptions-item');
    expect(payout).toHaveTextContent(/^Payout StatusPaid$/);
  });

  it("keeps the restaurant page's notes and refund messages in the booking detail", async () => {
    let failNotes = false;
    pageServer({
      notes: () =>
        failNotes
          ? offContract(500, { success: false, message: 'Internal server error', status_code: 500 })
          : reply('updateBookingNotes', 200, {
              success: true,
              message: 'Notes stored',
              data: withOrder,
            }),
    });
    renderApp(`/admin/restaurants/${RID}/bookings?booking=${withOrder._id}`, {
      storedUser: adminUser,
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Back to Chez Test Bookings')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Admin notes saved successfully!')).toBeInTheDocument();
    failNotes = true;
    await user.click(await screen.findByRole('button', { name: /Save Notes|Saved/ }));
    expect(await screen.findAllByText('Failed to save notes. Please try again.')).not.toHaveLength(
      0,
    );

    await user.click(screen.getByRole('button', { name: 'Process Refund' }));
    const dialog = await screen.findByRole('dialog');
    // The restaurant page's texts (spec 01 §2): original amount, the first order's id.
    expect(dialog).toHaveTextContent('Original amount€22.00');
    expect(dialog).toHaveTextContent(`Order ID${testId(501)}`);
    expect(dialog).toHaveTextContent('Maximum refundable amount: €22.00');
    // One order: no "Refunding the first order".
    expect(within(dialog).queryByText('Refunding the first order')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Refund amount'), '5.5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund This Order' }));
    const confirm = await dialogTitled('Confirm refund');
    expect(confirm).toHaveTextContent('Refund €5.50 on the order of');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Refund of €5.50 processed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('notes "Refunding the first order" when the booking has several, keeping each order refundable', async () => {
    const second = { ...withOrder.orders[0], _id: testId(502) };
    const twoOrders = { ...withOrder, orders: [...withOrder.orders, second] };
    fakeApi(
      restaurantsFake([], { details: [detail] }),
      bookingsFake([twoOrders], { filters: restaurantBookings }),
      auditFake([], { '*': () => [] }),
    );
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    const row = (await screen.findByText('BK-100001')).closest('tr') as HTMLElement;
    await userEvent.setup({ delay: null }).click(within(row).getByText('Process Refund'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Order ID${testId(501)}`);
    expect(within(dialog).getByText('Refunding the first order')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Refund This Order' })).toHaveLength(2);
  });

  it('shows a bookings failure with Retry', async () => {
    let fail = true;
    pageServer({ bookings: () => (fail ? NETWORK_ERROR : undefined) });
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    expect(
      await screen.findByText('Failed to load bookings. Please try again later.'),
    ).toBeInTheDocument();
    fail = false;
    // The list's own Retry (the outage banner has one too).
    const failure = screen
      .getByText('Failed to load bookings. Please try again later.')
      .closest('[role="alert"]') as HTMLElement;
    await userEvent.setup({ delay: null }).click(within(failure).getByText('Retry'));
    expect(await screen.findByText('BK-100001')).toBeInTheDocument();
  });

  it('shows "Restaurant not found" for an unknown id', async () => {
    pageServer({
      restaurant: () =>
        reply('getRestaurant', 404, {
          success: false,
          message: 'Restaurant not found',
          status_code: 404,
        }),
    });
    const { router } = openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    expect(await screen.findByText('Restaurant not found')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByText('Back to Restaurants'));
    expect(router.state.location.pathname).toBe('/admin/restaurants');
  });

  it('shows "Restaurant not found" without Retry for a malformed id', async () => {
    pageServer({
      restaurant: () =>
        reply('getRestaurant', 400, {
          success: false,
          message: 'Invalid request: params/id must match format "uuid"',
          status_code: 400,
        }),
    });
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    expect(await screen.findByText('Restaurant not found')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load restaurant details')).not.toBeInTheDocument();
    expect(screen.queryByText('Retry')).not.toBeInTheDocument();
  });

  it('shows "Failed to load restaurant details" on failure, with Retry', async () => {
    let fail = true;
    pageServer({
      restaurant: () => (fail ? offContract(500, { success: false, status_code: 500 }) : undefined),
    });
    openAsAdmin(`/admin/restaurants/${RID}/bookings`);
    expect(await screen.findByText('Failed to load restaurant details')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByText('Retry'));
    expect(await screen.findByText('Chez Test', { selector: 'h3' })).toBeInTheDocument();
  });
});
