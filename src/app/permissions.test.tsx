/**
 * The shell follows the admin's permissions (issue 25): the sidebar lists only the screens the
 * role may open, a screen it may not open says so inside the layout, a restored session and a
 * 403 read the role again (`GET /user/me`).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../../common/reference-lists';
import { permissionsOf } from '../../common/team-roles';
import { api } from '../api/api';
import type { SessionUser } from '../api/types';
import { everyResource } from '../test/fake-api/every-resource';
import { fakeApi } from '../test/fake-api/fake-api';
import { reply } from '../test/fake-api/reply';
import { adminUser, sessionFake } from '../test/fake-api/session';
import { renderApp } from '../test/render-app';
import { headerTitle } from '../test/screen';

const VIEWER = permissionsOf('viewer');
const viewer: SessionUser = { ...adminUser, teamRole: 'viewer', permissions: VIEWER };

const NO_ACCESS = 'You do not have access to this page.';

const sidebarLabels = () =>
  within(document.querySelector('aside') as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/** The API, whose GET /user/me says the signed-in admin is `user`. */
function server(user: SessionUser) {
  const session = sessionFake(user);
  return { ...fakeApi(session, ...everyResource()), session };
}

/** The bulk upload page, shown. */
const bulkUploadPage = () => screen.findByRole('button', { name: /Start Upload/ });

it('the sidebar lists only the screens the role may open', async () => {
  server(viewer);
  renderApp('/admin/dashboard', { storedUser: viewer });
  await headerTitle();
  const labels = sidebarLabels();
  expect(labels).not.toContain('Bulk Menu Upload');
  expect(labels).toEqual([
    'Dashboard',
    'Users',
    'Restaurants',
    'Bookings',
    // The reference lists, in the registry's order.
    ...REFERENCE_LIST_KEYS.map((key) => REFERENCE_LISTS[key].menuLabel),
    'Reviews',
    'Content Management',
    'Content Items',
    'Approvals',
    'Audit Log',
  ]);
});

it('a screen the role may not open says so inside the layout, and its page is not shown', async () => {
  const { callsOf } = server(viewer);
  renderApp('/admin/bulk-menu-upload', { storedUser: viewer });
  expect(await headerTitle()).toHaveTextContent('Bulk Menu Upload');
  expect(await screen.findByText(NO_ACCESS)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Start Upload/ })).not.toBeInTheDocument();
  expect(callsOf('searchRestaurants')).toEqual([]);
  // Inside the layout: the sidebar is there to go elsewhere.
  expect(sidebarLabels()).toContain('Dashboard');
});

it('the owner opens the same screen', async () => {
  server(adminUser);
  renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  expect(await bulkUploadPage()).toBeInTheDocument();
  expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
});

it('a restored session reads the role again and follows it', async () => {
  const { calls } = server(viewer);
  // Stored as an owner; the server now says viewer.
  renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  expect(await screen.findByText(NO_ACCESS)).toBeInTheDocument();
  // The page of the stored role was shown until the answer came.
  expect(calls.map((call) => call.operationId).slice(0, 2)).toEqual(['getTotalBookings', 'getMe']);
  expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
    teamRole: 'viewer',
    permissions: VIEWER,
  });
});

it('a session stored without permissions waits for them before showing a screen', async () => {
  const { permissions: _none, teamRole: _role, ...stored } = adminUser;
  server(adminUser);
  renderApp('/admin/bulk-menu-upload', { storedUser: stored as SessionUser });
  expect(await bulkUploadPage()).toBeInTheDocument();
  expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
});

it("a 403 shows the server's sentence and reads the role again", async () => {
  const SENTENCE = 'Your role (Viewer) does not allow changing the platform fee.';
  const probe = api.injectEndpoints({
    endpoints: (build) => ({
      probeFee: build.mutation<unknown, void>({
        query: () => ({
          url: '/configuration',
          method: 'PUT',
          body: { platformFee: 1 },
          headers: { 'If-Match': '"1"' },
        }),
      }),
    }),
  });
  const { callsOf, on, session } = server(adminUser);
  on('updateConfiguration', () =>
    reply('updateConfiguration', 403, { success: false, message: SENTENCE, status_code: 403 }),
  );
  const { store } = renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  expect(await bulkUploadPage()).toBeInTheDocument();
  await waitFor(() => expect(callsOf('getMe')).toHaveLength(1));
  // The role changed meanwhile.
  session.me.user = viewer;
  await act(() => store.dispatch(probe.endpoints.probeFee.initiate()));
  expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
  expect(await screen.findByText(NO_ACCESS)).toBeInTheDocument();
  expect(callsOf('getMe')).toHaveLength(2);
  expect(store.getState().auth.user?.teamRole).toBe('viewer');
  expect(store.getState().auth.status).toBe('authenticated');
});
