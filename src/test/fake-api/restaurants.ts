/** The restaurants: list, detail, the changes of commission, status and featured, and names. */
import type { RestaurantDetail, RestaurantListItem } from '../../api/types';
import { reply } from './reply';
import { bulkOf, staleWrite } from './versions';
import type { Routes } from './types';
import { listOf, type Filters } from './list';

const notFound = { success: false, message: 'Restaurant not found', status_code: 404 } as const;

/** Starts with the list's `rows` and the `details` the detail call answers. */
export function restaurantsFake(
  rows: RestaurantListItem[],
  {
    filters = {},
    details = [],
  }: { filters?: Filters<RestaurantListItem>; details?: RestaurantDetail[] } = {},
) {
  return {
    rows,
    details,
    routes: {
      listRestaurants: listOf('listRestaurants', () => rows, filters),
      getRestaurant: ({ params }) => {
        const detail = details.find((d) => d._id === params.id);
        return detail
          ? reply('getRestaurant', 200, { success: true, message: 'Restaurant', data: [detail] })
          : reply('getRestaurant', 404, notFound);
      },
      updateRestaurant: (call) => {
        const { params, body } = call;
        const row = rows.find((r) => r._id === params.id);
        if (!row) return reply('updateRestaurant', 404, notFound);
        const stale = staleWrite(call, 'restaurant', row);
        if (stale) return stale;
        Object.assign(row, body, { version: row.version + 1 });
        return reply('updateRestaurant', 200, { success: true, message: '', data: row });
      },
      bulkUpdateRestaurants: (call) => {
        const change = call.body as { online?: boolean; isFeatured?: boolean };
        const field = change.online === undefined ? 'isFeatured' : 'online';
        return bulkOf(
          call,
          { type: 'restaurant', rows, noun: 'Restaurant', done: 'updated' },
          (row) => {
            row[field] = change[field]!;
            return field === 'online'
              ? 'Restaurant status updated successfully'
              : 'Restaurant featured status updated successfully';
          },
        );
      },
    } satisfies Routes,
  };
}
