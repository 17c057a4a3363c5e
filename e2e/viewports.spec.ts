import { expect, test, type Page } from '@playwright/test';
import { headerTitle, signIn } from './helpers';

/** Every list screen (and the restaurant page): what its first column header says. */
const LISTS = [
  ['/admin/users', 'Name'],
  ['/admin/restaurants', 'Name'],
  ['/admin/bookings', 'Booking Ref'],
  ['/admin/booking-types', 'Name'],
  ['/admin/reviews', 'User'],
  ['/admin/content', 'Title'],
] as const;

async function noSidewaysPageScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** The header cell is fully inside the window (no sideways scrolling needed to see it). */
async function inView(page: Page, name: string) {
  const cell = page.getByRole('columnheader', { name, exact: true }).first();
  await expect(cell).toBeVisible();
  const box = (await cell.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
}

for (const [width, height] of [
  [1280, 800],
  [1440, 900],
]) {
  test(`at ${width}×${height} every table's Actions column is visible without scrolling`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    await signIn(page, '/admin/dashboard');
    for (const [path, first] of LISTS) {
      await openList(page, path);
      await inView(page, first);
      await inView(page, 'Actions');
      await noSidewaysPageScroll(page);
    }
    // The restaurant page's bookings.
    await openList(page, '/admin/restaurants');
    await page
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: 'View' })
      .click();
    await expect(page.getByRole('button', { name: 'Back to Restaurants' })).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await inView(page, 'Actions');
    await noSidewaysPageScroll(page);
  });
}

test('at 390×844 the sidebar is a drawer, titles stay on one line, tables scroll in their card', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/admin/dashboard');
  await expect(page.locator('aside')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Sidebar' });
  await drawer.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(drawer).toBeHidden();
  await noSidewaysPageScroll(page);

  for (const [path, first] of LISTS) {
    await openList(page, path);
    // One line: the title is no taller than a line and ends inside the header.
    const title = (await headerTitle(page).boundingBox())!;
    expect(title.height).toBeLessThan(40);
    expect(title.x + title.width).toBeLessThanOrEqual(390);
    await inView(page, first);
    await inView(page, 'Actions');
    await noSidewaysPageScroll(page);
  }
});
