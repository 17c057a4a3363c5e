/**
 * The idle timeout in the SPA (issue 25): a minute before SESSION_IDLE_MINUTES without a request
 * of the admin's own the warning asks whether to stay; at the end the session ends and the next
 * sign-in returns to the same screen.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { noteActivity } from '../../api/activity';
import { everyResource } from '../../test/fake-api/every-resource';
import { fakeApi } from '../../test/fake-api/fake-api';
import { adminUser, sessionFake } from '../../test/fake-api/session';
import type { SessionUser } from '../../api/types';
import { renderApp } from '../../test/render-app';
import { headerTitle, setupUser } from '../../test/screen';

const MINUTE = 60_000;
const IDLE = 30 * MINUTE;

async function openIdle(minutesAgo: number, user: SessionUser = adminUser) {
  const api = fakeApi(sessionFake(user), ...everyResource());
  const view = renderApp('/admin/reviews?status=pending', { storedUser: user });
  await headerTitle();
  // Every request sent counts as activity: the screen's start-up requests are sent first (on a
  // busy machine they could otherwise come after the backdating below and undo it).
  await screen.findByText('No reviews found');
  await waitFor(() => {
    for (const operation of ['listReviews', 'listSavedViews', 'listApprovals'] as const) {
      expect(api.callsOf(operation).length).toBeGreaterThan(0);
    }
  });
  // The admin's last request of their own was this long ago.
  act(() => noteActivity(Date.now() - minutesAgo * MINUTE));
  return { ...view, ...api };
}

it('warns a minute before the end and Stay signed in keeps the session', async () => {
  const { callsOf, store } = await openIdle(29.5);
  const user = setupUser();
  expect(await screen.findByText('You will be signed out in 60 seconds')).toBeInTheDocument();
  const before = callsOf('getMe').length;
  await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
  await waitFor(() =>
    expect(screen.queryByText('You will be signed out in 60 seconds')).not.toBeInTheDocument(),
  );
  // Staying sends a request of the admin's own, which the server counts as activity.
  expect(callsOf('getMe').length).toBeGreaterThan(before);
  expect(store.getState().auth.status).toBe('authenticated');
});

it('no warning while the admin is active', async () => {
  await openIdle(IDLE / MINUTE - 5);
  // The check runs every second: two of them pass.
  await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
  expect(screen.queryByText('You will be signed out in 60 seconds')).not.toBeInTheDocument();
});

it('signs out at the end, and the next sign-in returns to the same screen', async () => {
  const { callsOf, router } = await openIdle(31);
  expect(
    await screen.findByText('You were signed out after 30 minutes without activity.'),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  // The token is revoked on the server too.
  await waitFor(() => expect(callsOf('logout')).toHaveLength(1));
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
  const { callsOf } = await openIdle(5);
  await waitFor(() => expect(callsOf('getMe')).toHaveLength(1));
  for (const operation of ['getTotalBookings', 'getMe'] as const) {
    expect(callsOf(operation)[0].headers.get('X-Background')).toBe('1');
  }
});
