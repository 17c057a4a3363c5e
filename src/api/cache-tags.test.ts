/**
 * The cache policy seen from the dashboard: every audited write reads Recent Activity again
 * (the writes of other screens are tested with their screens; these two have no screen test
 * watching the activity list).
 */
import { makeStore } from '../app/store';
import { dashboardApi } from '../features/dashboard/dashboard-api';
import { bulkUploadApi } from '../features/bulk-upload/bulk-upload-api';
import { mockApi, reply, type MockRequest } from '../test/mock-api';
import { savedViewsApi } from './saved-views-api';
import { waitFor } from '@testing-library/react';

const RESTAURANT = 'c1efc6b4-d724-413b-b515-ba4c708fd722';
const ADMIN = { _id: '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10', name: 'Ada Admin', email: 'a@x.io' };

function server() {
  return mockApi((call: MockRequest) => {
    if (call.path === '/admin/activityLogs') {
      return reply('listActivityLogs', 200, {
        success: true,
        message: 'Activity logs',
        status_code: 200,
        count: 0,
        data: [],
      });
    }
    if (call.path === '/admin/saved-views') {
      return reply('createSavedView', 201, {
        success: true,
        message: 'View saved successfully',
        data: {
          _id: '00000000-0000-4000-8000-000000000101',
          screen: 'reviews',
          name: 'Hidden',
          filters: { status: 'hidden' },
          ignoredFilters: [],
          createdAt: '2026-11-23T10:00:00.000Z',
          createdBy: ADMIN,
        },
      });
    }
    if (call.path === '/menu/bulk') {
      return reply('createMenuItem', 201, {
        success: true,
        message: 'Menu item created successfully',
        data: {
          _id: 'c130db7c-91f5-447a-9cb1-5977f17b163e',
          itemName: 'Grilled Halloumi Salad',
          category: { _id: 'a925a22b-2bd2-48a3-a6dd-206580a18604', name: 'Mains' },
          itemPrice: 11.5,
          discountedPrice: null,
          itemDetail: '',
          currency: 'USD',
          media: [],
          ingredients: [],
          removableIngredients: [],
          newIngredients: [],
          extraIngredients: [],
          createdAt: '2026-11-23T17:11:34.026Z',
        },
      });
    }
    return undefined;
  });
}

/** A store whose dashboard shows Recent Activity, and a count of its reads of it. */
async function dashboardShown() {
  const { calls } = server();
  const store = makeStore();
  store.dispatch(dashboardApi.endpoints.listActivityLogs.initiate({ skip: 0, limit: 5 }));
  const activityReads = () => calls.filter((call) => call.path === '/admin/activityLogs').length;
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
    await store
      .dispatch(bulkUploadApi.endpoints.createMenuItem.initiate({ restaurantId: RESTAURANT, form }))
      .unwrap();
    await waitFor(() => expect(activityReads()).toBe(2));
  });
});
