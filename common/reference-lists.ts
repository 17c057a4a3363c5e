/**
 * The reference lists (booking types, menu categories, menu ingredients, allergies, dietary
 * preferences, cuisines): one entry per list, read by the server (its handlers, queries and
 * exports), the seed, the SPA (screen, route, sidebar, cache tags, audit labels) and the tests.
 *
 * The entry's key is the list's one name in code: its kind in `reference_items`, its audit record
 * type and its cache tag. Everything else the spec or the contract gives (paths, operations, file
 * names, routes, texts) is a field of the entry. Adding a list: docs/architecture.md.
 */
import type { operations, paths } from '../openapi/schema.js';

/** Computed counts: dishes from menu items, users from user_references. */
export type CountsKind =
  'none' | 'categoryDishes' | 'ingredientDishes' | 'restaurantsAndUsers' | 'restaurants';

export type CountColumn = 'restaurantCount' | 'dishesCount' | 'userCount';

/** The count fields of each kind of counts, in the order the screen and the export show them. */
export const COUNT_COLUMNS: Record<CountsKind, readonly CountColumn[]> = {
  none: [],
  categoryDishes: ['restaurantCount', 'dishesCount'],
  ingredientDishes: ['restaurantCount', 'dishesCount'],
  restaurantsAndUsers: ['restaurantCount', 'userCount'],
  restaurants: ['restaurantCount'],
};

/** A count field's column title, on the screen and in the export. */
export const COUNT_TITLES: Record<CountColumn, string> = {
  restaurantCount: 'Restaurants',
  dishesCount: 'Dishes',
  userCount: 'Users',
};

/** One operation of the contract: its path (as the contract writes it) and its operationId. */
interface ContractOperation<Path extends keyof paths = keyof paths> {
  path: Path;
  operationId: keyof operations;
}

/** Texts for a failed call: the server's message wins; `http` when it sent none; `other` when no answer came. */
type FailureText = { http: string; other: string };

export interface ReferenceListDefinition {
  /** Capitalised singular, the subject of the server's messages and the audit record type's label. */
  label: string;
  /** The screen's path under /admin. */
  route: string;
  /** The screen's header title. */
  title: string;
  /** The sidebar entry. */
  menuLabel: string;
  /** The export's file name, before the date: `{exportFile}-YYYY-MM-DD.csv`. */
  exportFile: string;
  /** The list's operations in the contract (methods: GET, POST, PUT, DELETE, GET, GET). */
  operations: {
    list: ContractOperation;
    create: ContractOperation;
    /** Its path ends in `/{id}`, as does delete's. */
    update: ContractOperation;
    delete?: ContractOperation;
    export: ContractOperation<Extract<keyof paths, `/admin/exports/${string}`>>;
    /** Booking types: a second, paged list the contract adds. */
    adminList?: ContractOperation;
  };
  counts: CountsKind;
  hasStatus: boolean;
  hasImage: boolean;
  /** Booking types: loaded once with limit 1000, searched and paged in the browser. */
  localPaging: boolean;
  /** Categories and ingredients send the admin's id as addedById when listing. */
  sendsAddedById: boolean;
  /** Booking types are sent form-encoded; cuisines as multipart; the rest as JSON. */
  encoding: 'form' | 'json' | 'multipart';
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
    /** Also the server's 400 for a blank name (spec 02 §5). */
    nameRequired: string;
    namePlaceholder: string;
  };
  messages: {
    load: FailureText;
    /** Also the server's message. */
    created: string;
    /** Also the server's message. */
    updated: string;
    create: FailureText;
    update: FailureText;
    status: string;
    /** Lists with a delete operation: the server's message and the screen's failure text. */
    deleted?: string;
    delete?: string;
    /** Lists with a delete operation: the confirmation's title and question (`{name}`: the entry's). */
    deleteTitle?: string;
    deleteQuestion?: string;
  };
}

const defaults = {
  hasStatus: true,
  hasImage: false,
  localPaging: false,
  sendsAddedById: false,
  encoding: 'json' as const,
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

/** The lists, in sidebar order. */
const DEFINITIONS = {
  bookingType: {
    ...defaults,
    label: 'Booking type',
    route: 'booking-types',
    title: 'Booking Types Management',
    menuLabel: 'Booking Types',
    exportFile: 'booking-types',
    operations: {
      list: { path: '/bookingTypes', operationId: 'listBookingTypes' },
      create: { path: '/bookingType', operationId: 'createBookingType' },
      update: { path: '/bookingType/{id}', operationId: 'updateBookingType' },
      delete: { path: '/bookingType/{id}', operationId: 'deleteBookingType' },
      export: { path: '/admin/exports/booking-types', operationId: 'exportBookingTypes' },
      adminList: { path: '/admin/booking-types', operationId: 'listAdminBookingTypes' },
    },
    counts: 'none',
    hasStatus: false,
    localPaging: true,
    encoding: 'form',
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
      deleteTitle: 'Delete Booking Type',
      deleteQuestion: 'Are you sure you want to delete the booking type "{name}"?',
    },
  },
  category: {
    ...defaults,
    label: 'Category',
    route: 'categories',
    title: 'Menu Categories Management',
    menuLabel: 'Menu Categories',
    exportFile: 'categories',
    operations: {
      list: { path: '/admin/categories', operationId: 'listCategories' },
      create: { path: '/category', operationId: 'createCategory' },
      update: { path: '/category/{id}', operationId: 'updateCategory' },
      export: { path: '/admin/exports/categories', operationId: 'exportCategories' },
    },
    counts: 'categoryDishes',
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
  ingredient: {
    ...defaults,
    label: 'Ingredient',
    route: 'ingredients',
    title: 'Menu Ingredients Management',
    menuLabel: 'Menu Ingredients',
    exportFile: 'ingredients',
    operations: {
      list: { path: '/admin/ingredients', operationId: 'listIngredients' },
      create: { path: '/ingredient', operationId: 'createIngredient' },
      update: { path: '/ingredient/{id}', operationId: 'updateIngredient' },
      export: { path: '/admin/exports/ingredients', operationId: 'exportIngredients' },
    },
    counts: 'ingredientDishes',
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
  allergy: {
    ...defaults,
    label: 'Allergy',
    route: 'allergies',
    title: 'Allergies Management',
    menuLabel: 'Allergies',
    exportFile: 'allergies',
    operations: {
      list: { path: '/admin/allergies', operationId: 'listAllergies' },
      create: { path: '/allergy', operationId: 'createAllergy' },
      update: { path: '/allergy/{id}', operationId: 'updateAllergy' },
      export: { path: '/admin/exports/allergies', operationId: 'exportAllergies' },
    },
    counts: 'restaurantsAndUsers',
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
  dietary: {
    ...defaults,
    label: 'Dietary preference',
    route: 'preferences',
    title: 'Dietary Preferences Management',
    menuLabel: 'Dietary Preferences',
    exportFile: 'dietary-preferences',
    operations: {
      list: { path: '/admin/dietaries', operationId: 'listDietaries' },
      create: { path: '/dietaries', operationId: 'createDietary' },
      update: { path: '/dietary/{id}', operationId: 'updateDietary' },
      export: { path: '/admin/exports/dietaries', operationId: 'exportDietaries' },
    },
    counts: 'restaurantsAndUsers',
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
      create: { http: 'Failed to create dietary preference', other: 'Failed to add preference' },
      update: { http: 'Failed to update dietary preference', other: 'Failed to edit preference' },
      status: 'Failed to update preference status',
    },
  },
  cuisine: {
    ...defaults,
    label: 'Cuisine',
    route: 'cuisines',
    title: 'Cuisine Management',
    menuLabel: 'Cuisines',
    exportFile: 'cuisines',
    operations: {
      list: { path: '/admin/cuisines', operationId: 'listCuisines' },
      create: { path: '/cuisine', operationId: 'createCuisine' },
      update: { path: '/cuisine/{id}', operationId: 'updateCuisine' },
      export: { path: '/admin/exports/cuisines', operationId: 'exportCuisines' },
    },
    counts: 'restaurants',
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
} satisfies Record<string, ReferenceListDefinition>;

/** A list's one name in code. */
export type ReferenceListKey = keyof typeof DEFINITIONS;

/** A list's entry with its key. */
export type ReferenceList = ReferenceListDefinition & { key: ReferenceListKey };

/** The operationId of a list's operation, as a literal type (for contract-typed calls). */
export type ReferenceOperationId<
  K extends ReferenceListKey,
  Op extends 'list' | 'create' | 'update',
> = (typeof DEFINITIONS)[K]['operations'][Op]['operationId'];

/** The keys in sidebar order. */
export const REFERENCE_LIST_KEYS = Object.keys(DEFINITIONS) as ReferenceListKey[];

export const REFERENCE_LISTS = Object.fromEntries(
  REFERENCE_LIST_KEYS.map((key) => [key, { ...DEFINITIONS[key], key }]),
) as Record<ReferenceListKey, ReferenceList>;

/** An entry's URL for `update`/`delete`: its path with the id in place of `{id}`. */
export const itemPath = (operation: ContractOperation, id: string) =>
  operation.path.replace('{id}', () => id);
