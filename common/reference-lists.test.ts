import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from './reference-lists';

// The spec's words for the six lists it defines (spec 02 §2, §5, §8), written out here once: the
// tests that iterate over the registry take their texts from it, so this pins the registry itself.
const SPEC = {
  bookingType: [
    'Booking type',
    'booking-types',
    'Booking Types Management',
    'Booking Types',
    'booking-types',
    'Booking type name is required',
    'Booking type created successfully',
    'Booking type updated successfully',
  ],
  category: [
    'Category',
    'categories',
    'Menu Categories Management',
    'Menu Categories',
    'categories',
    'Category name is required',
    'Category created successfully',
    'Category updated successfully',
  ],
  ingredient: [
    'Ingredient',
    'ingredients',
    'Menu Ingredients Management',
    'Menu Ingredients',
    'ingredients',
    'Ingredient name is required',
    'Ingredient created successfully',
    'Ingredient updated successfully',
  ],
  allergy: [
    'Allergy',
    'allergies',
    'Allergies Management',
    'Allergies',
    'allergies',
    'Allergy name is required',
    'Allergy created successfully',
    'Allergy updated successfully',
  ],
  dietary: [
    'Dietary preference',
    'preferences',
    'Dietary Preferences Management',
    'Dietary Preferences',
    'dietary-preferences',
    'Preference name is required',
    'Dietary preference created successfully',
    'Dietary preference updated successfully',
  ],
  cuisine: [
    'Cuisine',
    'cuisines',
    'Cuisine Management',
    'Cuisines',
    'cuisines',
    'Cuisine name is required',
    'Cuisine preference created successfully',
    'Cuisine preference updated successfully',
  ],
};

test.each(Object.entries(SPEC))('%s keeps the spec its words', (key, words) => {
  const list = REFERENCE_LISTS[key as keyof typeof SPEC];
  expect([
    list.label,
    list.route,
    list.title,
    list.menuLabel,
    list.exportFile,
    list.texts.nameRequired,
    list.messages.created,
    list.messages.updated,
  ]).toEqual(words);
});

test('each entry carries its key; routes, files and operations are not shared', () => {
  const lists = REFERENCE_LIST_KEYS.map((key) => REFERENCE_LISTS[key]);
  expect(lists.map((list) => list.key)).toEqual(REFERENCE_LIST_KEYS);
  const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
  unique(lists.map((list) => list.route));
  unique(lists.map((list) => list.exportFile));
  unique(
    lists.flatMap((list) => Object.values(list.operations).map((op) => op.operationId as string)),
  );
});

test('a list with a delete operation has its messages; its item paths end in {id}', () => {
  for (const { key, operations, messages } of Object.values(REFERENCE_LISTS)) {
    expect([key, operations.update.path]).toEqual([key, expect.stringMatching(/\/\{id\}$/)]);
    if (operations.delete) {
      expect([key, operations.delete.path]).toEqual([key, operations.update.path]);
      expect([key, messages.deleted, messages.delete, messages.deleteTitle]).toEqual([
        key,
        expect.any(String),
        expect.any(String),
        expect.any(String),
      ]);
      expect([key, messages.deleteQuestion]).toEqual([key, expect.stringContaining('{name}')]);
    }
  }
});
