/**
 * Checks a CSV row before anything is sent (spec 02 §5): the restaurant (row, else selected,
 * else the configured default), the media (1 to 5; each file name must match a selected local
 * file case-insensitively; URLs are fetched when the row is sent), and the prices.
 */
import type { MenuCsvRow } from './menu-row';

const RESTAURANT_MISSING = 'Restaurant ID missing (row, selected, or default)';
export const localImageMissing = (filename: string) => `Local image not selected: ${filename}`;

export type ValidationContext = {
  selectedRestaurantId?: string | null;
  defaultRestaurantId?: string | null;
  /** Lower-cased names of the selected local image files. */
  localFileNames: ReadonlySet<string>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL = /^\d+(\.\d+)?$|^\.\d+$/;

export const isUrl = (entry: string) => /^https?:\/\//i.test(entry);

/** The restaurant a row goes to: the row's, else the selected one, else the default. */
export function restaurantOf(row: Pick<MenuCsvRow, 'restaurant'>, context: ValidationContext) {
  return row.restaurant || context.selectedRestaurantId || context.defaultRestaurantId || '';
}

/** Compares two non-negative decimal texts exactly (no float arithmetic): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [aWhole, aFraction = ''] = a.split('.');
  const [bWhole, bFraction = ''] = b.split('.');
  const width = Math.max(aFraction.length, bFraction.length);
  const left = BigInt((aWhole || '0') + aFraction.padEnd(width, '0'));
  const right = BigInt((bWhole || '0') + bFraction.padEnd(width, '0'));
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Problems that depend on the row alone: checked once, when the CSV is read. */
export function rowProblems(row: Omit<MenuCsvRow, 'problems'>): string[] {
  const problems: string[] = [];
  if (!row.itemName) problems.push('Item name is required');
  if (!row.category) problems.push('Category is required');
  if (row.restaurant && !UUID.test(row.restaurant)) {
    problems.push(`Invalid restaurant ID: ${row.restaurant}`);
  }
  if (!row.itemPrice) problems.push('Item price is required');
  else if (!DECIMAL.test(row.itemPrice))
    problems.push(`Invalid item price: ${row.itemPrice} (a number ≥ 0)`);
  if (row.discountedPrice && !DECIMAL.test(row.discountedPrice)) {
    problems.push(`Invalid discounted price: ${row.discountedPrice} (a number ≥ 0)`);
  } else if (
    row.discountedPrice &&
    DECIMAL.test(row.itemPrice) &&
    compareDecimal(row.discountedPrice, row.itemPrice) > 0
  ) {
    problems.push('Discounted price must not be above the item price');
  }
  for (const extra of row.extraIngredients) {
    if (!extra.ingredient) problems.push(`Extra ingredient without a name: :${extra.price}`);
    else if (extra.price && !DECIMAL.test(extra.price)) {
      problems.push(
        `Invalid extra ingredient price: ${extra.ingredient}:${extra.price} (a number ≥ 0)`,
      );
    }
  }
  if (row.media.length === 0) problems.push('Media is required (1 to 5 images)');
  return problems;
}

/** Problems that depend on the selected restaurant and files: cheap, checked on every change. */
function contextProblems(row: MenuCsvRow, context: ValidationContext): string[] {
  const problems: string[] = [];
  if (!row.restaurant) {
    const restaurant = restaurantOf(row, context);
    if (!restaurant) problems.push(RESTAURANT_MISSING);
    else if (!UUID.test(restaurant)) problems.push(`Invalid restaurant ID: ${restaurant}`);
  }
  for (const entry of row.media) {
    if (!isUrl(entry) && !context.localFileNames.has(entry.toLowerCase())) {
      problems.push(localImageMissing(entry));
    }
  }
  return problems;
}

/** The row's problems (its own, then the restaurant's and files'); empty when it can be sent. */
export function validateRow(row: MenuCsvRow, context: ValidationContext): string[] {
  const own = row.problems ?? rowProblems(row);
  const more = contextProblems(row, context);
  return more.length ? [...own, ...more] : own;
}
