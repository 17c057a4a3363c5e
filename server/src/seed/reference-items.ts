/** The six reference lists and which of their entries restaurants and diners chose. */
import type * as t from '../db/schema.js';
import type { SeedContext } from './context.js';
import * as names from './reference-names.js';

type ReferenceItem = typeof t.referenceItems.$inferInsert & { id: string; name: string };

export type ReferenceLists = Record<
  'bookingTypes' | 'categories' | 'ingredients' | 'allergies' | 'dietaries' | 'cuisines',
  ReferenceItem[]
>;

/** Every list of reference-names.ts; the last entry of each kind that has a status is inactive. */
export function generateReferenceLists(ctx: SeedContext, addedById: string): ReferenceLists {
  const list = (kind: string, entries: readonly string[]): ReferenceItem[] =>
    entries.map((name, i) => ({
      id: ctx.uuid(),
      kind,
      name,
      status: kind === 'bookingType' || i !== entries.length - 1,
      imageId: null,
      addedById,
      createdAt: ctx.pastDate(200),
    }));
  return {
    bookingTypes: list('bookingType', names.BOOKING_TYPES),
    categories: list('category', names.CATEGORIES),
    ingredients: list('ingredient', names.INGREDIENTS),
    allergies: list('allergy', names.ALLERGIES),
    dietaries: list('dietary', names.DIETARIES),
    cuisines: list('cuisine', names.CUISINES),
  };
}

/** One or two cuisines, up to three allergies and up to three dietary preferences each. */
export function generateRestaurantReferences(
  { faker }: SeedContext,
  restaurants: t.Restaurant[],
  lists: ReferenceLists,
): (typeof t.restaurantReferences.$inferInsert)[] {
  return restaurants.flatMap((r) =>
    [
      ...faker.helpers.arrayElements(lists.cuisines, { min: 1, max: 2 }),
      ...faker.helpers.arrayElements(lists.allergies, { min: 0, max: 3 }),
      ...faker.helpers.arrayElements(lists.dietaries, { min: 0, max: 3 }),
    ].map((item) => ({ restaurantId: r.id, itemId: item.id })),
  );
}

/** Up to two allergies and up to two dietary preferences each. */
export function generateUserReferences(
  { faker }: SeedContext,
  diners: t.User[],
  lists: ReferenceLists,
): (typeof t.userReferences.$inferInsert)[] {
  return diners.flatMap((u) =>
    [
      ...faker.helpers.arrayElements(lists.allergies, { min: 0, max: 2 }),
      ...faker.helpers.arrayElements(lists.dietaries, { min: 0, max: 2 }),
    ].map((item) => ({ userId: u.id, itemId: item.id })),
  );
}
