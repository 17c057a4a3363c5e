import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api/fake-api';
import { menuFake } from '../../test/fake-api/menu';
import { adminUser } from '../../test/fake-api/session';
import { renderApp } from '../../test/render-app';
import { MENU_CSV_COLUMNS } from './menu-row';
import { rowOf } from '../../test/screen';

const RESTAURANT = '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a11';

/** The restaurant Luigi, whose menu has the categories Mains and Salads (not Pastries). */
function menuServer() {
  const api = fakeApi(
    menuFake({
      restaurants: [{ _id: RESTAURANT, name: 'Luigi', currency: 'EUR' }],
      categories: ['Mains', 'Salads'],
    }),
  );
  return {
    ...api,
    posts: () => api.callsOf('createMenuItem').map((call) => call.body as FormData),
  };
}

const line = (cells: Partial<Record<(typeof MENU_CSV_COLUMNS)[number], string>>) =>
  MENU_CSV_COLUMNS.map((c) => {
    const v = cells[c] ?? '';
    return /[,"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');

const CSV = [
  MENU_CSV_COLUMNS.join(','),
  line({
    itemName: 'Pizza',
    category: 'Mains',
    ingredients: 'Tomato|Basil',
    extraIngredients: 'Parmesan:1.50,Ham',
    itemPrice: '11.00',
    discountedPrice: '2',
    media: 'pizza.JPG',
    restaurant: RESTAURANT,
  }),
  line({
    itemName: 'Salad',
    category: 'Salads',
    itemPrice: '7',
    media: 'salad.png',
    restaurant: RESTAURANT,
  }),
  line({
    itemName: 'Croissant',
    category: 'Pastries',
    itemPrice: '3',
    media: 'pizza.jpg',
    restaurant: RESTAURANT,
  }),
].join('\r\n');

const file = (name: string, text: string, type = 'text/csv') => new File([text], name, { type });

async function openPage() {
  const view = renderApp('/admin/bulk-menu-upload', { storedUser: adminUser });
  await screen.findByRole('button', { name: /Start Upload/ });
  return view;
}

const chooseFiles = async (label: string, files: File[]) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { files } });
  });
};

test('empty state, the format notes, and Start Upload disabled until a CSV is loaded', async () => {
  menuServer();
  await openPage();
  expect(
    screen.getByText('No CSV loaded yet. Download the template to see required columns.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Please load a CSV first.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Start Upload/ })).toBeDisabled();
  for (const header of ['#', 'Item', 'Category', 'Price', 'Media', 'Status', 'Message']) {
    expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  }
  expect(screen.getByRole('list', { name: 'CSV format notes' })).toHaveTextContent(
    'Parmesan:1.50|Mushroom:0.95',
  );
});

test('the template downloads as menu_template.csv with the 11 columns and the example row', async () => {
  menuServer();
  const blobs: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:template';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  const clicked: HTMLAnchorElement[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  await openPage();
  fireEvent.click(screen.getByRole('button', { name: /Download CSV template/ }));
  expect(clicked[0].download).toBe('menu_template.csv');
  const text = await blobs[0].text();
  expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(MENU_CSV_COLUMNS.join(','));
  expect(text).toContain('11.00,2,');
  expect(text).toContain('Parmesan:1.50|Mushroom:0.95');
  click.mockRestore();
});

test('a CSV that cannot be read shows the parse error', async () => {
  menuServer();
  await openPage();
  await chooseFiles('2. CSV file', [file('bad.csv', 'name,price\nPizza,3\n')]);
  expect(
    await screen.findByText('CSV parse error: Missing column(s): itemName, category, itemPrice'),
  ).toBeInTheDocument();
});

test('rows are checked before sending, uploaded one by one, and only failed rows are retried', async () => {
  const api = menuServer();
  await openPage();
  await chooseFiles('2. CSV file', [file('menu.csv', CSV)]);
  await screen.findByText('Pizza');
  // Before images are chosen every row shows what is missing.
  expect(
    within(rowOf('Pizza')).getByText('Local image not selected: pizza.JPG'),
  ).toBeInTheDocument();
  expect(screen.getByText('3 rows have problems; they will fail.')).toBeInTheDocument();
  await chooseFiles('4. Images', [file('PIZZA.jpg', 'x', 'image/jpeg')]);
  expect(within(rowOf('Pizza')).queryByText(/Local image not selected/)).not.toBeInTheDocument();
  expect(
    within(rowOf('Salad')).getByText('Local image not selected: salad.png'),
  ).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: /Start Upload/ }));
  expect(await screen.findByText('Upload finished: 1 succeeded, 2 failed.')).toBeInTheDocument();
  expect(within(rowOf('Pizza')).getByText('Done')).toBeInTheDocument();
  expect(within(rowOf('Pizza')).getByText('Success')).toBeInTheDocument();
  expect(await screen.findByText('1 row has problems; they will fail.')).toBeInTheDocument();
  expect(within(rowOf('Salad')).getByText('Error')).toBeInTheDocument();
  expect(
    within(rowOf('Salad')).getByText('Local image not selected: salad.png'),
  ).toBeInTheDocument();
  expect(
    within(rowOf('Croissant')).getByText('category: the category "Pastries" does not exist'),
  ).toBeInTheDocument();

  // The invalid row was never sent; the good one went with the contract's field names.
  const [pizza, croissant] = api.posts();
  expect(api.posts()).toHaveLength(2);
  expect(pizza.get('itemName')).toBe('Pizza');
  expect(pizza.get('restaurant')).toBe(RESTAURANT);
  expect(pizza.getAll('ingredients[]')).toEqual(['Tomato', 'Basil']);
  expect(pizza.getAll('extraIngredients')).toEqual([
    JSON.stringify({ ingredient: 'Parmesan', ingredientPrice: 1.5 }),
    JSON.stringify({ ingredient: 'Ham', ingredientPrice: 0 }),
  ]);
  expect(pizza.get('itemPrice')).toBe('11.00');
  expect(pizza.get('discountedPrice')).toBe('2');
  expect((pizza.getAll('media')[0] as File).name).toBe('PIZZA.jpg');
  expect(croissant.get('itemName')).toBe('Croissant');

  // Select the missing image and retry: only the two failed rows are sent again.
  await chooseFiles('4. Images', [
    file('pizza.jpg', 'x', 'image/jpeg'),
    file('salad.png', 'y', 'image/png'),
  ]);
  fireEvent.click(screen.getByRole('button', { name: /Retry failed rows/ }));
  expect(await screen.findByText('Upload finished: 1 succeeded, 1 failed.')).toBeInTheDocument();
  expect(
    api
      .posts()
      .slice(2)
      .map((form) => form.get('itemName')),
  ).toEqual(['Salad', 'Croissant']);
  expect(within(rowOf('Salad')).getByText('Done')).toBeInTheDocument();
  expect(within(rowOf('Pizza')).getByText('Done')).toBeInTheDocument();
});

test('a row the server answers 503 (busy: nothing written) is sent again after Retry-After, and fails after three more', async () => {
  const api = menuServer();
  const BUSY = 'The server is receiving as many uploads as it can now; try again in a few seconds';
  let busyAnswers = 2;
  api.on('createMenuItem', async () =>
    busyAnswers-- > 0
      ? { status: 503, body: { success: false, message: BUSY, status_code: 503 } }
      : undefined,
  );
  await openPage();
  await chooseFiles('2. CSV file', [file('menu.csv', CSV.split('\r\n').slice(0, 2).join('\r\n'))]);
  await chooseFiles('4. Images', [file('pizza.jpg', 'x', 'image/jpeg')]);
  fireEvent.click(screen.getByRole('button', { name: /Start Upload/ }));
  expect(
    await screen.findByText('Upload finished: 1 succeeded, 0 failed.', undefined, {
      timeout: 10_000,
    }),
  ).toBeInTheDocument();
  expect(api.posts().map((form) => form.get('itemName'))).toEqual(['Pizza', 'Pizza', 'Pizza']);

  // Busy every time: the first attempt and three more, then the row fails with the server's words.
  busyAnswers = 4;
  fireEvent.click(screen.getByRole('button', { name: /Start Upload/ }));
  expect(
    await screen.findByText('Upload finished: 0 succeeded, 1 failed.', undefined, {
      timeout: 15_000,
    }),
  ).toBeInTheDocument();
  expect(within(rowOf('Pizza')).getByText(BUSY)).toBeInTheDocument();
  expect(api.posts()).toHaveLength(3 + 4);
}, 30_000);

test('without a restaurant in the row or selected, the row says so', async () => {
  menuServer();
  await openPage();
  const csv = [
    MENU_CSV_COLUMNS.join(','),
    line({ itemName: 'Tea', category: 'Drinks', itemPrice: '2', media: 't.png' }),
  ].join('\n');
  await chooseFiles('2. CSV file', [file('tea.csv', csv)]);
  await chooseFiles('4. Images', [file('t.png', 'x', 'image/png')]);
  await waitFor(() =>
    expect(
      within(rowOf('Tea')).getByText('Restaurant ID missing (row, selected, or default)'),
    ).toBeInTheDocument(),
  );
});
