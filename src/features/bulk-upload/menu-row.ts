/** A menu CSV row: the 11 columns of spec 02 §3 and a data row as read. */

export const MENU_CSV_COLUMNS = [
  'itemName',
  'category',
  'ingredients',
  'removableIngredients',
  'newIngredients',
  'extraIngredients',
  'itemPrice',
  'discountedPrice',
  'itemDetail',
  'media',
  'restaurant',
] as const;

export type MenuCsvColumn = (typeof MENU_CSV_COLUMNS)[number];

export type ExtraIngredient = {
  ingredient: string;
  /** The price text as written ('' when missing, which counts as 0). */
  price: string;
};

/** One CSV data row, cells trimmed and lists split. */
export type MenuCsvRow = {
  /** 1-based position among the data rows (the table's #). */
  index: number;
  itemName: string;
  category: string;
  ingredients: string[];
  removableIngredients: string[];
  newIngredients: string[];
  extraIngredients: ExtraIngredient[];
  itemPrice: string;
  discountedPrice: string;
  itemDetail: string;
  /** File names or URLs, at most 5. */
  media: string[];
  /** How many media entries the cell held (more than 5 are dropped). */
  mediaCount: number;
  restaurant: string;
  /** The row's cells by column, as read (for downloading failed rows). */
  cells: Record<MenuCsvColumn, string>;
  /** Problems of the row itself (rowProblems), found when it was read. */
  problems?: string[];
};
