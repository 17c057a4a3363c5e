/** Names of the seeded reference lists (realistic, fixed, so tests can rely on them). */
import type { ReferenceListKey } from '../../../common/reference-lists.js';

export const BOOKING_TYPES = [
  'Dine-in',
  'Takeaway',
  'Private Dining',
  'Birthday',
  'Business Lunch',
  'Date Night',
];
const CATEGORIES = [
  'Starters',
  'Mains',
  'Desserts',
  'Drinks',
  'Sides',
  'Salads',
  'Soups',
  'Breakfast',
  'Kids Menu',
  'Specials',
  'Seafood',
  'Grill',
];
const INGREDIENTS = [
  'Tomato',
  'Basil',
  'Mozzarella',
  'Garlic',
  'Onion',
  'Chicken',
  'Beef',
  'Salmon',
  'Rice',
  'Lettuce',
  'Cucumber',
  'Avocado',
  'Cheddar',
  'Bacon',
  'Mushroom',
  'Spinach',
  'Egg',
  'Potato',
  'Chili',
  'Lime',
  'Coriander',
  'Parmesan',
  'Olive Oil',
  'Lemon',
  'Soy Sauce',
  'Ginger',
  'Tofu',
  'Pepper',
  'Shrimp',
  'Honey',
];
const ALLERGIES = [
  'Peanuts',
  'Tree Nuts',
  'Gluten',
  'Dairy',
  'Eggs',
  'Shellfish',
  'Fish',
  'Soy',
  'Sesame',
  'Mustard',
  'Celery',
];
const DIETARIES = [
  'Vegan',
  'Vegetarian',
  'Halal',
  'Kosher',
  'Gluten-Free',
  'Keto',
  'Pescatarian',
  'Dairy-Free',
];
const CUISINES = [
  'Italian',
  'Japanese',
  'Mexican',
  'Indian',
  'French',
  'Thai',
  'Chinese',
  'Greek',
  'Spanish',
  'Lebanese',
  'Korean',
  'American',
];
/** Each reference list's seeded entries, in order (the last one of a list with a status is inactive). */
export const REFERENCE_NAMES: Record<ReferenceListKey, readonly string[]> = {
  bookingType: BOOKING_TYPES,
  category: CATEGORIES,
  ingredient: INGREDIENTS,
  allergy: ALLERGIES,
  dietary: DIETARIES,
  cuisine: CUISINES,
};

export const STAFF_SUB_ROLES = [
  'kitchen staff',
  'accounting staff',
  'booking staff',
  'manager',
  'other',
] as const;
export const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'JPY', 'USD', 'EUR', 'AUD'] as const;
