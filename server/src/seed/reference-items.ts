/** The reference lists and which of their entries restaurants and diners chose. */
import {
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type CountsKind,
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

/** The lists whose counts are of this kind, in the registry's order. */
const keysCounting = (counts: CountsKind) =>
  REFERENCE_LIST_KEYS.filter((key) => REFERENCE_LISTS[key].counts === counts);

/**
 * One or two of each list only restaurants choose (cuisines), then up to three of each list
 * diners choose too (allergies, dietary preferences), each restaurant.
 */
export function generateRestaurantReferences(
  { faker }: SeedContext,
  restaurants: t.Restaurant[],
  lists: ReferenceLists,
): (typeof t.restaurantReferences.$inferInsert)[] {
  const only = keysCounting('restaurants');
  const withUsers = keysCounting('restaurantsAndUsers');
  return restaurants.flatMap((r) =>
    [
      ...only.flatMap((key) => faker.helpers.arrayElements(lists[key], { min: 1, max: 2 })),
      ...withUsers.flatMap((key) => faker.helpers.arrayElements(lists[key], { min: 0, max: 3 })),
    ].map((item) => ({ restaurantId: r.id, itemId: item.id })),
  );
}

/** Up to two of each list diners choose (allergies, dietary preferences), each diner. */
export function generateUserReferences(
  { faker }: SeedContext,
  diners: t.User[],
  lists: ReferenceLists,
): (typeof t.userReferences.$inferInsert)[] {
  const withUsers = keysCounting('restaurantsAndUsers');
  return diners.flatMap((u) =>
    withUsers
      .flatMap((key) => faker.helpers.arrayElements(lists[key], { min: 0, max: 2 }))
      .map((item) => ({ userId: u.id, itemId: item.id })),
  );
}
