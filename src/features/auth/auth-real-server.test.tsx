/**
 * The sign-in flow against the real reference server (its seeded demo accounts, its tokens and
 * its refusals), not hand-written answers.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/api';
import { startRealServer, type RealServer } from '../../test/real-server';
import { renderApp } from '../../test/render-app';
import { headerTitle } from '../../test/screen';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
}, 60_000);
afterAll(() => server?.stop());
beforeEach(() => server.routeFetch());

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const OWNER = { email: 'owner@example.com', password: 'owner1234' };
const STORED_ADMIN = { firstName: 'Ada', lastName: 'Admin', email: ADMIN.email, role: 'admin' };

async function signInWith(email: string, password: string, path = '/login') {
  const view = renderApp(path);
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByLabelText('Email'));
  await user.paste(email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: /login/i }));
  return { ...view, user };
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${server.origin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { token: string }).token;
}

it("a wrong password gets the server's answer and stores nothing", async () => {
  const { router } = await signInWith(ADMIN.email, 'wrong-password');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(router.state.location.pathname).toBe('/login');
  expect(localStorage.getItem('token')).toBeNull();
});

it('the restaurant owner is refused with the panel message', async () => {
  await signInWith(OWNER.email, OWNER.password);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'You are not authorized to access this panel',
  );
  expect(localStorage.getItem('token')).toBeNull();
});

it('the admin signs in to the page first asked for, with a token the server accepts', async () => {
  const { router } = await signInWith(ADMIN.email, ADMIN.password, '/admin/reviews?search=x');
  expect(await headerTitle()).toHaveTextContent('Reviews Management');
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
    '/admin/reviews?search=x',
  );
  const token = localStorage.getItem('token');
  const check = await fetch(`${server.origin}/api/v1/total/booking`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(check.status).toBe(200);
  expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
    email: ADMIN.email,
    role: 'admin',
  });
});

it('a stored session is restored by the session check', async () => {
  const token = await adminToken();
  const { router } = renderApp('/admin/users', {
    storedUser: STORED_ADMIN,
    token,
  });
  expect(screen.getByText('Loading your session...')).toBeInTheDocument();
  expect(await headerTitle()).toHaveTextContent('Users Management');
  expect(router.state.location.pathname).toBe('/admin/users');
});

it('a revoked token is refused at start-up: the session is cleared and explained', async () => {
  const token = await adminToken();
  await fetch(`${server.origin}/api/v1/user/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const { router } = renderApp('/admin/users', {
    storedUser: STORED_ADMIN,
    token,
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Authorization failed: invalid token');
  expect(router.state.location.pathname).toBe('/login');
  expect(localStorage.getItem('token')).toBeNull();
});

it('logging out from /logout revokes the token on the server', async () => {
  const token = await adminToken();
  const { router } = renderApp('/logout', {
    storedUser: STORED_ADMIN,
    token,
  });
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  await waitFor(async () => {
    const check = await fetch(`${server.origin}/api/v1/total/booking`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(check.status).toBe(401);
  });
});

it('calls refused with 401 after the token was revoked end the session, on /login', async () => {
  const probe = api.injectEndpoints({
    endpoints: (build) => ({
      probeTotalUsers: build.query<unknown, number>({ query: () => '/total/user' }),
    }),
  });
  const token = await adminToken();
  const { router, store } = renderApp('/admin/users', {
    storedUser: STORED_ADMIN,
    token,
  });
  expect(await headerTitle()).toHaveTextContent('Users Management');
  await fetch(`${server.origin}/api/v1/user/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const calls = Array.from({ length: 5 }, (_, i) =>
    store.dispatch(probe.endpoints.probeTotalUsers.initiate(i)),
  );
  await Promise.all(calls);
  expect(await screen.findByRole('alert')).toHaveTextContent('Authorization failed: invalid token');
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.state).toEqual({ from: '/admin/users' });
  expect(localStorage.getItem('token')).toBeNull();
});
