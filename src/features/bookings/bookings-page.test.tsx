import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import type { Booking, SessionUser } from '../../api/types';
import { permissionsOf } from '../../../common/team-roles';
import { adminUser, sessionFake } from '../../test/fake-api/session';
import { offContract, reply } from '../../test/fake-api/reply';
import { fakeApi } from '../../test/fake-api/fake-api';
import { auditFake } from '../../test/fake-api/audit';
import { bookingsFake } from '../../test/fake-api/bookings';
import { eventsFake } from '../../test/fake-api/events';
import { changedByColleague } from '../../test/fake-api/versions';
import { restaurantsFake } from '../../test/fake-api/restaurants';
import { mfaFake, passkeyAssertion } from '../../test/fake-api/mfa';
import { passkeyBrowser } from '../auth';
import type { FakeHandler } from '../../test/fake-api/types';
import { bookingFixture, restaurantFixture, testId } from '../../test/booking-fixtures';
import { dialogTitled } from '../../test/dialogs';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin, renderApp } from '../../test/render-app';

/** A booking with one order of 22.00 USD, paid by card. */
function makeBooking(n: number, overrides: Partial<Booking> = {}): Booking {
  return bookingFixture(n, {
    cardLast4: '4242',
    orders: [
      {
        _id: testId(500 + n),
        user: { _id: testId(700), name: 'Eater One', avatar: null },
        items: [
          {
            _id: testId(600 + n),
            item: { name: 'Soup' },
            quantity: 2,
            itemPrice: 10,
            discountedPrice: null,
            customizations: { addedIngredients: [], removedIngredients: [], price: 0 },
          },
        ],
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
    menuItems: [
      {
        _id: testId(600 + n),
        name: 'Soup',
        quantity: 2,
        price: 10,
        total: 20,
        addedIngredients: [{ name: 'Basil' }],
        removedIngredients: [{ name: 'Onion' }],
      },
    ],
    paymentMethod: 'card',
    paymentMethodDetails: [{ type: 'visa', cardNumber: '**** 4242' }],
    ...overrides,
  });
}

const bookings: Booking[] = [
  makeBooking(1, {
    refundHistory: [
      { _id: testId(960), amount: 4, date: '2026-03-02T09:15:00.000Z', processedBy: 'Ada Admin' },
    ],
  }),
  makeBooking(2, {
    status: 'cancelled',
    PaymentStatus: 'Paid',
    // Notes are plain text: shown and edited exactly as stored.
    adminNotes: 'Ask for <corner> & window',
  }),
  makeBooking(3, { PaymentStatus: 'Pending', refundProcessed: true }),
  makeBooking(4, {
    PaymentStatus: 'Completed',
    payout: true,
    payoutStatus: 'Deposited',
  }),
];

/** The restaurant the list is filtered by (the filter's tag names it). */
const chezTest = restaurantFixture();

interface Options {
  refund?: FakeHandler;
  activities?: FakeHandler;
  notes?: FakeHandler;
}

/**
 * The bookings (what the server finds for the filters these tests send), each with two
 * activities and no audit events, and their restaurant; `options` answer first.
 */
function bookingsServer(options: Options = {}) {
  const api = fakeApi(
    bookingsFake(
      bookings.map((b) => ({ ...b })),
      {
        filters: {
          'bookingStatus=cancelled': (rows) => [rows[1]],
          [`restaurant=${testId(900)}`]: (rows) => rows,
        },
        activities: [
          {
            _id: testId(800),
            activity: 'Booking created',
            createdBy: { firstName: 'Ann', lastName: 'Lee', role: 'user' },
            createdAt: '2026-03-01T10:00:00.000Z',
          },
          {
            _id: testId(801),
            activity: 'Payment received',
            createdBy: null,
            createdAt: '2026-03-01T10:01:00.000Z',
          },
        ],
      },
    ),
    restaurantsFake([], { details: [chezTest] }),
    auditFake([], { '*': () => [] }),
  );
  if (options.refund) {
    api.on('refundOrder', options.refund);
    api.on('refundOrderFallback', options.refund);
  }
  if (options.activities) api.on('listBookingActivities', options.activities);
  if (options.notes) api.on('updateBookingNotes', options.notes);
  return api;
}

describe('bookings list', () => {
  it('shows the columns, badges, and Process Refund only when eligible', async () => {
    bookingsServer();
    openAsAdmin('/admin/bookings');
    expect(await screen.findByText('BK-100001')).toBeInTheDocument();
    for (const title of [
      'Booking Ref',
      'Restaurant',
      'Customer',
      'Date & Time',
      'Guests',
      'Total',
      'Booking Status',
      'Payment Status',
      'Payout Status',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const first = rowOf('BK-100001');
    expect(first).toHaveTextContent('03/05/2026 07:30 PM');
    expect(first).toHaveTextContent('$22.00');
    expect(within(first).getByRole('button', { name: 'Process Refund' })).toBeInTheDocument();
    expect(within(rowOf('BK-100002')).queryByRole('button', { name: 'Process Refund' })).toBeNull();
    expect(within(rowOf('BK-100003')).queryByRole('button', { name: 'Process Refund' })).toBeNull();
    expect(rowOf('BK-100003')).toHaveTextContent('Refund processed');
    expect(
      within(rowOf('BK-100004')).getByRole('button', { name: 'Process Refund' }),
    ).toBeInTheDocument();
    expect(rowOf('BK-100004')).toHaveTextContent('Deposited');
  });

  it('a search whose total the server estimates: "Page 1 of about Y", and Next goes on', async () => {
    const api = bookingsServer();
    const full = Array.from({ length: 10 }, (_, i) => makeBooking(20 + i));
    api.on('listBookings', (call) =>
      reply('listBookings', 200, {
        success: true,
        message: 'Bookings',
        status_code: 200,
        count: 33_417,
        totalIsEstimate: true,
        data: Number(call.url.searchParams.get('skip')) === 0 ? full : full.slice(0, 3),
      }),
    );
    openAsAdmin('/admin/bookings?search=example.net');
    expect(await screen.findByText('Page 1 of about 3342')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of about 3342')).toBeInTheDocument();
    // Fewer rows than a page: the last one, whatever the estimate says.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
  });

  it('puts a status filter in the URL and sends it', async () => {
    const { callsOf } = bookingsServer();
    const { router } = openAsAdmin('/admin/bookings?bookingStatus=cancelled');
    expect(await screen.findByText('BK-100002')).toBeInTheDocument();
    expect(screen.queryByText('BK-100001')).toBeNull();
    expect(callsOf('listBookings').at(-1)!.url.searchParams.get('bookingStatus')).toBe('cancelled');
    expect(router.state.location.search).toContain('bookingStatus=cancelled');
  });
  it('names the restaurant of ?restaurant= in the title and sends it as a filter', async () => {
    const { callsOf } = bookingsServer();
    openAsAdmin(`/admin/bookings?restaurant=${testId(900)}`);
    const header = await screen.findByRole('banner');
    expect(
      await within(header).findByRole('heading', { name: 'Chez Test Booking Management' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: /Booking Management/ })).toHaveLength(1);
    await screen.findByText('BK-100001');
    expect(callsOf('listBookings').at(-1)!.url.searchParams.get('restaurant')).toBe(testId(900));
  });
});

describe('refund modal', () => {
  it('disables the button when empty or ≤ 0, sends with an Idempotency-Key, closes and reloads', async () => {
    const { calls, callsOf } = bookingsServer();
    openAsAdmin('/admin/bookings');
    await screen.findByText('BK-100001');
    const user = setupUser();
    await user.click(within(rowOf('BK-100001')).getByRole('button', { name: 'Process Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Process Refund - BK-100001');
    expect(dialog).toHaveTextContent('CustomerGuest1 Smith');
    expect(dialog).toHaveTextContent('Total booking amount$22.00');
    expect(dialog).toHaveTextContent('Payment StatusPaid');
    expect(dialog).toHaveTextContent('Eater One');
    expect(dialog).toHaveTextContent('Maximum refundable amount: $22.00');
    const button = within(dialog).getByRole('button', { name: 'Refund This Order' });
    const input = within(dialog).getByLabelText('Refund amount');
    expect(button).toBeDisabled();
    await user.type(input, '0');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, '-3');
    expect(button).toBeDisabled();
    // More than the order can still refund is refused in the form, before any question.
    await user.clear(input);
    await user.type(input, '22.01');
    await user.click(button);
    expect(
      within(dialog).getByText(
        'Refund amount cannot exceed the remaining refundable amount of this order',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Confirm refund')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '5.5');
    expect(button).toBeEnabled();
    const before = callsOf('listBookings').length;
    const refundPosts = () => calls.filter((c) => c.path.includes('refund'));
    // Nothing is sent before the confirmation; Cancel sends nothing (Escape: e2e, as jsdom's
    // antd shares one id between the two modals).
    await user.click(button);
    const confirm = await dialogTitled('Confirm refund');
    expect(confirm).toHaveTextContent('Refund $5.50 on the order of Eater One?');
    expect(confirm).toHaveTextContent('Remaining balance after this refund: $16.50');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Confirm refund')).not.toBeInTheDocument());
    expect(refundPosts()).toHaveLength(0);
    await user.click(button);
    await user.click(
      within(await dialogTitled('Confirm refund')).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refundPosts()).toHaveLength(1);
    expect(await screen.findByText('Order refund processed successfully')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/admin/orders/refund')!;
    expect(post.body).toEqual({
      orderId: bookings[0].orders[0]._id,
      amount: 5.5,
      // No note typed: the spec's fixed text; the reason left at its default.
      reason: 'Refund processed via admin panel',
      reasonCode: 'requested_by_customer',
    });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(callsOf('listBookings').length).toBeGreaterThan(before));
  });

  it("a refund typed while a colleague's refund of the booking arrives is sent against the version the form opened with: the 412 notice, then Save mine anyway", async () => {
    const rows = bookings.map((b) => ({ ...b }));
    const events = eventsFake();
    const { callsOf } = fakeApi(
      bookingsFake(rows),
      restaurantsFake([], { details: [chezTest] }),
      auditFake([], { '*': () => [] }),
      events,
    );
    openAsAdmin(`/admin/bookings?booking=${rows[0]._id}`);
    await screen.findByText('Customer Information');
    await waitFor(() => expect(events.openCount).toBe(1));
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Process Refund' }));
    const dialog = await dialogTitled('Process Refund - BK-100001');
    await user.type(within(dialog).getByLabelText('Refund amount'), '5.5');
    const reads = callsOf('getBooking').length;
    changedByColleague(
      rows[0],
      {},
      {
        type: 'booking',
        name: 'BK-100001',
        action: 'refund.create',
        changes: [{ field: 'amount', before: null, after: 6 }],
        at: '2026-03-05T10:31:00.000Z',
      },
    );
    events.emit({
      recordType: 'booking',
      recordId: rows[0]._id,
      action: 'refund.create',
      version: rows[0].version,
    });
    await waitFor(() => expect(callsOf('getBooking')).toHaveLength(reads + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Refund This Order' }));
    await user.click(
      within(await dialogTitled('Confirm refund')).getByRole('button', { name: 'Confirm' }),
    );
    const notice = (await within(dialog).findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent('Fiona Finance');
    const theirs = rows[0].version;
    const [stale] = callsOf('refundOrder');
    expect(stale.headers.get('If-Match')).toBe(`"${theirs - 1}"`);
    expect(within(dialog).getByLabelText('Refund amount')).toHaveValue(5.5);

    await user.click(within(notice).getByRole('button', { name: 'Save mine anyway' }));
    expect(await screen.findByText('Order refund processed successfully')).toBeInTheDocument();
    const mine = callsOf('refundOrder')[1];
    expect(mine.headers.get('If-Match')).toBe(`"${theirs}"`);
    expect(mine.headers.get('X-Overrides-Version')).toBe(String(theirs - 1));
  });

  /** A refund handler refusing the first refund for "Confirm it's you", then the fake's own. */
  const stepUpOnce = () => {
    let asked = 0;
    return () =>
      asked++ === 0
        ? reply('refundOrder', 401, {
            success: false,
            message: "Confirm it's you to continue",
            status_code: 401,
            reason: 'step_up_required',
          })
        : undefined;
  };

  /** Refunds 5.50 of BK-100001 up to the "Confirm it's you" dialog the server asks for. */
  const refundUntilConfirm = async () => {
    openAsAdmin('/admin/bookings');
    await screen.findByText('BK-100001');
    const user = setupUser();
    await user.click(within(rowOf('BK-100001')).getByRole('button', { name: 'Process Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Refund amount'), '5.5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund This Order' }));
    await user.click(
      within(await dialogTitled('Confirm refund')).getByRole('button', { name: 'Confirm' }),
    );
    return { user, stepUp: await dialogTitled("Confirm it's you") };
  };

  it('a refund refused for "Confirm it`s you" asks for the code (a wrong one says so), then is sent once more with the same Idempotency-Key; the session goes on', async () => {
    const api = bookingsServer({ refund: stepUpOnce() });
    api.on('verifyStepUp', ({ body }) =>
      (body as { code: string }).code === '123456'
        ? reply('verifyStepUp', 200, {
            success: true,
            message: 'Verified',
            data: { verifiedUntil: '2026-03-01T10:05:00.000Z' },
          })
        : reply('verifyStepUp', 400, {
            success: false,
            message:
              'That code is not right: enter the current code from your authenticator app, or a recovery code.',
            status_code: 400,
          }),
    );
    const { user, stepUp } = await refundUntilConfirm();
    await user.type(within(stepUp).getByLabelText('Verification code'), '000000');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(stepUp).findByText(
        'That code is not right: enter the current code from your authenticator app, or a recovery code.',
      ),
    ).toBeInTheDocument();
    // The factors were read when the dialog opened, before the code: no passkey, none offered.
    expect(api.callsOf('getMfaStatus')).toHaveLength(1);
    expect(within(stepUp).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(
      within(stepUp).getByText(
        'Enter the code from your authenticator app, or a recovery code, to continue.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(stepUp).getByLabelText('Verification code'));
    await user.type(within(stepUp).getByLabelText('Verification code'), '123456');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order refund processed successfully')).toBeInTheDocument();
    const posts = api.callsOf('refundOrder');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers.get('Idempotency-Key')).toBe(posts[0].headers.get('Idempotency-Key'));
    expect(api.callsOf('verifyStepUp')).toHaveLength(2);
    expect(localStorage.getItem('token')).toBeTruthy();
  });

  it('"Confirm it`s you" with a passkey: the options for the session, the browser`s answer, then the refund is sent once more', async () => {
    const api = bookingsServer({ refund: stepUpOnce() });
    const mfa = mfaFake({ passkey: true });
    api.on('getMfaStatus', mfa.routes.getMfaStatus);
    api.on('startPasskeyVerification', mfa.routes.startPasskeyVerification);
    api.on('verifyStepUp', mfa.routes.verifyStepUp);
    const browserAuthenticate = passkeyBrowser.authenticate;
    passkeyBrowser.authenticate = async () => passkeyAssertion();
    try {
      const { user, stepUp } = await refundUntilConfirm();
      await user.click(await within(stepUp).findByRole('button', { name: 'Use a passkey' }));
      expect(await screen.findByText('Order refund processed successfully')).toBeInTheDocument();
      const posts = api.callsOf('refundOrder');
      expect(posts).toHaveLength(2);
      expect(posts[1].headers.get('Idempotency-Key')).toBe(posts[0].headers.get('Idempotency-Key'));
      expect(api.callsOf('startPasskeyVerification')).toHaveLength(1);
      expect(api.callsOf('verifyStepUp').map((call) => call.body)).toEqual([
        { webauthn: passkeyAssertion() },
      ]);
    } finally {
      passkeyBrowser.authenticate = browserAuthenticate;
    }
  });

  it('above the admin`s limit: "Request approval", why under the amount, then the booking waits', async () => {
    const support: SessionUser = {
      ...adminUser,
      firstName: 'Sam',
      lastName: 'Support',
      teamRole: 'support',
      permissions: permissionsOf('support'),
      refundLimitUsd: 100,
    };
    const big = makeBooking(1);
    big.orders[0].paymentDetails = { ...big.orders[0].paymentDetails, total: 500, refundable: 500 };
    const { callsOf } = fakeApi(
      sessionFake(support),
      bookingsFake([big], { signedIn: support }),
      restaurantsFake([], { details: [chezTest] }),
      auditFake([], { '*': () => [] }),
    );
    renderApp('/admin/bookings', { storedUser: support });
    await screen.findByText('BK-100001');
    const user = setupUser();
    const open = async () => {
      await user.click(within(rowOf('BK-100001')).getByRole('button', { name: 'Process Refund' }));
      return screen.findByRole('dialog');
    };
    const dialog = await open();
    const input = within(dialog).getByLabelText('Refund amount');
    await user.type(input, '100');
    expect(within(dialog).getByRole('button', { name: 'Refund This Order' })).toBeEnabled();
    await user.clear(input);
    await user.type(input, '150');
    expect(dialog).toHaveTextContent(
      'The Support role may refund up to 100 USD at a time; above it, another admin approves.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    const confirm = await dialogTitled('Request approval');
    expect(confirm).toHaveTextContent(
      'Send a refund of $150.00 on the order of Eater One for approval?',
    );
    expect(confirm).toHaveTextContent('Nothing is refunded until another admin approves it.');
    await user.click(within(confirm).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Refund of $150.00 sent for approval')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('refundOrder')).toHaveLength(1);

    // The booking shows the request waiting instead of offering a second one.
    await waitFor(() => expect(callsOf('listBookings').length).toBeGreaterThan(1));
    const again = await open();
    await waitFor(() => expect(again).toHaveTextContent('Waiting for approval'));
    expect(again).toHaveTextContent(
      'Refund of $150.00 on the order of Eater One, requested by Sam Support',
    );
    expect(within(again).queryByLabelText('Refund amount')).not.toBeInTheDocument();
    // So does its detail, above its refund history.
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await user.click(within(rowOf('BK-100001')).getByRole('button', { name: 'View' }));
    const history = (await screen.findByText('Refund History')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(history).toHaveTextContent('Waiting for approval'));
    expect(history).toHaveTextContent('Approved By');
  });

  it('the booking`s History says who asked for a refund and who approved it', async () => {
    fakeApi(
      bookingsFake([makeBooking(1)]),
      restaurantsFake([], { details: [chezTest] }),
      auditFake(
        [
          {
            _id: testId(990),
            createdAt: '2026-03-05T18:30:00.000Z',
            actor: { _id: testId(991), name: 'Fiona Finance', email: 'f@x.io', role: 'admin' },
            action: 'approval.approve',
            entity: { type: 'booking', id: testId(1), name: 'BK-100001' },
            changes: [{ field: 'status', before: 'pending', after: 'approved' }],
            details: { what: 'Refund of $150.00', requestedBy: 'Sam Support' },
            request: { id: 'req-1', clientAddress: null, userAgent: null },
            version: 3,
          },
        ],
        { '*': (rows) => rows },
      ),
    );
    openAsAdmin(`/admin/bookings?booking=${testId(1)}`);
    const history = await screen.findByTestId('record-history');
    expect(
      await within(history).findByText(
        'Refund of $150.00 requested by Sam Support, approved by Fiona Finance',
      ),
    ).toBeInTheDocument();
  });

  it('tries the fallback path with the same key, and shows a refusal', async () => {
    const { calls } = bookingsServer({
      refund: (req) =>
        req.path === '/admin/orders/refund'
          ? reply('refundOrder', 404, { success: false, message: 'No route', status_code: 404 })
          : reply('refundOrderFallback', 400, {
              success: false,
              message:
                'Refund amount cannot exceed the remaining refundable amount of this order (22.00 USD)',
              status_code: 400,
            }),
    });
    openAsAdmin('/admin/bookings');
    await screen.findByText('BK-100001');
    const user = setupUser();
    await user.click(within(rowOf('BK-100001')).getByRole('button', { name: 'Process Refund' }));
    const dialog = await screen.findByRole('dialog');
    // Within the balance the SPA read; the server's refusal (another refund came first) is shown.
    await user.type(within(dialog).getByLabelText('Refund amount'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Refund This Order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText(
        'Failed to process order refund: Refund amount cannot exceed the remaining refundable amount of this order (22.00 USD)',
      ),
    ).toBeInTheDocument();
    const [first, second] = calls.filter((c) => c.path.includes('refund'));
    expect([first.path, second.path]).toEqual(['/admin/orders/refund', '/admin/order/refund']);
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
    expect(screen.getByText(/^Process Refund - /)).toBeInTheDocument();
  });
});

describe('booking detail', () => {
  it('shows the sections, payment summary and activities; notes go Save Notes → Saving... → Saved → Save Notes', async () => {
    let release: () => void = () => undefined;
    const { calls } = bookingsServer({
      notes: () => new Promise<undefined>((resolve) => (release = () => resolve(undefined))),
    });
    const consoleError = jest.spyOn(console, 'error');
    const { router } = openAsAdmin('/admin/bookings');
    await screen.findByText('BK-100001');
    const user = setupUser();
    await user.click(within(rowOf('BK-100001')).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Customer Information')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?booking=${bookings[0]._id}`);
    for (const title of [
      'Restaurant Information',
      'Booking Details',
      'Menu Items',
      'Ordered Items',
      'Payment Summary',
      'Booking Activities',
      'Admin Notes',
    ]) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('button', { name: /Back to Bookings/ })).toBeInTheDocument();
    expect(screen.getByText('Added: Basil')).toBeInTheDocument();
    expect(screen.getByText('Removed: Onion')).toBeInTheDocument();
    expect(screen.getByText('VISA **** 4242')).toBeInTheDocument();
    const summary = within(screen.getByText('Payment Summary').closest('.ant-card') as HTMLElement);
    expect(summary.getByText('Net Restaurant Payout').closest('tr')).toHaveTextContent('$19.00'); // 22 − 3
    expect(summary.getByText('Total').closest('tr')).toHaveTextContent(
      '$20.00 (charged to the customer, less the platform fee)', // 22 − 2
    );
    // Each items table says which price it shows.
    expect(screen.getByText('Price: each, with its customisations')).toBeInTheDocument();
    expect(screen.getByText('Price: each, as ordered, before customisations')).toBeInTheDocument();
    expect(await screen.findByText(/by Ann Lee \(user\)/)).toBeInTheDocument();
    expect(screen.getByText(/by System/)).toBeInTheDocument();
    const refundRow = screen.getByText('$4.00').closest('tr');
    expect(refundRow).toHaveTextContent('Ada Admin');
    expect(refundRow).toHaveTextContent('Mar 2, 2026 09:15 AM'); // UTC, like the other dates
    expect(screen.getByText(/by System · Mar 1, 2026 10:01 AM/)).toBeInTheDocument();
    // No deprecated antd API (List, the index parameter of rowKey) in the detail.
    const deprecations = consoleError.mock.calls
      .map((args) => args.map(String).join(' '))
      .filter((text) => /deprecated/i.test(text));
    consoleError.mockRestore();
    expect(deprecations).toEqual([]);

    fireEvent.change(screen.getByLabelText('Admin Notes'), {
      target: { value: 'Window table <b>please</b>' },
    });
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save Notes' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ adminNotes: 'Window table <b>please</b>' });

    await user.click(screen.getByRole('button', { name: /Back to Bookings/ }));
    expect(await screen.findByText('BK-100002')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows stored notes exactly as the plain text they are', async () => {
    bookingsServer();
    openAsAdmin(`/admin/bookings?booking=${bookings[1]._id}`);
    expect(await screen.findByLabelText('Admin Notes')).toHaveValue('Ask for <corner> & window');
  });

  it('shows "Failed to fetch activities" and an empty list when they fail', async () => {
    bookingsServer({
      activities: () => offContract(500, { success: false, message: 'Boom', status_code: 500 }),
    });
    openAsAdmin(`/admin/bookings?booking=${bookings[0]._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch activities');
    expect(screen.getByText('No activities found for this booking.')).toBeInTheDocument();
  });

  it('refuses to save the notes without a stored token, sending nothing', async () => {
    const { calls } = bookingsServer();
    openAsAdmin(`/admin/bookings?booking=${bookings[0]._id}`);
    await screen.findByText('Customer Information');
    // The session ended in another tab: storage is empty, this tab still holds the token.
    window.localStorage.removeItem('token');
    await setupUser().click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('No authentication token found')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows a failed save of the notes', async () => {
    bookingsServer({
      notes: () =>
        offContract(500, { success: false, message: 'Internal server error', status_code: 500 }),
    });
    openAsAdmin(`/admin/bookings?booking=${bookings[0]._id}`);
    await screen.findByText('Customer Information');
    await setupUser().click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(
      await screen.findAllByText('Failed to save admin notes: Internal server error'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeEnabled();
  });
});
