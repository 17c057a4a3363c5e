/**
 * The six reference-data screens are one configurable page; the route table passes one of
 * these keys to it.
 */
export type ReferenceEntityKey =
  'bookingTypes' | 'categories' | 'ingredients' | 'allergies' | 'dietaryPreferences' | 'cuisines';
