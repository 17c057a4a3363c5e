import { api } from '../../api/api';
import { APPROVAL_REQUESTED, sentForApproval } from '../../api/approval-answer';
import { auditedWrite, bulkChanged, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
  ApprovalRequestedResponse,
  BulkRestaurantRequest,
  BulkResponse,
  RestaurantDetailResponse,
  RestaurantListQuery,
  RestaurantListResponse,
  RestaurantResponse,
  UpdateRestaurantRequest,
} from '../../api/types';

const restaurantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRestaurants: build.query<RestaurantListResponse, RestaurantListQuery>({
      query: (params) => ({ url: '/admin/restaurants', params }),
      providesTags: (result) => listTags('Restaurant', result?.data),
    }),
    getRestaurant: build.query<RestaurantDetailResponse, string>({
      query: (id) => `/admin/restaurant/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Restaurant', id }],
    }),
    /** One of online, isFeatured or platformCommission per call (spec 01 §7). */
    /** Saved, or (a large commission change) sent for another admin's approval (202). */
    updateRestaurant: build.mutation<
      RestaurantResponse | ApprovalRequestedResponse,
      { id: string } & Versioned & UpdateRestaurantRequest
    >({
      query: ({ id, version, overrides, ...body }) =>
        versioned({ url: `/restaurant/${id}`, method: 'PUT', body }, { version, overrides }),
      invalidatesTags: auditedWrite(({ id }, answer) =>
        sentForApproval(answer) ? APPROVAL_REQUESTED : [{ type: 'Restaurant', id }],
      ),
    }),
    /** Online / offline or featured / not featured for many rows, each against its version. */
    bulkUpdateRestaurants: build.mutation<BulkResponse, BulkRestaurantRequest>({
      query: (body) => ({ url: '/admin/restaurants/bulk', method: 'POST', body }),
      invalidatesTags: auditedWrite(bulkChanged('Restaurant')),
    }),
  }),
});

export const {
  useListRestaurantsQuery,
  useGetRestaurantQuery,
  useUpdateRestaurantMutation,
  useBulkUpdateRestaurantsMutation,
} = restaurantsApi;
