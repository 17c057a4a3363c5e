/**
 * The idle timeout in the SPA (issue 25): a minute before SESSION_IDLE_MINUTES without a request
 * of the admin's own the warning asks whether to stay; at the end the session ends and the next
 * sign-in returns to the same screen.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { noteActivity } from '../../api/activity';
import { adminUser, mockApi, reply, sessionCheckOk } from '../../test/mock-api';
import { mockPages } from '../../test/mock-pages';
import { headerTitle, setupUser } from '../../test/screen';

mockPages();
const { renderApp } = await import('../../test/render-app');

const MINUTE = 60_000;
const IDLE = 30 * MINUTE;

const answers = (path: string, user = adminUser) => {
  if (path === '/user/me') {
    return reply('getMe', 200, {
      success: true,
      message: 'Signed-in user',
      data: { user },
    });
  }
  if (path === '/user/login') {
    return reply('login', 200, {
      success: true,
      message: 'Signed in',
      token: 'new-token',
      data: { user: adminUser },
    });
  }
  return sessionCheckOk;
};

async function openIdle(minutesAgo: number, user = adminUser) {
  const api = mockApi((request) => answers(request.path, user));
  const view = renderApp('/admin/reviews?status=pending', { storedUser: user });
  await headerTitle();
  // The admin's last request of their own was this long ago.
  act(() => noteActivity(Date.now() - minutesAgo * MINUTE));
  return { ...view, ...api };
}

it('warns a minute before the end and Stay signed in keeps the session', async () => {
  const { calls, store } = await openIdle(29.5);
  const user = setupUser();
  expect(await screen.findByText('You will be signed out in 60 seconds')).toBeInTheDocument();
  const before = calls.filter((call) => call.path === '/user/me').length;
  await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
  await waitFor(() =>
    expect(screen.queryByText('You will be signed out in 60 seconds')).not.toBeInTheDocument(),
  );
  // Staying sends a request of the admin's own, which the server counts as activity.
  expect(calls.filter((call) => call.path === '/user/me').length).toBeGreaterThan(before);
  expect(store.getState().auth.status).toBe('authenticated');
});

it('no warning while the admin is active', async () => {
  await openIdle(IDLE / MINUTE - 5);
  // The check runs every second: two of them pass.
  await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
  expect(screen.queryByText('You will be signed out in 60 seconds')).not.toBeInTheDocument();
});

it('signs out at the end, and the next sign-in returns to the same screen', async () => {
  const { calls, router } = await openIdle(31);
  expect(
    await screen.findByText('You were signed out after 30 minutes without activity.'),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  // The token is revoked on the server too.
  await waitFor(() => expect(calls.some((call) => call.path === '/user/logout')).toBe(true));
  const user = setupUser();
  await user.type(screen.getByLabelText('Email'), adminUser.email);
  await user.type(screen.getByLabelText('Password'), 'admin1234');
  await user.click(screen.getByRole('button', { name: /login/i }));
  await waitFor(() =>
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin/reviews?status=pending',
    ),
  );
});

it("counts the server's SESSION_IDLE_MINUTES, as the signed-in user carries it", async () => {
  await openIdle(9.5, { ...adminUser, sessionIdleMinutes: 10 });
  expect(await screen.findByText('You will be signed out in 60 seconds')).toBeInTheDocument();
});

it('the session check at start-up and the reading of the user are background requests', async () => {
  const { calls } = await openIdle(5);
  await waitFor(() => expect(calls.some((call) => call.path === '/user/me')).toBe(true));
  for (const path of ['/total/booking', '/user/me']) {
    expect(calls.find((call) => call.path === path)?.headers.get('X-Background')).toBe('1');
  }
});
