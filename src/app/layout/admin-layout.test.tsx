import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../../../common/reference-lists';
import type { SessionUser } from '../../api/types';
import { everyResource } from '../../test/fake-api/every-resource';
import { fakeApi } from '../../test/fake-api/fake-api';
import { adminUser, sessionFake } from '../../test/fake-api/session';
import { renderApp } from '../../test/render-app';
import { adminScreens } from '../screens';

const SIDEBAR = [
  ['Dashboard', '/admin/dashboard', 'Dashboard'],
  ['Users', '/admin/users', 'Users Management'],
  ['Restaurants', '/admin/restaurants', 'Restaurants Management'],
  ['Bookings', '/admin/bookings', 'Bookings Management'],
  // The reference lists, in the registry's order.
  ...REFERENCE_LIST_KEYS.map((key) => {
    const { menuLabel, route, title } = REFERENCE_LISTS[key];
    return [menuLabel, `/admin/${route}`, title] as const;
  }),
  ['Reviews', '/admin/reviews', 'Reviews Management'],
  ['Content Management', '/admin/text-editor', 'Content Management'],
  ['Content Items', '/admin/content', 'Content Items'],
  ['Bulk Menu Upload', '/admin/bulk-menu-upload', 'Bulk Menu Upload'],
  ['Approvals', '/admin/approvals', 'Approvals'],
  ['Audit Log', '/admin/audit-log', 'Audit Log'],
  ['Team', '/admin/team', 'Team'],
] as const;

async function openAdmin(path = '/admin/dashboard', user: SessionUser = adminUser) {
  // The server knows the admin as stored.
  fakeApi(sessionFake(user), ...everyResource());
  const view = renderApp(path, { storedUser: user });
  const header = await screen.findByRole('banner');
  await within(header).findByRole('heading', { level: 4 });
  return { ...view, header, user: userEvent.setup({ delay: null }) };
}

const title = (header: HTMLElement) => within(header).getByRole('heading', { level: 4 });

describe('admin layout', () => {
  it('lists the sidebar entries in order, each leading to its screen and title', async () => {
    const { header, router, user } = await openAdmin();
    const aside = document.querySelector('aside') as HTMLElement;
    const items = within(aside).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(SIDEBAR.map(([label]) => label));
    // Links, so that an entry opens in a new tab too.
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual(
      SIDEBAR.map(([, path]) => path),
    );
    // Each screen's page is its own chunk; the browser tests open all of them. Here two entries
    // that share a page (and its title rules) with others are enough.
    for (const label of ['Booking Types', 'Content Items']) {
      const [, path, heading] = SIDEBAR.find(([name]) => name === label) ?? [];
      await user.click(within(aside).getByText(label));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await waitFor(() => expect(title(header)).toHaveTextContent(heading ?? ''));
      expect(document.title).toBe(`${heading} · Marketplace Admin`);
    }
  });

  it('gives every sidebar entry its route and title in the screen table', () => {
    const entries = adminScreens
      .filter((screen) => screen.menu)
      .map((screen) => [screen.menu?.label, `/admin/${screen.path}`, screen.title]);
    expect(entries).toEqual(SIDEBAR.map((entry) => [...entry]));
  });

  it('titles the restaurant page and highlights Restaurants', async () => {
    const { header } = await openAdmin('/admin/restaurants/abc/bookings');
    expect(title(header)).toHaveTextContent('Restaurant Details');
    const selected = document.querySelector('aside .ant-menu-item-selected');
    expect(selected).toHaveTextContent('Restaurants');
  });

  it('collapses and expands the sidebar', async () => {
    const { user, store } = await openAdmin();
    const aside = document.querySelector('aside') as HTMLElement;
    expect(aside).not.toHaveClass('ant-layout-sider-collapsed');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(aside).toHaveClass('ant-layout-sider-collapsed');
    expect(store.getState().ui.sidebarCollapsed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(aside).not.toHaveClass('ant-layout-sider-collapsed');
  });

  it('opens the user menu with name, email and Logout, and closes it on a click outside', async () => {
    const { header, user } = await openAdmin();
    const trigger = within(header).getByRole('button', { name: /Ada Admin/ });
    await user.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(menu).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Logout/ })).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.click(title(header));
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
  });

  it('shows the avatar when the user has one, a placeholder icon otherwise', async () => {
    const { header } = await openAdmin('/admin/dashboard', {
      ...adminUser,
      avatar: 'https://example.test/a.png',
    });
    expect(header.querySelector('img')).toHaveAttribute('src', 'https://example.test/a.png');
  });

  it('logs out from the user menu', async () => {
    const { header, user, router } = await openAdmin();
    await user.click(within(header).getByRole('button', { name: /Ada Admin/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('follows a logout in another tab', async () => {
    const { router } = await openAdmin('/admin/reviews');
    localStorage.removeItem('token');
    localStorage.removeItem('user');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'token',
          oldValue: 'token-1',
          newValue: null,
          storageArea: localStorage,
        }),
      );
    });
    await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/admin/reviews' });
  });
});
