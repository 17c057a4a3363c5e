import { Typography } from 'antd';
import { MAX_MEDIA } from './menu-csv';
import { MENU_CSV_COLUMNS } from './menu-row';

/** The CSV format notes beside the row table. */
export function FormatNotes() {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
      <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label="CSV format notes">
        <li>
          Columns (first row): <Typography.Text code>{MENU_CSV_COLUMNS.join(', ')}</Typography.Text>
          . Empty rows are skipped.
        </li>
        <li>
          ingredients, removableIngredients, newIngredients: names separated by comma or pipe (|),
          e.g. Tomato|Mozzarella. Quote a cell that contains commas. category and the ingredients
          must exist; newIngredients are created.
        </li>
        <li>
          extraIngredients: name:price pairs separated by comma or pipe, e.g.
          Parmesan:1.50|Mushroom:0.95; a missing price is 0.
        </li>
        <li>
          itemPrice, discountedPrice: numbers ≥ 0 in the restaurant&apos;s currency, e.g. 11.00;
          discountedPrice may be empty and must not be above itemPrice.
        </li>
        <li>
          media: 1 to {MAX_MEDIA} image file names (select the files above; matched ignoring case)
          or full URLs, separated by commas; at most {MAX_MEDIA} are kept.
        </li>
        <li>restaurant: a restaurant ID; when empty, the selected restaurant is used.</li>
      </ul>
    </Typography.Paragraph>
  );
}
