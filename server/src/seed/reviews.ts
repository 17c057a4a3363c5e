/** The seed's reviews: random diners rating random restaurants, by turns pending, approved, rejected. */
import type * as t from '../db/schema.js';
import type { SeedContext } from './context.js';

export function generateReviews(
  { faker, uuid, pastDate }: SeedContext,
  count: number,
  { diners, restaurants }: { diners: t.User[]; restaurants: t.Restaurant[] },
): (typeof t.reviews.$inferInsert)[] {
  return Array.from({ length: count }, (_, i) => ({
    id: uuid(),
    userId: faker.helpers.arrayElement(diners).id,
    restaurantId: faker.helpers.arrayElement(restaurants).id,
    rating: faker.number.int({ min: 1, max: 5 }),
    description: faker.lorem.sentences({ min: 1, max: 3 }),
    status: (['pending', 'approved', 'rejected'] as const)[i % 3],
    createdAt: pastDate(60),
  }));
}
