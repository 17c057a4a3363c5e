import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityLog, TopRestaurant } from '../../api/types';
import { dashboardFake } from '../../test/fake-api/dashboard';
import { fakeApi } from '../../test/fake-api/fake-api';
import { NETWORK_ERROR, offContract } from '../../test/fake-api/reply';
import { openAsAdmin } from '../../test/render-app';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const activity: ActivityLog[] = [
  {
    _id: '00000000-0000-4000-8000-000000000001',
    title: 'New booking received',
    description: 'BK-1 at Fork',
    createdAt: minutesAgo(0),
  },
  {
    _id: '00000000-0000-4000-8000-000000000002',
    title: 'Restaurant status updated',
    description: 'Fork is offline',
    createdAt: minutesAgo(5),
  },
  {
    _id: '00000000-0000-4000-8000-000000000003',
    title: 'Payment received',
    description: 'Payment for BK-1',
    createdAt: minutesAgo(120),
  },
  {
    _id: '00000000-0000-4000-8000-000000000004',
    title: 'User deactivated',
    description: 'Jo Doe',
    createdAt: minutesAgo(60 * 49),
  },
  {
    _id: '00000000-0000-4000-8000-000000000005',
    title: 'Platform fee updated',
    description: 'Now 10%',
    createdAt: minutesAgo(60 * 24 * 30),
  },
];

const older: ActivityLog[] = Array.from({ length: 7 }, (_, i) => ({
  _id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
  title: 'Review moderated',
  description: `Review ${i}`,
  createdAt: minutesAgo(60 * 24 * 40 + i),
}));

const top: TopRestaurant[] = [
  {
    _id: '10000000-0000-4000-8000-000000000001',
    name: 'The Golden Fork',
    profilePicture: null,
    averageRating: 4.25,
    totalBookings: 42,
    totalEarnings: 1234.5,
    currency: 'EUR',
  },
  {
    _id: '10000000-0000-4000-8000-000000000002',
    name: 'Sushi Table',
    profilePicture: 'data:image/png;base64,AA==',
    averageRating: 3,
    totalBookings: 7,
    totalEarnings: 150000,
    currency: 'JPY',
  },
];

/** The dashboard's figures, top restaurants and 12 activity entries (5 of them shown). */
function dashboardServer() {
  const dashboard = dashboardFake({
    figures: {
      users: [1085, 12.5],
      restaurants: [24, -4.17],
      bookings: [300, 0],
      revenue: [98765.4, 3],
    },
    top,
    activity: [...activity, ...older],
  });
  return { dashboard, ...fakeApi(dashboard) };
}

/** A stat card's link: its name starts with the title. */
const card = (title: string) => screen.getByRole('link', { name: new RegExp(`^${title} `) });

describe('dashboard', () => {
  it('shows "Loading dashboard data..." first', async () => {
    // The user count is held back until the spinner has been seen, so the check cannot race it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    dashboardServer().on('getTotalUsers', async () => {
      await held;
      return undefined;
    });
    openAsAdmin('/admin/dashboard');
    expect(await screen.findByText('Loading dashboard data...')).toBeInTheDocument();
    release();
    await screen.findByText('Total Users');
    expect(screen.queryByText('Loading dashboard data...')).not.toBeInTheDocument();
  });

  it('shows the four stat cards with their changes and links', async () => {
    const api = dashboardServer();
    openAsAdmin('/admin/dashboard');
    await screen.findByText('Total Users');
    expect(within(card('Total Users')).getByTestId('stat-value')).toHaveTextContent('1,085');
    // Each card's name is what it shows, in order, and which way the figure went (WCAG 2.5.3).
    expect(card('Total Users')).toHaveAccessibleName('Total Users 1,085 12.5% up');
    expect(card('Total Restaurants')).toHaveAccessibleName(/^Total Restaurants \S+ 4\.17% down$/);
    // zero is shown with the up arrow
    expect(card('Active Bookings')).toHaveAccessibleName('Active Bookings 300 0% up');
    expect(within(card('Active Bookings')).getByTestId('stat-value')).toHaveTextContent('300');
    expect(within(card('Total Revenue')).getByTestId('stat-value')).toHaveTextContent('$98,765.40');
    expect(within(card('Total Revenue')).getByTestId('stat-value')).toHaveStyle({
      whiteSpace: 'nowrap',
    });
    expect(card('Total Users')).toHaveAttribute('href', '/admin/users');
    expect(card('Total Restaurants')).toHaveAttribute('href', '/admin/restaurants');
    expect(card('Active Bookings')).toHaveAttribute('href', '/admin/bookings');
    const logs = api.callsOf('listActivityLogs')[0];
    expect(logs.url.searchParams.get('limit')).toBe('5');
    expect(logs.url.searchParams.get('skip')).toBe('0');
  });

  it('lists recent activity with icons by title and relative times; View all goes to bookings', async () => {
    dashboardServer();
    const { router } = openAsAdmin('/admin/dashboard');
    await screen.findByText('Recent Activity');
    const items = within(
      screen.getByText('Recent Activity').closest('.ant-card') as HTMLElement,
    ).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const icons = items.map((li) => li.querySelector('[data-icon]')!.getAttribute('data-icon'));
    expect(icons).toEqual(['booking', 'restaurant', 'payment', 'user', 'default']);
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('5 minutes ago');
    expect(items[2]).toHaveTextContent('2 hours ago');
    expect(items[3]).toHaveTextContent('2 days ago');
    const user = userEvent.setup({ delay: null });
    const [viewActivity] = screen.getAllByRole('button', { name: 'View all' });
    await user.click(viewActivity);
    expect(router.state.location.pathname).toBe('/admin/bookings');
  });

  it('shows "No recent activity" when there is none', async () => {
    dashboardServer().dashboard.activity.splice(0);
    openAsAdmin('/admin/dashboard');
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
  });

  it('shows a failed activity list in its card with Retry, keeping the rest', async () => {
    let fail = true;
    dashboardServer().on('listActivityLogs', () =>
      fail
        ? offContract(500, { success: false, message: 'Internal server error', status_code: 500 })
        : undefined,
    );
    openAsAdmin('/admin/dashboard');
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByText('Total Users')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('New booking received')).toBeInTheDocument();
  });

  it('shows top restaurants with rating to one decimal and revenue in their currency', async () => {
    dashboardServer();
    const { router } = openAsAdmin('/admin/dashboard');
    const row = (await screen.findByText('The Golden Fork')).closest('tr')!;
    expect(row).toHaveTextContent('4.3');
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('€1,234.50');
    expect(screen.getByText('Sushi Table').closest('tr')).toHaveTextContent('3.0');
    expect(screen.getByText('Sushi Table').closest('tr')).toHaveTextContent('¥150,000');
    const [, viewRestaurants] = screen.getAllByRole('button', { name: 'View all' });
    await userEvent.setup({ delay: null }).click(viewRestaurants);
    expect(router.state.location.pathname).toBe('/admin/restaurants');
  });

  // Retry reloads the page (spec 01 §8): e2e/failures.spec.ts sees the reload.
  it('shows the error with Retry when a figure fails', async () => {
    const { on } = dashboardServer();
    on('getTotalRevenue', () => NETWORK_ERROR);
    openAsAdmin('/admin/dashboard');
    expect(
      await screen.findByText('Failed to load dashboard data. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
