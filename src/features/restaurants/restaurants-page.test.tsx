import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import type { RestaurantListItem } from '../../api/types';
import { NETWORK_ERROR, offContract, reply } from '../../test/fake-api/reply';
import type { FakeRequest } from '../../test/fake-api/types';
import { fakeApi } from '../../test/fake-api/fake-api';
import { restaurantsFake } from '../../test/fake-api/restaurants';
import type { FakeHandler } from '../../test/fake-api/types';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';
import { dialogTitled } from '../../test/dialogs';
import { restaurantsFake as fakeOf } from '../../test/fake-api/restaurants';
import { changedByColleague } from '../../test/fake-api/versions';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const restaurants: RestaurantListItem[] = Array.from({ length: 12 }, (_, i) => ({
  _id: id(i),
  name: i === 0 ? 'The Golden Fork' : `Place ${i}`,
  address: `${i} Main St`,
  email: `r${i}@example.com`,
  createdAt: '2026-02-10T09:00:00.000Z',
  platformCommission: i === 0 ? 12 : null,
  online: i !== 1,
  isFeatured: false,
  profilePicture: null,
  averageRating: 4,
  totalBookings: 3,
  totalEarnings: 10,
  currency: 'USD',
  version: 1,
}));

interface Options {
  list?: FakeHandler;
  update?: FakeHandler;
}

/**
 * The restaurants (what the server finds for the filters these tests send); `options` answer
 * first.
 */
function restaurantsServer(options: Options = {}) {
  const api = fakeApi(
    restaurantsFake(
      restaurants.map((r) => ({ ...r })),
      {
        filters: {
          'search=zzz': () => [],
          'isFeatured=true': (rows) => [{ ...rows[0], isFeatured: true }],
          // Every restaurant was registered that day and none is featured.
          'createdAt=2026-02-10': (rows) => rows,
          'isFeatured=false&createdAt=2026-02-10': (rows) => rows,
          'isFeatured=false&createdAt=2026-02-10&online=false': (rows) => [rows[1]],
        },
      },
    ),
  );
  if (options.list) api.on('listRestaurants', options.list);
  if (options.update) api.on('updateRestaurant', options.update);
  return api;
}

const puts = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'PUT');

describe('restaurants list', () => {
  it('shows "Loading restaurants...", then the columns, 0% for a missing commission, and View', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    restaurantsServer({ list: async () => void (await held) });
    const { router } = openAsAdmin('/admin/restaurants');
    expect(await screen.findByText('Loading restaurants...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('The Golden Fork')).toBeInTheDocument();
    for (const title of [
      'Name',
      'Address',
      'Email',
      'Registered Date',
      'Platform Commission',
      'Status',
      'Featured',
      'Actions',
    ]) {
      expect(screen.getByText(title, { selector: 'th' })).toBeInTheDocument();
    }
    const golden = rowOf('The Golden Fork');
    expect(golden).toHaveTextContent('0 Main St');
    expect(golden).toHaveTextContent('r0@example.com');
    expect(golden).toHaveTextContent('Feb 10, 2026');
    expect(golden).toHaveTextContent('12%');
    expect(golden).toHaveTextContent('Active');
    expect(rowOf('Place 2')).toHaveTextContent('0%');
    expect(rowOf('Place 1')).toHaveTextContent('Inactive');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await setupUser().click(within(golden).getByText('View'));
    expect(router.state.location.pathname).toBe(`/admin/restaurants/${id(0)}/bookings`);
  });

  it('ignores filter values in the URL that are not a status, a flag or a real day', async () => {
    const { callsOf } = restaurantsServer();
    openAsAdmin('/admin/restaurants?online=maybe&isFeatured=true&createdAt=2026-02-30');
    await screen.findByText('The Golden Fork');
    const sent = callsOf('listRestaurants')[0].url.searchParams;
    expect(sent.get('online')).toBeNull();
    expect(sent.get('createdAt')).toBeNull();
    expect(sent.get('isFeatured')).toBe('true');
    expect(screen.getByText('All Statuses')).toBeInTheDocument();
  });

  it('filters by status in the URL and back on page 1', async () => {
    const { callsOf } = restaurantsServer();
    const { router } = openAsAdmin(
      '/admin/restaurants?page=2&isFeatured=false&createdAt=2026-02-10',
    );
    await screen.findByText('Place 10');
    const first = callsOf('listRestaurants')[0].url.searchParams;
    expect(first.get('skip')).toBe('10');
    expect(first.get('isFeatured')).toBe('false');
    expect(first.get('createdAt')).toBe('2026-02-10');
    expect(screen.getByText('All Statuses')).toBeInTheDocument();
    expect(screen.getByText('Not Featured')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(
      await screen.findByText('Inactive', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?isFeatured=false&createdAt=2026-02-10&online=false',
      ),
    );
    expect(await screen.findByText('Place 1')).toBeInTheDocument();
    const last = callsOf('listRestaurants').at(-1)!.url.searchParams;
    expect(last.get('online')).toBe('false');
    expect(last.get('skip')).toBe('0');
  });

  it('filters by featured and by registered date in the URL, each back on page 1', async () => {
    const { callsOf } = restaurantsServer();
    const { router } = openAsAdmin('/admin/restaurants?page=2');
    await screen.findByText('Place 10');

    fireEvent.mouseDown(screen.getByLabelText('Featured'));
    fireEvent.click(
      await screen.findByText('Featured', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?isFeatured=true'));
    await waitFor(() =>
      expect(callsOf('listRestaurants').at(-1)!.url.searchParams.get('isFeatured')).toBe('true'),
    );

    await act(() => router.navigate('/admin/restaurants?page=2'));
    await screen.findByText('Place 10');
    const date = screen.getByLabelText('Registered date');
    const user = setupUser();
    await user.click(date);
    await user.type(date, '2026-02-10{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?createdAt=2026-02-10'));
    const sent = callsOf('listRestaurants').at(-1)!.url.searchParams;
    expect(sent.get('createdAt')).toBe('2026-02-10');
    expect(sent.get('skip')).toBe('0');
  });

  it('shows the Registered Date as the UTC day the date filter matches, in any time zone', async () => {
    // A browser at UTC+14: local dates default to that zone unless a zone is asked for.
    const original = Date.prototype.toLocaleDateString;
    const spy = jest.spyOn(Date.prototype, 'toLocaleDateString').mockImplementation(function (
      this: Date,
      locales,
      options,
    ) {
      return original.call(this, locales, { timeZone: 'Pacific/Kiritimati', ...options });
    });
    try {
      const lateUtc = '2026-03-10T23:30:00.000Z';
      restaurantsServer({
        list: () =>
          reply('listRestaurants', 200, {
            success: true,
            message: 'Restaurants',
            count: 1,
            data: [{ ...restaurants[0], createdAt: lateUtc }],
          }),
      });
      openAsAdmin('/admin/restaurants?createdAt=2026-03-10');
      await screen.findByText('The Golden Fork');
      const golden = rowOf('The Golden Fork');
      expect(golden).toHaveTextContent('Mar 10, 2026');
      expect(golden).not.toHaveTextContent('Mar 11, 2026');
    } finally {
      spy.mockRestore();
    }
  });

  it('searches by name and shows "No restaurants found"', async () => {
    const { callsOf } = restaurantsServer();
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    await setupUser().type(screen.getByPlaceholderText('Search restaurants by name...'), ' zzz ');
    expect(await screen.findByText('No restaurants found')).toBeInTheDocument();
    expect(callsOf('listRestaurants').at(-1)!.url.searchParams.get('search')).toBe('zzz');
  });

  it('shows a failed load with Retry, which goes back to page 1', async () => {
    let fail = true;
    restaurantsServer({ list: () => (fail ? NETWORK_ERROR : undefined) });
    const { router } = openAsAdmin('/admin/restaurants?page=2');
    expect(
      await screen.findByText('Failed to load restaurants. Please try again later.'),
    ).toBeInTheDocument();
    fail = false;
    // The list's own Retry (the outage banner has one too).
    const failure = screen
      .getByText('Failed to load restaurants. Please try again later.')
      .closest('[role="alert"]') as HTMLElement;
    await setupUser().click(within(failure).getByText('Retry'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('The Golden Fork')).toBeInTheDocument();
  });

  it("shows the server's message for a failed load", async () => {
    restaurantsServer({
      list: () =>
        offContract(500, {
          success: false,
          message: 'Failed to fetch restaurants',
          status_code: 500,
        }),
    });
    openAsAdmin('/admin/restaurants');
    expect(await screen.findByText('Failed to fetch restaurants')).toBeInTheDocument();
  });
});

describe('commission edit', () => {
  it('refuses a negative or empty value without sending; saves a good one', async () => {
    const { calls } = restaurantsServer();
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    const user = setupUser();
    await user.click(within(rowOf('The Golden Fork')).getByText('12%'));
    const input = screen.getByLabelText('Platform Commission');
    expect(input).toHaveValue(12);
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '0.01');

    await user.clear(input);
    await user.type(input, '-1');
    await user.click(screen.getByText('Save'));
    expect(screen.getByText('Commission must be a positive number')).toBeInTheDocument();
    await user.clear(input);
    await user.click(screen.getByText('Save'));
    expect(screen.getByText('Commission must be a positive number')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '7.5');
    await user.click(screen.getByText('Save'));
    expect(
      await screen.findByText('Restaurant commission updated successfully'),
    ).toBeInTheDocument();
    expect(puts(calls)[0].body).toEqual({ platformCommission: 7.5 });
    expect(puts(calls)[0].path).toBe(`/restaurant/${id(0)}`);
    await waitFor(() => expect(rowOf('The Golden Fork')).toHaveTextContent('7.5%'));
  });

  it('a commission a colleague changed meanwhile: compact conflict beside the cell, theirs beside mine; Reload after asking', async () => {
    const rows = restaurants.map((r) => ({ ...r }));
    const { callsOf } = fakeApi(fakeOf(rows));
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    changedByColleague(
      rows[0],
      { platformCommission: 15 },
      {
        type: 'restaurant',
        name: 'The Golden Fork',
        action: 'restaurant.update',
        changes: [{ field: 'platformCommission', before: 12, after: 15 }],
        at: '2026-03-05T10:31:00.000Z',
        actor: 'Sam Support',
      },
    );
    const user = setupUser();
    await user.click(within(rowOf('The Golden Fork')).getByText('12%'));
    await user.clear(screen.getByLabelText('Platform Commission'));
    await user.type(screen.getByLabelText('Platform Commission'), '18{Enter}');
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent(
      'Sam Support changed this restaurant on 2026-03-05 at 10:31 (Platform Commission 12% → 15%). Reload to see it.',
    );
    expect(
      within(notice).getByLabelText('Platform Commission: theirs and yours'),
    ).toHaveTextContent('Platform Commission: theirs 15%, yours 18%');
    expect(rows[0].platformCommission).toBe(15);
    expect(screen.queryByText('Restaurant commission updated successfully')).toBeNull();

    await user.click(within(notice).getByText('Reload'));
    await user.click(
      within(await dialogTitled('Discard your changes?')).getByText('Discard and reload'),
    );
    await user.click(screen.getByText('Cancel'));
    await waitFor(() => expect(rowOf('The Golden Fork')).toHaveTextContent('15%'));
    await waitFor(() => expect(screen.queryByText('Changed by someone else')).toBeNull());
    expect(callsOf('updateRestaurant')).toHaveLength(1);
  });

  it('Save mine anyway from the compact conflict sends the current version, marked as overriding', async () => {
    const rows = restaurants.map((r) => ({ ...r }));
    const { callsOf } = fakeApi(fakeOf(rows));
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    changedByColleague(
      rows[0],
      { isFeatured: true },
      {
        type: 'restaurant',
        name: 'The Golden Fork',
        action: 'restaurant.update',
        changes: [{ field: 'isFeatured', before: false, after: true }],
      },
    );
    const user = setupUser();
    // The list still shows it not featured; the admin sets it featured too, then off again.
    await user.click(screen.getByLabelText('Featured The Golden Fork'));
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(notice).getByLabelText('Featured: theirs and yours')).toHaveTextContent(
      'Featured: theirs Yes, yours Yes',
    );
    await user.click(within(notice).getByText('Save mine anyway'));
    expect(
      await screen.findByText('Restaurant featured status updated successfully'),
    ).toBeInTheDocument();
    const [, mine] = callsOf('updateRestaurant');
    expect(mine.headers.get('If-Match')).toBe('"2"');
    expect(mine.headers.get('X-Overrides-Version')).toBe('1');
    expect(rows[0].version).toBe(3);
    await waitFor(() => expect(screen.queryByText('Changed by someone else')).toBeNull());
  });

  it('a large change sent for approval (202) says so; the commission stays as stored', async () => {
    const { calls } = restaurantsServer({
      update: () =>
        reply('updateRestaurant', 202, {
          success: true,
          message: 'Commission change of The Golden Fork to 20% sent for approval',
          data: { approvalId: '00000000-0000-4000-8000-00000000a112', status: 'pending' },
        }),
    });
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    const user = setupUser();
    await user.click(within(rowOf('The Golden Fork')).getByText('12%'));
    await user.clear(screen.getByLabelText('Platform Commission'));
    await user.type(screen.getByLabelText('Platform Commission'), '20');
    await user.click(screen.getByText('Save'));
    expect(
      await screen.findByText('Commission change of The Golden Fork to 20% sent for approval'),
    ).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(rowOf('The Golden Fork')).toHaveTextContent('12%');
  });

  it('starts from 0 when missing; Cancel discards', async () => {
    const { calls } = restaurantsServer();
    openAsAdmin('/admin/restaurants');
    await screen.findByText('Place 2');
    const user = setupUser();
    await user.click(within(rowOf('Place 2')).getByText('0%'));
    expect(screen.getByLabelText('Platform Commission')).toHaveValue(0);
    await user.type(screen.getByLabelText('Platform Commission'), '5');
    await user.click(screen.getByText('Cancel'));
    expect(screen.queryByLabelText('Platform Commission')).not.toBeInTheDocument();
    expect(rowOf('Place 2')).toHaveTextContent('0%');
    // Escape cancels too.
    await user.click(within(rowOf('Place 2')).getByText('0%'));
    await user.type(screen.getByLabelText('Platform Commission'), '9{Escape}');
    expect(screen.queryByLabelText('Platform Commission')).not.toBeInTheDocument();
    // The focus goes back to the value (a keyboard user goes on from there).
    expect(
      within(rowOf('Place 2')).getByRole('button', { name: /^Edit commission/ }),
    ).toHaveFocus();
    expect(puts(calls)).toHaveLength(0);
  });

  it("keeps editing and shows the server's message when saving fails", async () => {
    restaurantsServer({
      update: () =>
        reply('updateRestaurant', 400, {
          success: false,
          message: 'Commission can have at most 2 decimals',
          status_code: 400,
        }),
    });
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    const user = setupUser();
    await user.click(within(rowOf('The Golden Fork')).getByText('12%'));
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText('Commission can have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Platform Commission')).toHaveValue(12);
  });
});

describe('featured and status', () => {
  it('each save sends the version its row was read at (If-Match), the next one the version read after it', async () => {
    const { calls } = restaurantsServer();
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    const user = setupUser();
    await user.click(within(rowOf('The Golden Fork')).getByText('12%'));
    await user.clear(screen.getByLabelText('Platform Commission'));
    await user.type(screen.getByLabelText('Platform Commission'), '7.5');
    await user.click(screen.getByText('Save'));
    await waitFor(() => expect(rowOf('The Golden Fork')).toHaveTextContent('7.5%'));
    await user.click(screen.getByLabelText('Featured The Golden Fork'));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls).map((c) => c.headers.get('If-Match'))).toEqual(['"1"', '"2"']);
  });

  it('flips featured only when the server accepts it', async () => {
    let fail = true;
    const { calls } = restaurantsServer({
      update: () => (fail ? offContract(500, { success: false, status_code: 500 }) : undefined),
    });
    openAsAdmin('/admin/restaurants');
    await screen.findByText('The Golden Fork');
    const user = setupUser();
    const toggle = () => screen.getByLabelText('Featured The Golden Fork');
    await user.click(toggle());
    expect(
      await screen.findByText('Failed to update restaurant featured status'),
    ).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
    fail = false;
    await user.click(toggle());
    expect(
      await screen.findByText('Restaurant featured status updated successfully'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(puts(calls).map((c) => c.body)).toEqual([{ isFeatured: true }, { isFeatured: true }]);
  });

  it('keeps each row busy until its own save ends, also while another row saves', async () => {
    const answers = new Map<string, () => void>();
    restaurantsServer({
      update: (req) =>
        new Promise((resolve) =>
          answers.set(req.path, () =>
            resolve(
              reply('updateRestaurant', 200, {
                success: true,
                message: 'Restaurant updated',
                data: { ...restaurants.find((r) => req.path.endsWith(r._id))!, isFeatured: true },
              }),
            ),
          ),
        ),
    });
    openAsAdmin('/admin/restaurants');
    await screen.findByText('Place 2');
    const user = setupUser();
    const toggle = (name: string) => screen.getByLabelText(`Featured ${name}`);
    await user.click(toggle('The Golden Fork'));
    await user.click(toggle('Place 2'));
    await waitFor(() => expect(answers.size).toBe(2));
    const [first, second] = [...answers.values()];
    second();
    expect(await screen.findByText('Restaurant updated')).toBeInTheDocument();
    expect(toggle('Place 2')).not.toHaveClass('ant-switch-loading');
    expect(toggle('The Golden Fork')).toHaveClass('ant-switch-loading');
    first();
    await waitFor(() => expect(toggle('The Golden Fork')).not.toHaveClass('ant-switch-loading'));
  });

  it('activates and deactivates, with the server message on failure', async () => {
    let fail = true;
    const { calls } = restaurantsServer({
      update: () =>
        fail
          ? reply('updateRestaurant', 404, {
              success: false,
              message: 'Restaurant not found',
              status_code: 404,
            })
          : undefined,
    });
    openAsAdmin('/admin/restaurants');
    await screen.findByText('Place 1');
    const user = setupUser();
    await user.click(within(rowOf('Place 1')).getByText('Activate'));
    expect(await screen.findByText('Restaurant not found')).toBeInTheDocument();
    expect(rowOf('Place 1')).toHaveTextContent('Inactive');
    fail = false;
    await user.click(within(rowOf('Place 1')).getByText('Activate'));
    expect(await screen.findByText('Restaurant status updated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Place 1')).getByText('Deactivate')).toBeInTheDocument(),
    );
    expect(puts(calls).at(-1)!.body).toEqual({ online: true });
  });
});
