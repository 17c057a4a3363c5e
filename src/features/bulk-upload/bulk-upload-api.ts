import { api } from '../../api/api';
import { auditedWrite, type Tag } from '../../api/cache-tags';
import type { MenuItemResponse, RestaurantLookupResponse } from '../../api/types';

/** What a new menu item changes: its restaurant (its item count). */
const menuOf = ({ restaurantId }: { restaurantId: string }): Tag[] => [
  { type: 'Restaurant', id: restaurantId },
];

export const bulkUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST menu/bulk: one CSV row as multipart form data (built by buildMenuItemForm). */
    createMenuItem: build.mutation<MenuItemResponse, { restaurantId: string; form: FormData }>({
      query: ({ form }) => ({ url: '/menu/bulk', method: 'POST', body: form }),
      // A row without an answer may still have been written: its restaurant is read again.
      invalidatesTags: auditedWrite(menuOf, menuOf),
    }),
    /** The bulk uploader's restaurant search by name (GET /restaurants?search=). */
    lookupRestaurants: build.query<RestaurantLookupResponse, string>({
      query: (search) => ({ url: '/restaurants', params: search ? { search } : {} }),
    }),
  }),
});

export const { useLookupRestaurantsQuery } = bulkUploadApi;
