/** The dashboard: its four figures, the top restaurants and Recent Activity (the activity log). */
import type { ActivityLog, TopRestaurant } from '../../api/types';
import { listOf } from './list';
import { reply } from './reply';
import type { Routes } from './types';

/** The four figures, each with its change in percent. */
export interface DashboardFigures {
  users: [count: number, change: number];
  restaurants: [count: number, change: number];
  bookings: [count: number, change: number];
  revenue: [total: number, change: number];
}

const OK = { success: true, message: 'OK' } as const;

/** Starts with `figures`, the `top` restaurants and the `activity` log, newest first. */
export function dashboardFake({
  figures = { users: [0, 0], restaurants: [0, 0], bookings: [0, 0], revenue: [0, 0] },
  top = [],
  activity = [],
}: { figures?: DashboardFigures; top?: TopRestaurant[]; activity?: ActivityLog[] } = {}) {
  return {
    figures,
    top,
    activity,
    routes: {
      getTotalUsers: () =>
        reply('getTotalUsers', 200, {
          ...OK,
          data: { userCount: figures.users[0], percentageIncrease: figures.users[1] },
        }),
      getTotalRestaurants: () =>
        reply('getTotalRestaurants', 200, {
          ...OK,
          data: {
            restaurantCount: figures.restaurants[0],
            percentageIncrease: figures.restaurants[1],
          },
        }),
      getTotalBookings: () =>
        reply('getTotalBookings', 200, {
          ...OK,
          status_code: 200,
          data: { bookingCount: figures.bookings[0], percentageIncrease: figures.bookings[1] },
        }),
      getTotalRevenue: () =>
        reply('getTotalRevenue', 200, {
          ...OK,
          data: { totalRevenue: figures.revenue[0], percentageIncrease: figures.revenue[1] },
        }),
      getTopRestaurants: () => reply('getTopRestaurants', 200, { ...OK, data: top }),
      listActivityLogs: listOf('listActivityLogs', () => activity, {}, { status_code: 200 }),
    } satisfies Routes,
  };
}
