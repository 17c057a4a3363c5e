import { api } from '../../api/api';
import type {
  RestaurantDetailResponse,
  RestaurantListQuery,
  RestaurantListResponse,
  RestaurantResponse,
  UpdateRestaurantRequest,
} from '../../api/types';

export const restaurantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRestaurants: build.query<RestaurantListResponse, RestaurantListQuery>({
      query: (params) => ({ url: '/admin/restaurants', params }),
      providesTags: (result) => [
        { type: 'Restaurant', id: 'LIST' },
        ...(result?.data ?? []).map((row) => ({ type: 'Restaurant' as const, id: row._id })),
      ],
    }),
    getRestaurant: build.query<RestaurantDetailResponse, string>({
      query: (id) => `/admin/restaurant/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Restaurant', id }],
    }),
    /** One of online, isFeatured or platformCommission per call (spec 01 §7). */
    updateRestaurant: build.mutation<RestaurantResponse, { id: string } & UpdateRestaurantRequest>({
      query: ({ id, ...body }) => ({ url: `/restaurant/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Restaurant', id },
              { type: 'ActivityLog', id: 'LIST' },
            ],
    }),
  }),
});

export const { useListRestaurantsQuery, useGetRestaurantQuery, useUpdateRestaurantMutation } =
  restaurantsApi;
