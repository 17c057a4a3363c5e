/**
 * The six reference lists differ only in this configuration: their kind in reference_items, the
 * words of their messages, which computed counts they carry, and whether they have a status or
 * an image. One module (./service.ts) serves them all.
 */
export type ReferenceKind =
  'bookingType' | 'category' | 'ingredient' | 'allergy' | 'dietary' | 'cuisine';

/** Computed counts: dishes from menu items, users from user_references. */
export type CountsKind =
  'none' | 'categoryDishes' | 'ingredientDishes' | 'restaurantsAndUsers' | 'restaurants';

export type ReferenceConfig = {
  kind: ReferenceKind;
  /** Capitalised singular, the subject of messages: "Booking type", "Cuisine". */
  label: string;
  /** The spec's message for a blank name (spec 02 §5). */
  nameRequired: string;
  created: string;
  updated: string;
  counts: CountsKind;
  hasStatus: boolean;
  hasImage: boolean;
};

export const REFERENCE_CONFIG: Record<ReferenceKind, ReferenceConfig> = {
  bookingType: {
    kind: 'bookingType',
    label: 'Booking type',
    nameRequired: 'Booking type name is required',
    created: 'Booking type created successfully',
    updated: 'Booking type updated successfully',
    counts: 'none',
    hasStatus: false,
    hasImage: false,
  },
  category: {
    kind: 'category',
    label: 'Category',
    nameRequired: 'Category name is required',
    created: 'Category created successfully',
    updated: 'Category updated successfully',
    counts: 'categoryDishes',
    hasStatus: true,
    hasImage: false,
  },
  ingredient: {
    kind: 'ingredient',
    label: 'Ingredient',
    nameRequired: 'Ingredient name is required',
    created: 'Ingredient created successfully',
    updated: 'Ingredient updated successfully',
    counts: 'ingredientDishes',
    hasStatus: true,
    hasImage: false,
  },
  allergy: {
    kind: 'allergy',
    label: 'Allergy',
    nameRequired: 'Allergy name is required',
    created: 'Allergy created successfully',
    updated: 'Allergy updated successfully',
    counts: 'restaurantsAndUsers',
    hasStatus: true,
    hasImage: false,
  },
  dietary: {
    kind: 'dietary',
    label: 'Dietary preference',
    nameRequired: 'Preference name is required',
    created: 'Dietary preference created successfully',
    updated: 'Dietary preference updated successfully',
    counts: 'restaurantsAndUsers',
    hasStatus: true,
    hasImage: false,
  },
  cuisine: {
    kind: 'cuisine',
    label: 'Cuisine',
    nameRequired: 'Cuisine name is required',
    created: 'Cuisine preference created successfully',
    updated: 'Cuisine preference updated successfully',
    counts: 'restaurants',
    hasStatus: true,
    hasImage: true,
  },
};
