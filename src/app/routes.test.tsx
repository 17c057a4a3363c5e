import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { everyResource } from '../test/fake-api/every-resource';
import { fakeApi, hold } from '../test/fake-api/fake-api';
import { NETWORK_ERROR, offContract, reply } from '../test/fake-api/reply';
import { adminUser } from '../test/fake-api/session';
import { headerTitle } from '../test/screen';
import { nextAction } from '../test/store-events';
import { flush, renderApp } from '../test/render-app';
import { authListener } from '../features/auth/auth-slice';
import { authApi } from '../features/auth/auth-api';

/** The session check has failed: the gate reacts to it in that answer's promise callbacks. */
const checkFailed = () => nextAction(authListener, authApi.endpoints.checkSession.matchRejected);

const path = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('without a session', () => {
  beforeEach(() => {
    // Nothing is called without a session: any call fails the test.
    fakeApi();
  });

  it.each(['/', '/admin', '/admin/', '/admin/users', '/admin/restaurants/r1/bookings', '/nowhere'])(
    '%s goes to /login',
    async (start) => {
      const { router } = renderApp(start);
      await screen.findByLabelText('Email');
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('remembers the page asked for in the router state', async () => {
    const { router } = renderApp('/admin/bookings?restaurant=r1');
    await screen.findByLabelText('Email');
    expect(router.state.location.state).toEqual({ from: '/admin/bookings?restaurant=r1' });
  });

  it('shows the forgot password page, which says honestly that the administrator resets passwords', async () => {
    const { router } = renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Forgot Password' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByText(/reset by the system administrator/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('with a stored session', () => {
  it('shows "Loading your session..." while checking it, then the page', async () => {
    const check = hold();
    const { calls, on } = fakeApi(...everyResource());
    on('getTotalBookings', check.until);
    const { router } = renderApp('/admin/users', { storedUser: adminUser, token: 'stored' });
    expect(screen.getByText('Loading your session...')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].path).toBe('/total/booking');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer stored');
    check.release();
    expect(await headerTitle()).toHaveTextContent('Users Management');
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it.each([
    ['/', '/admin/dashboard'],
    ['/admin', '/admin/dashboard'],
    ['/login', '/admin/dashboard'],
    ['/no/such/page', '/admin/dashboard'],
    ['/admin/no-such-screen', '/admin/dashboard'],
    ['/admin/bookings?restaurant=r1', '/admin/bookings?restaurant=r1'],
  ])('%s shows %s', async (start, target) => {
    fakeApi(...everyResource());
    const { router } = renderApp(start, { storedUser: adminUser });
    await headerTitle();
    expect(path(router)).toBe(target);
  });

  it('discards a stored user whose role is not admin without asking the server', async () => {
    const { calls } = fakeApi(...everyResource());
    const { router } = renderApp('/admin/dashboard', {
      storedUser: { ...adminUser, role: 'owner' },
    });
    await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it.each([
    [
      'HTTP 401',
      reply('getTotalBookings', 401, {
        success: false,
        message: 'Invalid token',
        status_code: 401,
      }),
      'Authorization failed: invalid token',
    ],
    [
      'a 401 in the body',
      reply('getTotalBookings', 200, {
        success: true,
        message: 'x',
        status_code: 401,
        data: { bookingCount: 0, percentageIncrease: 0 },
      }),
      'Authorization failed: invalid token',
    ],
    [
      'HTTP 403 (no longer an active admin)',
      reply('getTotalBookings', 403, {
        success: false,
        message: 'You are not authorized to access this panel',
        status_code: 403,
      }),
      'You are not authorized to access this panel',
    ],
    [
      'another server error with a message',
      offContract(500, { success: false, message: 'Database down', status_code: 500 }),
      'Database down',
    ],
    ['another server error without one', offContract(502), 'Session verification failed'],
    ['a network failure', NETWORK_ERROR, 'An unexpected error occurred'],
  ])(
    'a check failing with %s clears the session and explains on the login page',
    async (_case, answer, text) => {
      fakeApi(...everyResource()).on('getTotalBookings', () => answer);
      const { router } = renderApp('/admin/users', { storedUser: adminUser });
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(router.state.location.pathname).toBe('/login');
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    },
  );

  it('keeps the stored session when the check is cut short by leaving or reloading the page', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { calls, on } = fakeApi(...everyResource());
    on('getTotalBookings', () => new Promise((_resolve, reject) => (fail = reject)));
    const { router } = renderApp('/admin/users', { storedUser: adminUser, token: 'kept' });
    expect(screen.getByText('Loading your session...')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    // The browser starts unloading the page, then fails the request it still has in flight.
    window.dispatchEvent(new Event('pagehide'));
    const failed = checkFailed();
    fail(new TypeError('Failed to fetch'));
    // Those callbacks have all run by the next task.
    await failed;
    await flush();
    expect(localStorage.getItem('token')).toBe('kept');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/admin/users');
    window.dispatchEvent(new Event('pageshow'));
  });

  it('keeps the stored session when the check request is aborted', async () => {
    fakeApi(...everyResource()).on('getTotalBookings', () =>
      Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    );
    const failed = checkFailed();
    const { router } = renderApp('/admin/users', { storedUser: adminUser, token: 'kept' });
    await failed;
    await flush();
    expect(localStorage.getItem('token')).toBe('kept');
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});

describe('/logout', () => {
  it('shows "Logging out...", revokes the token, clears the session and goes to /login', async () => {
    const logout = hold();
    const { callsOf, on } = fakeApi(...everyResource());
    on('logout', logout.until);
    const { router } = renderApp('/logout', { storedUser: adminUser, token: 'to-revoke' });
    expect(await screen.findByText('Logging out...')).toBeInTheDocument();
    await waitFor(() => expect(callsOf('logout')).toHaveLength(1));
    expect(callsOf('logout')[0].headers.get('Authorization')).toBe('Bearer to-revoke');
    expect(localStorage.getItem('token')).toBeNull();
    logout.release();
    await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still signs out when the server cannot be reached', async () => {
    fakeApi(...everyResource()).on('logout', () => NETWORK_ERROR);
    const { router } = renderApp('/logout', { storedUser: adminUser });
    await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
