import { api } from '../../api/api';
import { ACTIVITY_CHANGED } from '../../api/cache-tags';
import type {
  ActivityLogListResponse,
  ActivityLogQuery,
  TopRestaurantsResponse,
  TotalBookingsResponse,
  TotalRestaurantsResponse,
  TotalRevenueResponse,
  TotalUsersResponse,
} from '../../api/types';

/** Spec 01 §9: the dashboard asks for the 5 latest activity entries. */
export const DASHBOARD_ACTIVITY_LIMIT = 5;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTotalUsers: build.query<TotalUsersResponse, void>({
      query: () => '/total/user',
      providesTags: ['Dashboard'],
    }),
    getTotalRestaurants: build.query<TotalRestaurantsResponse, void>({
      query: () => '/total/restaurant',
      providesTags: ['Dashboard'],
    }),
    /** Same call as the session check, cached apart from it (the check is never cached). */
    getTotalBookings: build.query<TotalBookingsResponse, void>({
      query: () => '/total/booking',
      providesTags: ['Dashboard'],
    }),
    getTotalRevenue: build.query<TotalRevenueResponse, void>({
      query: () => '/total/revenue',
      providesTags: ['Dashboard'],
    }),
    getTopRestaurants: build.query<TopRestaurantsResponse, void>({
      query: () => '/top/restaurant',
      providesTags: (result) => [
        'Dashboard',
        ...(result?.data ?? []).map((row) => ({ type: 'Restaurant' as const, id: row._id })),
      ],
    }),
    listActivityLogs: build.query<ActivityLogListResponse, ActivityLogQuery | void>({
      query: (args) => ({ url: '/admin/activityLogs', params: args ?? {} }),
      providesTags: [ACTIVITY_CHANGED],
    }),
  }),
});

export const {
  useGetTotalUsersQuery,
  useGetTotalRestaurantsQuery,
  useGetTotalBookingsQuery,
  useGetTotalRevenueQuery,
  useGetTopRestaurantsQuery,
  useListActivityLogsQuery,
} = dashboardApi;
