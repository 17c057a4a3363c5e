import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { choose, option, settled, signIn } from './helpers';

/** Names unique to this run, so the shared database never collides with other specs or runs. */
const tag = Date.now().toString(36);

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 8×8 red PNG, generated here. */
function makePng(size = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([220, 30, 30]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  const query = new URLSearchParams({ search: text }).toString();
  await expect(page).toHaveURL(new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/** Add, edit, deactivate and search one simple list (categories, allergies, ...). */
async function simpleListFlow(
  page: Page,
  screen: {
    path: string;
    add: string;
    addTitle: string;
    editTitle: string;
    search: string;
    blank: string;
  },
) {
  const name = `E2E ${screen.path} ${tag}`;
  await page.goto(`/admin/${screen.path}`);
  await page.getByRole('button', { name: screen.add }).click();
  const add = await settled(page.getByRole('dialog', { name: screen.addTitle }));
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText(screen.blank)).toBeVisible();
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, name)).toContainText('Active');

  await search(page, screen.search, name.toUpperCase());
  await expect(page.getByRole('row')).toHaveCount(2);

  await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
  const edit = await settled(page.getByRole('dialog', { name: screen.editTitle }));
  await edit.getByLabel('Name').fill(`${name} renamed`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(page, `${name} renamed`)).toBeVisible();

  await rowOf(page, `${name} renamed`).getByRole('button', { name: 'Deactivate' }).click();
  await expect(rowOf(page, `${name} renamed`)).toContainText('Inactive');
  await page.reload();
  await expect(rowOf(page, `${name} renamed`)).toContainText('Inactive');
  await expect(
    rowOf(page, `${name} renamed`).getByRole('button', { name: 'Activate' }),
  ).toBeVisible();

  // A duplicate in another case is refused with the server's message.
  await page.getByRole('button', { name: screen.add }).click();
  const dup = await settled(page.getByRole('dialog', { name: screen.addTitle }));
  await dup.getByLabel('Name').fill(`${name} RENAMED`);
  await dup.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(/already exists/)).toBeVisible();
  await dup.getByRole('button', { name: 'Cancel' }).click();
}

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
});

test('menu categories: add, search, edit, deactivate', async ({ page }) => {
  await simpleListFlow(page, {
    path: 'categories',
    add: '+ Add Category',
    addTitle: 'Add Category',
    editTitle: 'Edit Category',
    search: 'Search categories...',
    blank: 'Category name is required',
  });
});

test('allergies: add, search, edit, deactivate', async ({ page }) => {
  await simpleListFlow(page, {
    path: 'allergies',
    add: '+ Add Allergy',
    addTitle: 'Add Allergy',
    editTitle: 'Edit Allergy',
    search: 'Search allergies...',
    blank: 'Allergy name is required',
  });
});

test('cuisines: add with a real PNG, the image is served, edit, deactivate, search', async ({
  page,
}) => {
  const name = `E2E Cuisine ${tag}`;
  await page.goto('/admin/cuisines');
  await page.getByRole('button', { name: '+ Add Cuisine' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Cuisine' });
  await add.getByLabel('Name').fill(name);
  await add
    .getByLabel('Image')
    .setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: makePng() });
  await add.getByRole('button', { name: 'Add Cuisine' }).click();
  await expect(page.getByText('Cuisine preference created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  await search(page, 'Search cuisines...', name);
  const row = rowOf(page, name);
  const image = row.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  const src = await image.getAttribute('src');
  expect(src).toMatch(/^\/api\/v1\/images\/[0-9a-f-]{36}$/);
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Cuisine' });
  await edit.getByLabel('Name').fill(`${name} Feast`);
  await edit.getByRole('button', { name: 'Update Cuisine' }).click();
  await expect(page.getByText('Cuisine preference updated successfully')).toBeVisible();
  await search(page, 'Search cuisines...', `${name} Feast`);
  await expect(
    rowOf(page, `${name} Feast`).getByRole('img', { name: `${name} Feast` }),
  ).toHaveAttribute('src', src!);

  await rowOf(page, `${name} Feast`).getByRole('button', { name: 'Deactivate' }).click();
  await expect(rowOf(page, `${name} Feast`)).toContainText('Inactive');

  await search(page, 'Search cuisines...', `nothing-${tag}`);
  await expect(page.getByText('No cuisines found')).toBeVisible();
});

test('booking types: add, then delete through the confirm modal', async ({ page }) => {
  const name = `E2E Booking ${tag}`;
  await page.goto('/admin/booking-types');
  await page.getByRole('button', { name: '+ Add Booking Type' }).click();
  const add = page.getByRole('dialog', { name: 'Add Booking Type' });
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Booking type created successfully')).toBeVisible();

  await search(page, 'Search booking types...', name);
  await rowOf(page, name).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Booking Type' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete the booking type "${name}"?`,
  );
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Booking type deleted successfully')).toBeVisible();
  await expect(page.getByText('No booking types found')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No booking types found')).toBeVisible();
});

test('reviews: filter by status and rating in the URL, approve and reject, clear filters', async ({
  page,
}) => {
  await page.goto('/admin/reviews');
  await expect(page.getByRole('columnheader', { name: 'Comment' })).toBeVisible();

  await choose(page.getByRole('combobox', { name: 'Status' }), option(page, 'Pending'));
  await expect(page).toHaveURL(/status=pending/);
  await choose(page.getByRole('combobox', { name: 'Rating' }), option(page, '1 Star'));
  await expect(page).toHaveURL(/rating=1/);

  // Wait until the table shows the filtered rows only, then pin one row by its comment.
  const dataRows = page.locator('tr.ant-table-row').filter({ hasText: '/5' });
  await expect(dataRows.first()).toBeVisible();
  await expect(dataRows.filter({ hasNotText: '1/5' })).toHaveCount(0);
  await expect(dataRows.filter({ hasNotText: 'Pending' })).toHaveCount(0);
  const last = dataRows.last();
  // The first cell holds the row's checkbox (bulk actions).
  const user = (await last.getByRole('cell').nth(1).textContent())!;
  const comment = (await last.getByRole('cell').nth(4).textContent())!;
  const row = page.locator('tr.ant-table-row').filter({ hasText: comment.slice(0, 40) });
  await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();
  await row.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: 'Review Details' });
  await expect(details).toContainText(user);
  await expect(details).toContainText('Pending');
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Review approved successfully')).toBeVisible();
  await expect(details).toBeHidden();

  // Now approved: it left the pending list; find it under approved and reject it.
  await choose(page.getByRole('combobox', { name: 'Status' }), option(page, 'Approved'));
  await expect(page).toHaveURL(/status=approved/);
  const approved = page.locator('tr.ant-table-row').filter({ hasText: comment.slice(0, 40) });
  await expect(approved).toBeVisible();
  await expect(approved.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await approved.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Review rejected successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await choose(page.getByRole('combobox', { name: 'Status' }), option(page, 'Rejected'));
  await expect(page).toHaveURL(/status=rejected/);
  // Search by the review's own text (the rejected list has more than one page).
  await search(page, 'Search by restaurant or review...', comment.slice(0, 40));
  const rejected = page.locator('tr.ant-table-row').filter({ hasText: comment.slice(0, 40) });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(rejected.getByRole('button', { name: 'Approve' })).toBeVisible();
});
