/**
 * The cache policy seen from the dashboard: every audited write reads Recent Activity again
 * (the writes of other screens are tested with their screens; these two have no screen test
 * watching the activity list).
 */
import { makeStore } from '../app/store';
import { dashboardApi } from '../features/dashboard/dashboard-api';
import { bulkUploadApi } from '../features/bulk-upload/bulk-upload-api';
import { dashboardFake } from '../test/fake-api/dashboard';
import { fakeApi } from '../test/fake-api/fake-api';
import { menuFake } from '../test/fake-api/menu';
import { savedViewsApi } from './saved-views-api';
import { changeTags } from './cache-tags';
import { waitFor } from '@testing-library/react';

const RESTAURANT = 'c1efc6b4-d724-413b-b515-ba4c708fd722';

/** A store whose dashboard shows Recent Activity, and a count of its reads of it. */
async function dashboardShown() {
  const { callsOf } = fakeApi(
    dashboardFake(),
    menuFake({
      restaurants: [{ _id: RESTAURANT, name: 'Lakin Brasserie', currency: 'USD' }],
      categories: ['Mains'],
    }),
  );
  const store = makeStore();
  store.dispatch(dashboardApi.endpoints.listActivityLogs.initiate({ skip: 0, limit: 5 }));
  const activityReads = () => callsOf('listActivityLogs').length;
  await waitFor(() => expect(activityReads()).toBe(1));
  return { store, activityReads };
}

describe('an audited write', () => {
  it('saving a view reads Recent Activity again', async () => {
    const { store, activityReads } = await dashboardShown();
    await store
      .dispatch(
        savedViewsApi.endpoints.createSavedView.initiate({
          screen: 'reviews',
          name: 'Hidden',
          filters: { status: 'hidden' },
        }),
      )
      .unwrap();
    await waitFor(() => expect(activityReads()).toBe(2));
  });

  it('uploading a menu item reads Recent Activity again', async () => {
    const { store, activityReads } = await dashboardShown();
    const form = new FormData();
    form.append('itemName', 'Grilled Halloumi Salad');
    form.append('category', 'Mains');
    form.append('itemPrice', '11.50');
    form.append('restaurant', RESTAURANT);
    await store
      .dispatch(bulkUploadApi.endpoints.createMenuItem.initiate({ restaurantId: RESTAURANT, form }))
      .unwrap();
    await waitFor(() => expect(activityReads()).toBe(2));
  });
});

describe('changeTags: what a colleague change on the live stream makes stale', () => {
  const change = (recordType: string, action: string, recordId: string | null = 'r1') => ({
    recordType,
    action,
    recordId,
  });
  test.each([
    [change('restaurant', 'restaurant.update'), [{ type: 'Restaurant', id: 'r1' }]],
    [
      change('booking', 'refund.create'),
      [{ type: 'Booking', id: 'r1' }, { type: 'BookingActivity', id: 'r1' }, 'Dashboard'],
    ],
    [
      change('booking', 'booking.notes'),
      [
        { type: 'Booking', id: 'r1' },
        { type: 'BookingActivity', id: 'r1' },
      ],
    ],
    [change('configuration', 'configuration.update', null), ['Configuration']],
    [change('review', 'review.moderate'), [{ type: 'Review', id: 'r1' }]],
    [
      change('content', 'content.update'),
      [
        { type: 'StaticContent', id: 'r1' },
        { type: 'StaticContent', id: 'LIST' },
      ],
    ],
    [change('cuisine', 'reference.create'), [{ type: 'cuisine', id: 'LIST' }]],
    [change('cuisine', 'reference.status'), [{ type: 'cuisine', id: 'r1' }]],
    [
      change('restaurant', 'approval.approve'),
      [
        { type: 'Approval', id: 'LIST' },
        { type: 'Restaurant', id: 'r1' },
      ],
    ],
    [change('menu_item', 'menu.bulk_item'), []],
  ])('%j', (event, tags) => {
    expect(changeTags(event)).toEqual([{ type: 'ActivityLog', id: 'LIST' }, ...tags]);
  });
});
