/**
 * The shell follows the admin's permissions (issue 25): the sidebar lists only the screens the
 * role may open, a screen it may not open says so inside the layout, a restored session and a
 * 403 read the role again (`GET /user/me`).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { permissionsOf } from '../../common/team-roles';
import { api } from '../api/api';
import { adminUser, mockApi, reply, sessionCheckOk, type MockRequest } from '../test/mock-api';
import { mockPages } from '../test/mock-pages';
import { headerTitle } from '../test/screen';

mockPages();
const { renderApp } = await import('../test/render-app');

const VIEWER = permissionsOf('viewer');
const viewer = { ...adminUser, teamRole: 'viewer' as const, permissions: VIEWER };

const NO_ACCESS = 'You do not have access to this page.';

const sidebarLabels = () =>
  within(document.querySelector('aside') as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/** The answer of GET /user/me: the signed-in admin as the server knows them now. */
const me = (user: typeof adminUser | typeof viewer) =>
  reply('getMe', 200, { success: true, message: 'Signed-in user', data: { user } });

const answer = (user: typeof adminUser | typeof viewer) => (request: MockRequest) =>
  request.path === '/user/me' ? me(user) : sessionCheckOk;

it('the sidebar lists only the screens the role may open', async () => {
  mockApi(answer(viewer));
  renderApp('/admin/dashboard', { storedUser: viewer });
  await headerTitle();
  const labels = sidebarLabels();
  expect(labels).not.toContain('Bulk Menu Upload');
  expect(labels).toEqual([
    'Dashboard',
    'Users',
    'Restaurants',
    'Bookings',
    'Booking Types',
    'Menu Categories',
    'Menu Ingredients',
    'Allergies',
    'Dietary Preferences',
    'Cuisines',
    'Reviews',
    'Content Management',
    'Content Items',
    'Audit Log',
  ]);
});

it('a screen the role may not open says so inside the layout, and its page is not shown', async () => {
  mockApi(answer(viewer));
  renderApp('/admin/bulk-menu-upload', { storedUser: viewer });
  expect(await headerTitle()).toHaveTextContent('Bulk Menu Upload');
  expect(await screen.findByText(NO_ACCESS)).toBeInTheDocument();
  expect(screen.queryByText('stub of bulk-upload-page')).not.toBeInTheDocument();
  // Inside the layout: the sidebar is there to go elsewhere.
  expect(sidebarLabels()).toContain('Dashboard');
});

it('the owner opens the same screen', async () => {
  mockApi(answer(adminUser));
  renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  expect(await screen.findByText('stub of bulk-upload-page')).toBeInTheDocument();
  expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
});

it('a restored session reads the role again and follows it', async () => {
  const { calls } = mockApi(answer(viewer));
  // Stored as an owner; the server now says viewer.
  renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  expect(await screen.findByText(NO_ACCESS)).toBeInTheDocument();
  expect(calls.map((call) => call.path)).toEqual(['/total/booking', '/user/me']);
  expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
    teamRole: 'viewer',
    permissions: VIEWER,
  });
});

it('a session stored without permissions waits for them before showing a screen', async () => {
  const { permissions: _none, teamRole: _role, ...stored } = adminUser;
  mockApi(answer(adminUser));
  renderApp('/admin/bulk-menu-upload', { storedUser: stored });
  expect(await screen.findByText('stub of bulk-upload-page')).toBeInTheDocument();
  expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
});

it("a 403 shows the server's sentence and reads the role again", async () => {
  const SENTENCE = 'Your role (Viewer) does not allow changing the platform fee.';
  const probe = api.injectEndpoints({
    endpoints: (build) => ({
      probeFee: build.mutation<unknown, void>({
        query: () => ({ url: '/admin/configuration', method: 'PUT', body: { platformFee: 1 } }),
      }),
    }),
  });
  let role: typeof adminUser | typeof viewer = adminUser;
  const { calls } = mockApi((request) => {
    if (request.path === '/admin/configuration') {
      return reply('updateConfiguration', 403, {
        success: false,
        message: SENTENCE,
        status_code: 403,
      });
    }
    return request.path === '/user/me' ? me(role) : sessionCheckOk;
  });
  const { store } = renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  expect(await screen.findByText('stub of bulk-upload-page')).toBeInTheDocument();
  await waitFor(() => expect(calls.filter((c) => c.path === '/user/me')).toHaveLength(1));
  // The role changed meanwhile.
  role = viewer;
  await act(() => store.dispatch(probe.endpoints.probeFee.initiate()));
  expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
  expect(await screen.findByText(NO_ACCESS)).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/user/me')).toHaveLength(2);
  expect(store.getState().auth.user?.teamRole).toBe('viewer');
  expect(store.getState().auth.status).toBe('authenticated');
});
