import type { MenuCsvRow } from './menu-row';
import { compareDecimal, restaurantOf, validateRow, type ValidationContext } from './validate-row';

const RESTAURANT = '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10';
const OTHER = '11111111-2222-4333-8444-555555555555';

const row = (overrides: Partial<MenuCsvRow> = {}): MenuCsvRow => ({
  index: 1,
  itemName: 'Pizza',
  category: 'Mains',
  ingredients: [],
  removableIngredients: [],
  newIngredients: [],
  extraIngredients: [],
  itemPrice: '11.00',
  discountedPrice: '2',
  itemDetail: '',
  media: ['Pizza.JPG'],
  mediaCount: 1,
  restaurant: '',
  cells: {} as MenuCsvRow['cells'],
  ...overrides,
});

const context = (overrides: Partial<ValidationContext> = {}): ValidationContext => ({
  selectedRestaurantId: RESTAURANT,
  defaultRestaurantId: null,
  localFileNames: new Set(['pizza.jpg']),
  ...overrides,
});

test('a good row has no problems; file names match case-insensitively; URLs need no file', () => {
  expect(validateRow(row(), context())).toEqual([]);
  expect(
    validateRow(row({ media: ['https://cdn.example.com/p.png', 'pizza.jpg'] }), context()),
  ).toEqual([]);
});

test('the restaurant comes from the row, else the selected one, else the default', () => {
  expect(restaurantOf(row({ restaurant: OTHER }), context())).toBe(OTHER);
  expect(restaurantOf(row(), context())).toBe(RESTAURANT);
  expect(
    restaurantOf(row(), context({ selectedRestaurantId: null, defaultRestaurantId: OTHER })),
  ).toBe(OTHER);
  expect(validateRow(row(), context({ selectedRestaurantId: null }))).toEqual([
    'Restaurant ID missing (row, selected, or default)',
  ]);
  expect(validateRow(row({ restaurant: 'Luigi' }), context())).toEqual([
    'Invalid restaurant ID: Luigi',
  ]);
});

test('each media file must be a selected local file', () => {
  expect(validateRow(row({ media: ['pizza.jpg', 'side.png', 'top.webp'] }), context())).toEqual([
    'Local image not selected: side.png',
    'Local image not selected: top.webp',
  ]);
  expect(validateRow(row({ media: [] }), context())).toEqual(['Media is required (1 to 5 images)']);
});

test('prices must be numbers ≥ 0 and the discounted price not above the price', () => {
  expect(validateRow(row({ itemPrice: '' }), context())).toEqual(['Item price is required']);
  expect(validateRow(row({ itemPrice: '-1' }), context())).toEqual([
    'Invalid item price: -1 (a number ≥ 0)',
  ]);
  expect(validateRow(row({ itemPrice: 'abc', discountedPrice: '' }), context())).toEqual([
    'Invalid item price: abc (a number ≥ 0)',
  ]);
  expect(validateRow(row({ discountedPrice: 'x' }), context())).toEqual([
    'Invalid discounted price: x (a number ≥ 0)',
  ]);
  expect(validateRow(row({ discountedPrice: '11.01' }), context())).toEqual([
    'Discounted price must not be above the item price',
  ]);
  expect(validateRow(row({ discountedPrice: '11' }), context())).toEqual([]);
  expect(validateRow(row({ discountedPrice: '' }), context())).toEqual([]);
  expect(
    validateRow(
      row({
        extraIngredients: [
          { ingredient: 'Ham', price: '1,5' },
          { ingredient: 'Egg', price: '' },
        ],
      }),
      context(),
    ),
  ).toEqual(['Invalid extra ingredient price: Ham:1,5 (a number ≥ 0)']);
});

test('name and category are required; every problem is listed', () => {
  expect(validateRow(row({ itemName: '', category: '', media: ['x.png'] }), context())).toEqual([
    'Item name is required',
    'Category is required',
    'Local image not selected: x.png',
  ]);
});

test('decimal texts compare exactly', () => {
  expect(compareDecimal('0.3', '0.30')).toBe(0);
  expect(compareDecimal('10', '9.99')).toBe(1);
  expect(compareDecimal('.5', '0.49')).toBe(1);
  expect(compareDecimal('2', '11.00')).toBe(-1);
});

test('a restaurant id that is not a UUID is refused, from the row, the selection or the default', () => {
  for (const bad of ['42', `${RESTAURANT}x`, `x${RESTAURANT}`, RESTAURANT.replace(/-/g, '')]) {
    expect(validateRow(row({ restaurant: bad }), context())).toEqual([
      `Invalid restaurant ID: ${bad}`,
    ]);
    expect(validateRow(row(), context({ selectedRestaurantId: bad }))).toEqual([
      `Invalid restaurant ID: ${bad}`,
    ]);
    expect(
      validateRow(row(), context({ selectedRestaurantId: null, defaultRestaurantId: bad })),
    ).toEqual([`Invalid restaurant ID: ${bad}`]);
  }
  expect(validateRow(row({ restaurant: RESTAURANT.toUpperCase() }), context())).toEqual([]);
});
