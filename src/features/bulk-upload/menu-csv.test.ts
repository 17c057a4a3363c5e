import { menuTemplateCsv, rowsFromTable, rowsToCsv, splitExtras } from './menu-csv';
import { MENU_CSV_COLUMNS } from './menu-row';
import { parseMenuCsvText } from './parse-csv';

const HEADER = MENU_CSV_COLUMNS.join(',');

test('the template has the 11 columns and the spec example row', async () => {
  const text = menuTemplateCsv();
  expect(text.split('\r\n')[0]).toBe(
    'itemName,category,ingredients,removableIngredients,newIngredients,extraIngredients,itemPrice,discountedPrice,itemDetail,media,restaurant',
  );
  const [row] = await parseMenuCsvText(text);
  expect(row.itemPrice).toBe('11.00');
  expect(row.discountedPrice).toBe('2');
  expect(row.extraIngredients.map((e) => e.price)).toEqual(['1.50', '0.95']);
  expect(row.media.length).toBeGreaterThanOrEqual(1);
});

test('extra ingredients are name:price pairs; a missing price is empty (counts as 0)', () => {
  expect(splitExtras('Cheese:1.50|Bacon, Egg : 0.5')).toEqual([
    { ingredient: 'Cheese', price: '1.50' },
    { ingredient: 'Bacon', price: '' },
    { ingredient: 'Egg', price: '0.5' },
  ]);
});

test('rows: lists split on comma or pipe, cells trimmed, at most 5 media kept', async () => {
  const text = [
    HEADER,
    ' Pizza ,Mains,"Tomato,Basil|Garlic",Basil,Oregano,"Cheese:1.5|Ham",11,2,"Thin, crisp",' +
      '"a.jpg,b.jpg|c.jpg,d.jpg,e.jpg,f.jpg",',
  ].join('\n');
  const [row] = await parseMenuCsvText(text);
  expect(row).toMatchObject({
    index: 1,
    itemName: 'Pizza',
    ingredients: ['Tomato', 'Basil', 'Garlic'],
    removableIngredients: ['Basil'],
    newIngredients: ['Oregano'],
    extraIngredients: [
      { ingredient: 'Cheese', price: '1.5' },
      { ingredient: 'Ham', price: '' },
    ],
    itemPrice: '11',
    discountedPrice: '2',
    itemDetail: 'Thin, crisp',
    media: ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'],
    mediaCount: 6,
    restaurant: '',
  });
});

test('a BOM, CRLF line ends, empty rows and reordered, differently cased headers are handled', async () => {
  const text =
    '\ufeffCategory,ITEMNAME,itemPrice,media\r\nMains,Soup,4,s.png\r\n\r\n,,,\r\n  ,  , ,\r\nDrinks,Tea,2,t.png\r\n';
  const rows = await parseMenuCsvText(text);
  expect(rows.map((r) => [r.index, r.itemName, r.category, r.itemPrice])).toEqual([
    [1, 'Soup', 'Mains', '4'],
    [2, 'Tea', 'Drinks', '2'],
  ]);
  expect(rows[0].ingredients).toEqual([]);
  expect(rows[0].extraIngredients).toEqual([]);
});

test('a file without the required columns, or an empty one, is a parse error', async () => {
  await expect(parseMenuCsvText('name,price\nPizza,3\n')).rejects.toThrow(
    'Missing column(s): itemName, category, itemPrice',
  );
  await expect(parseMenuCsvText('')).rejects.toThrow('The file is empty');
  expect(() => rowsFromTable([])).toThrow('The file is empty');
});

test('an unclosed quote is a parse error', async () => {
  await expect(parseMenuCsvText(`${HEADER}\n"Pizza,Mains,,,,,11,,,a.jpg,\n`)).rejects.toThrow(
    /quote/i,
  );
});

test('failed rows go back to CSV as read, formula cells escaped', async () => {
  const [row] = await parseMenuCsvText(`${HEADER}\n=HYPERLINK("x"),Mains,,,,,-1,,"a,b",a.jpg,\n`);
  const text = rowsToCsv([row]);
  // The formula is escaped; the negative price is a number and comes back exactly as read.
  expect(text.split('\r\n')[1]).toBe('"\'=HYPERLINK(""x"")",Mains,,,,,-1,,"a,b",a.jpg,');
});

test("each row's own problems are found when it is read", async () => {
  const rows = await parseMenuCsvText(
    `${HEADER}\nPizza,Mains,,,,,5,9,,a.jpg,\nSoup,Mains,,,,,4,,,,not-an-id\n`,
  );
  expect(rows.map((r) => r.problems)).toEqual([
    ['Discounted price must not be above the item price'],
    ['Invalid restaurant ID: not-an-id', 'Media is required (1 to 5 images)'],
  ]);
});
