import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const COLUMNS = [
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
];

// A 1×1 PNG; the server checks images by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const toCsv = (rows: string[][]) => rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';

const run = `E2E ${Date.now().toString(36)}`;
const itemName = (n: number) => `${run} dish ${String(n).padStart(2, '0')}`;

/** 20 rows; row 5 names an image that is not selected, row 11 an unknown category, row 17 a discount above the price. */
function menuCsv(): string {
  const rows = Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    return [
      itemName(n),
      n === 11 ? 'Pastries' : 'Mains',
      'Tomato|Basil',
      'Basil',
      n === 1 ? `${run} herb` : '',
      'Parmesan:1.50,Mushroom:0.95',
      n === 17 ? '5' : '11.00',
      n === 17 ? '9' : '2',
      `Row ${n}`,
      n === 5 ? 'missing.png' : n % 2 ? 'dish-a.png' : 'Dish-B.PNG,dish-a.png',
      '',
    ];
  });
  return toCsv([COLUMNS, ...rows]);
}

const rowOf = (page: Page, n: number) => page.getByRole('row').filter({ hasText: itemName(n) });

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

test('upload a CSV with images, see per-row results, retry the failed rows, never duplicate', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, '/login');
  await page.goto('/admin/bulk-menu-upload');
  await expect(
    page.getByText('No CSV loaded yet. Download the template to see required columns.'),
  ).toBeVisible();
  await expect(page.getByText('Please load a CSV first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Upload' })).toBeDisabled();

  // The template.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('menu_template.csv');
  const template = (await (await download.createReadStream()).toArray()).join('');
  expect(template.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(COLUMNS.join(','));
  expect(template).toContain('11.00,2,');

  // A restaurant, found by name.
  const lookup = await apiGet<{ data: { _id: string; name: string }[] }>(
    page,
    '/restaurants?search=',
  );
  const restaurant = lookup.data[0];
  const menuUrl = `/admin/restaurant/${restaurant._id}/menu-items?limit=1000`;
  const before = await apiGet<{ count: number }>(page, menuUrl);
  await page.getByLabel('Restaurant').click();
  await page.getByLabel('Restaurant').fill(restaurant.name);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: restaurant.name })
    .first()
    .click();

  await page.getByLabel('2. CSV file').setInputFiles(csvFile('menu.csv', menuCsv()));
  await expect(page.getByText('menu.csv: 20 rows')).toBeVisible();
  await page.getByLabel('4. Images').setInputFiles([image('dish-a.png'), image('dish-b.png')]);
  await expect(rowOf(page, 5)).toContainText('Local image not selected: missing.png');
  await expect(rowOf(page, 17)).toContainText('Discounted price must not be above the item price');

  await page.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByText('Upload finished: 17 succeeded, 3 failed.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('20 / 20')).toBeVisible();
  for (let n = 1; n <= 20; n += 1) {
    if ([5, 11, 17].includes(n)) await expect(rowOf(page, n)).toContainText('Error');
    else await expect(rowOf(page, n)).toContainText('Done');
  }
  await expect(rowOf(page, 5)).toContainText('Local image not selected: missing.png');
  await expect(rowOf(page, 11)).toContainText('category: the category "Pastries" does not exist');
  await expect(rowOf(page, 17)).toContainText('Discounted price must not be above the item price');
  expect((await apiGet<{ count: number }>(page, menuUrl)).count).toBe(before.count + 17);

  // Fix one row by selecting its image, and retry only the failed rows.
  await page
    .getByLabel('4. Images')
    .setInputFiles([image('dish-a.png'), image('dish-b.png'), image('MISSING.png')]);
  await page.getByRole('button', { name: 'Retry failed rows' }).click();
  await expect(page.getByText('Upload finished: 1 succeeded, 2 failed.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(rowOf(page, 5)).toContainText('Done');
  expect((await apiGet<{ count: number }>(page, menuUrl)).count).toBe(before.count + 18);

  // Download the two failed rows, fix them, and upload that file.
  const [failedDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download failed rows' }).click(),
  ]);
  const failedCsv = (await (await failedDownload.createReadStream()).toArray())
    .join('')
    .replace(/^\ufeff/, '');
  const lines = failedCsv.trim().split('\r\n');
  expect(lines).toHaveLength(3);
  const fixed = failedCsv.replace('Pastries', 'Desserts').replace(',5,9,', ',5,4.50,');
  await page.getByLabel('2. CSV file').setInputFiles(csvFile('fixed.csv', fixed));
  await expect(page.getByText('fixed.csv: 2 rows')).toBeVisible();
  await page.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByText('Upload finished: 2 succeeded, 0 failed.')).toBeVisible({
    timeout: 30_000,
  });

  // Sending the whole file again creates nothing: every row already exists.
  await page.getByLabel('2. CSV file').setInputFiles(csvFile('menu.csv', menuCsv()));
  await page.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByText('Upload finished: 0 succeeded, 20 failed.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(rowOf(page, 1)).toContainText('already exists for this restaurant');

  const after = await apiGet<{ count: number; data: { itemName: string }[] }>(page, menuUrl);
  expect(after.count).toBe(before.count + 20);
  const mine = after.data
    .filter((item) => item.itemName.startsWith(run))
    .map((item) => item.itemName);
  expect(new Set(mine).size).toBe(20);
  expect(mine.sort()).toEqual(Array.from({ length: 20 }, (_, i) => itemName(i + 1)).sort());
});

test('a large CSV is read in a worker and every row is checked', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/login');
  await page.goto('/admin/bulk-menu-upload');
  const rows = Array.from({ length: 3000 }, (_, i) => [
    `Large ${i + 1}`,
    'Mains',
    'Tomato|Basil',
    '',
    '',
    'Parmesan:1.50',
    i === 0 ? '5' : '11.00',
    i === 0 ? '9' : '2',
    'A long enough description to make this file larger than the worker threshold of 256 KB',
    'a.png',
    '',
  ]);
  const text = toCsv([COLUMNS, ...rows]);
  expect(text.length).toBeGreaterThan(256 * 1024);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.getByLabel('2. CSV file').setInputFiles(csvFile('large.csv', text));
  await expect(page.getByText('large.csv: 3000 rows')).toBeVisible({ timeout: 60_000 });
  expect(workers.length).toBeGreaterThan(0);
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Large 1', exact: true }) }),
  ).toContainText('Discounted price must not be above the item price');
  await expect(page.getByText('3000 rows have problems; they will fail.')).toBeVisible();
});
