/**
 * The live event stream in the SPA: opened once signed in with the token in the Authorization
 * header (never the URL) as background activity; a colleague's change refreshes exactly the
 * changed record's data; a reset reloads what is shown; a stream that ends is opened again with
 * the Last-Event-ID of the last event.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { RestaurantListItem } from '../../api/types';
import { fakeApi } from '../../test/fake-api/fake-api';
import { eventsFake } from '../../test/fake-api/events';
import { restaurantsFake } from '../../test/fake-api/restaurants';
import { adminUser } from '../../test/fake-api/session';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const restaurants: RestaurantListItem[] = [0, 1].map((i) => ({
  _id: id(i),
  name: i === 0 ? 'The Golden Fork' : 'Luigi',
  address: `${i} Main St`,
  email: `r${i}@example.com`,
  createdAt: '2026-02-10T09:00:00.000Z',
  platformCommission: 12,
  online: true,
  isFeatured: false,
  profilePicture: null,
  averageRating: 4,
  totalBookings: 3,
  totalEarnings: 10,
  currency: 'USD',
  version: 1,
}));

function server() {
  const events = eventsFake();
  const fake = restaurantsFake(restaurants.map((r) => ({ ...r })));
  const api = fakeApi(events, fake);
  return { events, fake, api };
}

const commissionOf = (name: string) => within(rowOf(name)).getByText(/%$/).textContent;

test('the stream is opened with the token in the Authorization header, as background activity', async () => {
  const { events, api } = server();
  openAsAdmin('/admin/restaurants');
  await waitFor(() => expect(events.openCount).toBe(1));
  const [call] = api.callsOf('streamEvents');
  expect(call.headers.get('Authorization')).toBe('Bearer token-1');
  expect(call.headers.get('X-Background')).toBe('1');
  expect(call.url.search).toBe('');
  expect(call.headers.get('Last-Event-ID')).toBeNull();
});

test("a colleague's commission change appears in the list without a reload; other data is not read again", async () => {
  const { events, fake, api } = server();
  openAsAdmin('/admin/restaurants');
  expect(await screen.findByText('The Golden Fork')).toBeInTheDocument();
  await waitFor(() => expect(events.openCount).toBe(1));
  expect(commissionOf('The Golden Fork')).toBe('12%');
  const lists = api.callsOf('listRestaurants').length;
  const sessions = api.callsOf('getMe').length;

  // Sam Support changes it on another computer.
  Object.assign(fake.rows[0], { platformCommission: 15, version: 2 });
  events.emit({ recordType: 'restaurant', recordId: id(0), version: 2 });
  await waitFor(() => expect(commissionOf('The Golden Fork')).toBe('15%'));
  expect(api.callsOf('listRestaurants')).toHaveLength(lists + 1);

  // A change of a restaurant not on the screen, or of a review, reads nothing this screen shows.
  events.emit({ recordType: 'review', recordId: id(9), action: 'review.moderate' });
  events.emit({ recordType: 'restaurant', recordId: id(7), version: 4 });
  // a change of the admin's own account reads their permissions again: a marker that all arrived
  events.emit({ recordType: 'user', recordId: adminUser._id, action: 'team.role' });
  await waitFor(() => expect(api.callsOf('getMe').length).toBeGreaterThan(sessions));
  expect(api.callsOf('listRestaurants')).toHaveLength(lists + 1);
});

test('a reset reloads what is shown; an ended stream is opened again with its Last-Event-ID', async () => {
  const { events, api } = server();
  openAsAdmin('/admin/restaurants');
  expect(await screen.findByText('The Golden Fork')).toBeInTheDocument();
  await waitFor(() => expect(events.openCount).toBe(1));
  const lists = api.callsOf('listRestaurants').length;
  events.reset();
  await waitFor(() => expect(api.callsOf('listRestaurants')).toHaveLength(lists + 1));

  const last = events.emit({ recordType: 'restaurant', recordId: id(1), version: 2 });
  await waitFor(() => expect(api.callsOf('listRestaurants')).toHaveLength(lists + 2));
  events.end();
  await waitFor(() => expect(events.opened).toHaveLength(2), { timeout: 3000 });
  expect(events.opened[1].lastEventId).toBe(last.id);
});

test("an inline commission edit open while a colleague's change arrives is saved from the version it was opened at", async () => {
  const { events, fake, api } = server();
  openAsAdmin('/admin/restaurants');
  expect(await screen.findByText('The Golden Fork')).toBeInTheDocument();
  await waitFor(() => expect(events.openCount).toBe(1));
  const user = setupUser();
  await user.click(
    within(rowOf('The Golden Fork')).getByRole('button', { name: /^Edit commission/ }),
  );
  const lists = api.callsOf('listRestaurants').length;
  Object.assign(fake.rows[0], { platformCommission: 15, version: 2 });
  events.emit({ recordType: 'restaurant', recordId: id(0), version: 2 });
  await waitFor(() => expect(api.callsOf('listRestaurants')).toHaveLength(lists + 1));
  const input = within(rowOf('The Golden Fork')).getByLabelText('Platform Commission');
  await user.clear(input);
  await user.type(input, '13');
  await user.click(within(rowOf('The Golden Fork')).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.callsOf('updateRestaurant')).toHaveLength(1));
  expect(api.callsOf('updateRestaurant')[0].headers.get('If-Match')).toBe('"1"');
});
