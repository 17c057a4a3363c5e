import { api } from '../../api/api';
import type {
  MenuItemListResponse,
  MenuItemResponse,
  RestaurantLookupResponse,
} from '../../api/types';

export const bulkUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST menu/bulk: one CSV row as multipart form data (built by buildMenuItemForm). */
    createMenuItem: build.mutation<MenuItemResponse, { restaurantId: string; form: FormData }>({
      query: ({ form }) => ({ url: '/menu/bulk', method: 'POST', body: form }),
      invalidatesTags: (_result, _error, { restaurantId }) => [
        { type: 'MenuItem', id: `RESTAURANT-${restaurantId}` },
        { type: 'Restaurant', id: restaurantId },
      ],
    }),
    /** The bulk uploader's restaurant search by name (GET /restaurants?search=). */
    lookupRestaurants: build.query<RestaurantLookupResponse, string>({
      query: (search) => ({ url: '/restaurants', params: search ? { search } : {} }),
    }),
    listRestaurantMenuItems: build.query<
      MenuItemListResponse,
      { restaurantId: string; skip?: number; limit?: number }
    >({
      query: ({ restaurantId, skip = 0, limit = 10 }) => ({
        url: `/admin/restaurant/${restaurantId}/menu-items`,
        params: { skip, limit },
      }),
      providesTags: (result, _error, { restaurantId }) => [
        { type: 'MenuItem', id: `RESTAURANT-${restaurantId}` },
        ...(result?.data ?? []).map((item) => ({ type: 'MenuItem' as const, id: item._id })),
      ],
    }),
  }),
});

export const { useLookupRestaurantsQuery, useListRestaurantMenuItemsQuery } = bulkUploadApi;
