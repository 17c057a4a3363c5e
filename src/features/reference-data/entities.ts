/**
 * What differs between the six reference-data screens (spec 02 §2, §5, §8): texts, columns,
 * endpoints and a few behaviours. The one page (reference-data-page.tsx) reads this.
 */
import type {
  Allergy,
  BookingType,
  Category,
  Cuisine,
  DietaryPreference,
  Ingredient,
} from '../../api/types';
import type { ReferenceEntityKey } from './reference-entity';

export type ReferenceRow =
  BookingType | Category | Ingredient | Allergy | DietaryPreference | Cuisine;
type ReferenceTag = 'BookingType' | 'Category' | 'Ingredient' | 'Allergy' | 'Dietary' | 'Cuisine';
export type CountColumn = 'restaurantCount' | 'dishesCount' | 'userCount';

/** Texts for a failed call: the server's message wins; `http` when it sent none; `other` when no answer came. */
type FailureText = { http: string; other: string };

export interface ReferenceEntityConfig {
  key: ReferenceEntityKey;
  tag: ReferenceTag;
  listUrl: string;
  createUrl: string;
  itemUrl: (id: string) => string;
  /** Count columns after Created Date, in order. */
  counts: readonly CountColumn[];
  hasStatus: boolean;
  hasImage: boolean;
  /** Booking types: loaded once with limit 1000, searched and paged in the browser. */
  localPaging: boolean;
  /** Categories and ingredients send the admin's id as addedById when listing. */
  sendsAddedById: boolean;
  /** Booking types are sent form-encoded; cuisines as multipart; the rest as JSON. */
  encoding: 'form' | 'json' | 'multipart';
  canDelete: boolean;
  /** Toast lifetime in seconds. */
  toastSeconds: number;
  /** "Retry" goes back to page 1 and loads again; "Try Again" reloads the whole page. */
  retry: 'first-page' | 'reload';
  texts: {
    searchPlaceholder: string;
    addButton: string;
    loading: string;
    empty: string;
    addTitle: string;
    editTitle: string;
    addSubmit: string;
    addBusy: string;
    editSubmit: string;
    editBusy: string;
    nameRequired: string;
    namePlaceholder: string;
  };
  messages: {
    load: FailureText;
    created: string;
    updated: string;
    create: FailureText;
    update: FailureText;
    status: string;
    deleted?: string;
    delete?: string;
  };
}

const defaults = {
  counts: [] as readonly CountColumn[],
  hasStatus: true,
  hasImage: false,
  localPaging: false,
  sendsAddedById: false,
  encoding: 'json' as const,
  canDelete: false,
  toastSeconds: 3,
  retry: 'first-page' as const,
};

/** Texts shared by the simple lists: "Add Category", "Category name is required", ... */
function simpleTexts(singular: string, plural: string, titles?: { add: string; edit: string }) {
  return {
    searchPlaceholder: `Search ${plural.toLowerCase()}...`,
    addButton: `+ ${titles?.add ?? `Add ${singular}`}`,
    loading: `Loading ${plural.toLowerCase()}...`,
    empty: `No ${plural.toLowerCase()} found`,
    addTitle: titles?.add ?? `Add ${singular}`,
    editTitle: titles?.edit ?? `Edit ${singular}`,
    addSubmit: 'Add',
    addBusy: 'Adding...',
    editSubmit: 'Update',
    editBusy: 'Updating...',
    nameRequired: `${singular} name is required`,
    namePlaceholder: `${singular} name`,
  };
}

export const REFERENCE_ENTITIES: Record<ReferenceEntityKey, ReferenceEntityConfig> = {
  bookingTypes: {
    ...defaults,
    key: 'bookingTypes',
    tag: 'BookingType',
    listUrl: '/bookingTypes',
    createUrl: '/bookingType',
    itemUrl: (id) => `/bookingType/${id}`,
    hasStatus: false,
    localPaging: true,
    encoding: 'form',
    canDelete: true,
    toastSeconds: 5,
    retry: 'reload',
    texts: simpleTexts('Booking type', 'booking types', {
      add: 'Add Booking Type',
      edit: 'Edit Booking Type',
    }),
    messages: {
      load: {
        http: 'Failed to fetch booking types',
        other: 'Failed to load booking types. Please try again later.',
      },
      created: 'Booking type created successfully',
      updated: 'Booking type updated successfully',
      create: { http: 'Failed to create booking type', other: 'Failed to add booking type' },
      update: { http: 'Failed to update booking type', other: 'Failed to update booking type' },
      status: '',
      deleted: 'Booking type deleted successfully',
      delete: 'Failed to delete booking type',
    },
  },
  categories: {
    ...defaults,
    key: 'categories',
    tag: 'Category',
    listUrl: '/admin/categories',
    createUrl: '/category',
    itemUrl: (id) => `/category/${id}`,
    counts: ['restaurantCount', 'dishesCount'],
    sendsAddedById: true,
    texts: simpleTexts('Category', 'Categories'),
    messages: {
      load: {
        http: 'Failed to load categories. Please try again later.',
        other: 'Failed to load categories. Please try again later.',
      },
      created: 'Category created successfully',
      updated: 'Category updated successfully',
      create: { http: 'Failed to create category', other: 'Failed to add category' },
      update: { http: 'Failed to update category', other: 'Failed to edit category' },
      status: 'Failed to update category status',
    },
  },
  ingredients: {
    ...defaults,
    key: 'ingredients',
    tag: 'Ingredient',
    listUrl: '/admin/ingredients',
    createUrl: '/ingredient',
    itemUrl: (id) => `/ingredient/${id}`,
    counts: ['restaurantCount', 'dishesCount'],
    sendsAddedById: true,
    texts: simpleTexts('Ingredient', 'Ingredients'),
    messages: {
      load: {
        http: 'Failed to load ingredients. Please try again later.',
        other: 'Failed to load ingredients. Please try again later.',
      },
      created: 'Ingredient created successfully',
      updated: 'Ingredient updated successfully',
      create: { http: 'Failed to create ingredient', other: 'Failed to add ingredient' },
      update: { http: 'Failed to update ingredient', other: 'Failed to edit ingredient' },
      status: 'Failed to update ingredient status',
    },
  },
  allergies: {
    ...defaults,
    key: 'allergies',
    tag: 'Allergy',
    listUrl: '/admin/allergies',
    createUrl: '/allergy',
    itemUrl: (id) => `/allergy/${id}`,
    counts: ['restaurantCount', 'userCount'],
    texts: simpleTexts('Allergy', 'Allergies'),
    messages: {
      load: {
        http: 'Failed to load allergies. Please try again later.',
        other: 'Failed to load allergies. Please try again later.',
      },
      created: 'Allergy created successfully',
      updated: 'Allergy updated successfully',
      create: { http: 'Failed to create allergy', other: 'Failed to add allergy' },
      update: { http: 'Failed to update allergy', other: 'Failed to edit allergy' },
      status: 'Failed to update allergy status',
    },
  },
  dietaryPreferences: {
    ...defaults,
    key: 'dietaryPreferences',
    tag: 'Dietary',
    listUrl: '/admin/dietaries',
    createUrl: '/dietaries',
    itemUrl: (id) => `/dietary/${id}`,
    counts: ['restaurantCount', 'userCount'],
    texts: simpleTexts('Preference', 'Preferences', {
      add: 'Add Preference',
      edit: 'Edit Dietary Preference',
    }),
    messages: {
      load: {
        http: 'Failed to load preferences. Please try again later.',
        other: 'Failed to load preferences. Please try again later.',
      },
      created: 'Dietary preference created successfully',
      updated: 'Dietary preference updated successfully',
      create: {
        http: 'Failed to create dietary preference',
        other: 'Failed to add preference',
      },
      update: {
        http: 'Failed to update dietary preference',
        other: 'Failed to edit preference',
      },
      status: 'Failed to update preference status',
    },
  },
  cuisines: {
    ...defaults,
    key: 'cuisines',
    tag: 'Cuisine',
    listUrl: '/admin/cuisines',
    createUrl: '/cuisine',
    itemUrl: (id) => `/cuisine/${id}`,
    counts: ['restaurantCount'],
    hasImage: true,
    encoding: 'multipart',
    texts: {
      ...simpleTexts('Cuisine', 'Cuisines'),
      addButton: '+ Add Cuisine',
      addTitle: 'Add New Cuisine',
      editTitle: 'Edit Cuisine',
      addSubmit: 'Add Cuisine',
      editSubmit: 'Update Cuisine',
    },
    messages: {
      load: {
        http: 'Failed to fetch cuisines',
        other: 'Failed to load cuisines. Please try again later.',
      },
      created: 'Cuisine preference created successfully',
      updated: 'Cuisine preference updated successfully',
      create: { http: 'Failed to create cuisine preference', other: 'Failed to add cuisine' },
      update: { http: 'Failed to update cuisine preference', other: 'Failed to update cuisine' },
      status: 'Failed to update cuisine status',
    },
  },
};

export const COUNT_TITLES: Record<CountColumn, string> = {
  restaurantCount: 'Restaurants',
  dishesCount: 'Dishes',
  userCount: 'Users',
};
