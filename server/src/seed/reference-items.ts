/** The reference lists and which of their entries restaurants and diners chose. */
import {
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceListKey,
} from '../../../common/reference-lists.js';
import type * as t from '../db/schema.js';
import type { SeedContext } from './context.js';
import { REFERENCE_NAMES } from './reference-names.js';

type ReferenceItem = typeof t.referenceItems.$inferInsert & { id: string; name: string };

export type ReferenceLists = Record<ReferenceListKey, ReferenceItem[]>;

/** Every list of the registry with its names; the last entry of a list with a status is inactive. */
export function generateReferenceLists(ctx: SeedContext, addedById: string): ReferenceLists {
  const list = (kind: ReferenceListKey): ReferenceItem[] =>
    REFERENCE_NAMES[kind].map((name, i, entries) => ({
      id: ctx.uuid(),
      kind,
      name,
      status: !REFERENCE_LISTS[kind].hasStatus || i !== entries.length - 1,
      imageId: null,
      addedById,
      createdAt: ctx.pastDate(200),
    }));
  return Object.fromEntries(REFERENCE_LIST_KEYS.map((key) => [key, list(key)])) as ReferenceLists;
}

/** One or two cuisines, up to three allergies and up to three dietary preferences each. */
export function generateRestaurantReferences(
  { faker }: SeedContext,
  restaurants: t.Restaurant[],
  lists: ReferenceLists,
): (typeof t.restaurantReferences.$inferInsert)[] {
  return restaurants.flatMap((r) =>
    [
      ...faker.helpers.arrayElements(lists.cuisine, { min: 1, max: 2 }),
      ...faker.helpers.arrayElements(lists.allergy, { min: 0, max: 3 }),
      ...faker.helpers.arrayElements(lists.dietary, { min: 0, max: 3 }),
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
      ...faker.helpers.arrayElements(lists.allergy, { min: 0, max: 2 }),
      ...faker.helpers.arrayElements(lists.dietary, { min: 0, max: 2 }),
    ].map((item) => ({ userId: u.id, itemId: item.id })),
  );
}
