/**
 * The bulk uploader's CSV: the 11 columns of spec 02 §3, the template, and the rules that turn
 * a parsed table (string[][], from papaparse) into rows: empty rows skipped, lists split on comma
 * or pipe, extra ingredients as name:price pairs (missing price → 0), at most 5 media kept.
 */
import { splitList, stripBom, toCsv } from '../../lib/csv';
import {
  MENU_CSV_COLUMNS,
  type ExtraIngredient,
  type MenuCsvColumn,
  type MenuCsvRow,
} from './menu-row';
import { rowProblems } from './validate-row';

export const MAX_MEDIA = 5;
export const TEMPLATE_FILE_NAME = 'menu_template.csv';

/** The spec's example row: price 11.00, discounted price 2, extras priced 1.50 and 0.95. */
const TEMPLATE_EXAMPLE: Record<MenuCsvColumn, string> = {
  itemName: 'Margherita Pizza',
  category: 'Mains',
  ingredients: 'Tomato|Mozzarella|Basil',
  removableIngredients: 'Basil',
  newIngredients: 'Oregano',
  extraIngredients: 'Parmesan:1.50|Mushroom:0.95',
  itemPrice: '11.00',
  discountedPrice: '2',
  itemDetail: 'Wood-fired pizza with tomato, mozzarella and fresh basil',
  media: 'margherita-1.jpg,margherita-2.jpg',
  restaurant: '',
};

export function menuTemplateCsv(): string {
  return toCsv([[...MENU_CSV_COLUMNS], MENU_CSV_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column])]);
}

/** Extra ingredients "Cheese:1.50|Bacon" → [{Cheese, '1.50'}, {Bacon, ''}]. */
export function splitExtras(cell: string | undefined): ExtraIngredient[] {
  return splitList(cell).map((entry) => {
    const colon = entry.lastIndexOf(':');
    if (colon < 0) return { ingredient: entry, price: '' };
    return { ingredient: entry.slice(0, colon).trim(), price: entry.slice(colon + 1).trim() };
  });
}

class CsvFormatError extends Error {}

/**
 * Turns a parsed table (header row first) into menu rows. Headers are matched case-insensitively
 * and may come in any order; rows whose cells are all blank are skipped. Throws CsvFormatError
 * when a required column is missing.
 */
export function rowsFromTable(table: readonly (readonly string[])[]): MenuCsvRow[] {
  const [header, ...body] = table;
  if (!header) throw new CsvFormatError('The file is empty');
  const position = new Map<string, number>();
  header.forEach((name, i) =>
    position.set(
      stripBom(String(name ?? ''))
        .trim()
        .toLowerCase(),
      i,
    ),
  );
  const required: MenuCsvColumn[] = ['itemName', 'category', 'itemPrice'];
  const missing = required.filter((column) => !position.has(column.toLowerCase()));
  if (missing.length) throw new CsvFormatError(`Missing column(s): ${missing.join(', ')}`);
  const columnIndex = MENU_CSV_COLUMNS.map((column) => position.get(column.toLowerCase()));

  const rows: MenuCsvRow[] = [];
  for (const line of body) {
    if (!line.some((cell) => String(cell ?? '').trim() !== '')) continue;
    const cells = {} as Record<MenuCsvColumn, string>;
    MENU_CSV_COLUMNS.forEach((column, i) => {
      const at = columnIndex[i];
      cells[column] = at === undefined ? '' : String(line[at] ?? '').trim();
    });
    const media = splitList(cells.media);
    const row: MenuCsvRow = {
      index: rows.length + 1,
      itemName: cells.itemName,
      category: cells.category,
      ingredients: splitList(cells.ingredients),
      removableIngredients: splitList(cells.removableIngredients),
      newIngredients: splitList(cells.newIngredients),
      extraIngredients: splitExtras(cells.extraIngredients),
      itemPrice: cells.itemPrice,
      discountedPrice: cells.discountedPrice,
      itemDetail: cells.itemDetail,
      media: media.slice(0, MAX_MEDIA),
      mediaCount: media.length,
      restaurant: cells.restaurant,
      cells,
    };
    row.problems = rowProblems(row);
    rows.push(row);
  }
  return rows;
}

/** The given rows back as CSV (header plus one line per row), formula-escaped. */
export function rowsToCsv(rows: readonly Pick<MenuCsvRow, 'cells'>[]): string {
  return toCsv([
    [...MENU_CSV_COLUMNS],
    ...rows.map((row) => MENU_CSV_COLUMNS.map((c) => row.cells[c])),
  ]);
}
