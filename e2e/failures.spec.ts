import { expect, test, type Page } from '@playwright/test';
import { sidebar, signIn } from './helpers';

/**
 * The app under failure: a screen whose chunk is gone (a new build replaced it, or the server
 * stopped), the API unreachable, a page that fails to load, a malformed link. Never a stack.
 */

const NO_STACK = /Unexpected Application Error|at \S+ \(|ChunkLoadError|Loading chunk/;

async function expectNoStack(page: Page) {
  await expect(page.locator('body')).not.toContainText(NO_STACK);
}

test('a screen whose chunk fails to load reloads once, then says so inside the layout', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, '/admin/dashboard');
  let loads = 0;
  page.on('load', () => (loads += 1));
  // A new build replaced the chunk: the server answers 404 for it.
  await page.route(/\/page-reviews\.[^/]*\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not Found' }),
  );
  await sidebar(page).getByRole('menuitem', { name: 'Reviews' }).click();
  await expect(page.getByText('This screen could not be loaded.')).toBeVisible({
    timeout: 20_000,
  });
  expect(loads).toBe(1);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expectNoStack(page);

  // Reload reloads the page.
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => loads).toBe(2);
});

test('with the server unreachable, a screen not loaded yet says so inside the layout, without reloading', async ({
  page,
}) => {
  await signIn(page, '/admin/dashboard');
  let loads = 0;
  page.on('load', () => (loads += 1));
  // The server is gone: its chunks and its API alike.
  await page.route('**/*', (route) => route.abort('connectionrefused'));
  await sidebar(page).getByRole('menuitem', { name: 'Reviews' }).click();
  await expect(page.getByText('This screen could not be loaded.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/Cannot reach the server\. Check your connection/)).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  expect(loads).toBe(0);
  await expectNoStack(page);
});

test("the dashboard's Retry reloads the page (spec 01 §8)", async ({ page }) => {
  await page.route('**/api/v1/total/revenue', (route) => route.abort('connectionrefused'));
  await signIn(page, '/admin/dashboard');
  await expect(
    page.getByText('Failed to load dashboard data. Please try again later.'),
  ).toBeVisible();
  await page.unroute('**/api/v1/total/revenue');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Retry' }).click();
  await reloaded;
  await expect(page.getByText('Total Revenue')).toBeVisible();
  await expectNoStack(page);
});

test('while the API cannot be reached a banner says since when the data is shown', async ({
  page,
}) => {
  await signIn(page, '/admin/users');
  const firstRow = page.locator('tbody tr.ant-table-row').first();
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  // After the row's checkbox (bulk actions) and its name.
  const firstEmail = (await firstRow.locator('td').nth(2).textContent()) ?? '';
  await sidebar(page).getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByText('Total Users')).toBeVisible();

  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  // A screen not visited yet cannot load; one visited before shows what it had.
  const banner = page.getByRole('alert').filter({ hasText: 'Cannot reach the server.' });
  await sidebar(page).getByRole('menuitem', { name: 'Restaurants' }).click();
  // Its call fails (not cut short by leaving the screen), so the banner comes.
  await expect(banner).toBeVisible();
  await sidebar(page).getByRole('menuitem', { name: 'Users' }).click();
  await expect(banner).toContainText(/Showing what was loaded at \d\d:\d\d\./);
  // The rows loaded before are still there.
  await expect(page.getByRole('cell', { name: firstEmail, exact: true })).toBeVisible();
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toBeVisible();

  await page.unroute('**/api/v1/**');
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toBeHidden();
  await expectNoStack(page);
});

test("a page that fails to load shows its error, not the previous page's rows", async ({
  page,
}) => {
  // Page 2 fails (the route is set first: the next page may be loaded ahead).
  await page.route(/\/api\/v1\/admin\/bookings\?.*skip=10/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"success":false,"message":"Internal server error","status_code":500}',
    }),
  );
  await signIn(page, '/admin/bookings');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Internal server error')).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test('a restaurant link with a malformed id says "Restaurant not found", without Retry', async ({
  page,
}) => {
  await signIn(page, '/admin/restaurants/not-a-uuid/bookings');
  await expect(page.getByText('Restaurant not found')).toBeVisible();
  await expect(page.getByText('Failed to load restaurant details')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
