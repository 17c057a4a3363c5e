import { expect, test, type Page } from '@playwright/test';
import { api, fillLogin, settled, signIn, SUPPORT } from './helpers';

type Listed<T> = { count: number; data: T[] };
type UserRow = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  status: boolean;
};
type RestaurantRow = {
  _id: string;
  name: string;
  online: boolean;
  isFeatured: boolean;
  platformCommission: number | null;
};

// Long flows with reloads on a shared machine.
test.describe.configure({ timeout: 120_000 });

const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

test('dashboard figures match the totals of the lists they link to', async ({ page }) => {
  await signIn(page, '/admin/dashboard');
  const card = (title: string) => page.getByRole('link', { name: title });
  await expect(card('Total Users')).toBeVisible();
  const [users, restaurants, bookings] = await Promise.all([
    api<Listed<unknown>>(page, '/admin/users?limit=1'),
    api<Listed<unknown>>(page, '/admin/restaurants?limit=1'),
    api<Listed<unknown>>(page, '/admin/bookings?limit=1'),
  ]);
  const figure = async (title: string) =>
    Number((await card(title).getByTestId('stat-value').innerText()).replace(/[^0-9.]/g, ''));
  expect(await figure('Total Users')).toBe(users.count);
  expect(await figure('Total Restaurants')).toBe(restaurants.count);
  expect(await figure('Active Bookings')).toBe(bookings.count);
  await expect(page.getByText('Recent Activity')).toBeVisible();
  await expect(page.getByText('Top Restaurants')).toBeVisible();

  await card('Total Restaurants').click();
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
});

test('users: search, page, and a deactivation that survives a reload', async ({ page }) => {
  await signIn(page, '/admin/users');
  await expect(page.getByText('Page 1 of')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();

  // A seeded, active diner deep in the list, which no other spec touches.
  const all = await api<Listed<UserRow>>(page, '/admin/users?limit=100');
  const diner = all.data.filter((u) => u.role === 'user' && u.status).at(-3)!;
  const search = page.getByPlaceholder('Search users by name or email...');
  await search.fill(`  ${diner.email.toUpperCase()} `);
  await expect(page).toHaveURL(/search=/);
  await expect(page).not.toHaveURL(/page=2/);
  const dinerRow = row(page, diner.email);
  await expect(dinerRow).toHaveCount(1);
  await expect(dinerRow).toContainText('Active');

  await dinerRow.getByRole('button', { name: 'Deactivate' }).click();
  await settled(page.getByRole('dialog', { name: 'Deactivate user' }));
  await page.keyboard.press('Enter');
  await expect(dinerRow).toContainText('Inactive');
  await page.reload();
  await expect(row(page, diner.email)).toContainText('Inactive', { timeout: 30_000 });
  const stored = await api<Listed<UserRow>>(
    page,
    `/admin/users?search=${encodeURIComponent(diner.email)}`,
  );
  expect(stored.data[0].status).toBe(false);

  // Back to active through the details modal.
  await row(page, diner.email).getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('User Details');
  await dialog.getByRole('button', { name: 'Activate User' }).click();
  await expect(dialog.getByRole('button', { name: 'Deactivate User' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row(page, diner.email)).not.toContainText('Inactive');

  await search.fill('zz-nobody-zz');
  await expect(page.getByText('No users found')).toBeVisible();
});

test('a deactivated administrator can no longer sign in, and can again once activated', async ({
  page,
  browser,
}) => {
  await signIn(page, '/admin/users');
  const search = page.getByPlaceholder('Search users by name or email...');
  await search.fill(SUPPORT.email);
  const supportRow = row(page, SUPPORT.email);
  await expect(supportRow).toContainText('Active');
  await supportRow.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = await settled(page.getByRole('dialog', { name: 'Deactivate user' }));
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(supportRow).toContainText('Inactive');

  // The other administrator, in a browser of their own.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await fillLogin(otherPage, SUPPORT.email, SUPPORT.password);
  await expect(
    otherPage.getByText(
      'This account has been deactivated. Please contact the system administrator.',
    ),
  ).toBeVisible();
  await expect(otherPage).toHaveURL(/\/login$/);

  await supportRow.getByRole('button', { name: 'Activate' }).click();
  await expect(supportRow).not.toContainText('Inactive');
  await fillLogin(otherPage, SUPPORT.email, SUPPORT.password);
  await expect(otherPage).toHaveURL(/\/admin\/dashboard/);
  await other.close();
});

test('restaurants: filters, featured and online survive a reload, commission edit', async ({
  page,
}) => {
  await signIn(page, '/admin/restaurants');
  await expect(page.getByText('Page 1 of')).toBeVisible();
  const all = await api<Listed<RestaurantRow>>(page, '/admin/restaurants?limit=100');
  // A seeded restaurant with a unique name that other specs do not use.
  const names = all.data.map((r) => r.name);
  const target = all.data.filter((r) => names.filter((n) => n === r.name).length === 1).at(-4)!;

  // Paging, and a filter change goes back to page 1.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();
  await expect(row(page, all.data[10].name).first()).toBeVisible();

  await page.getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: /^Inactive$/ }).click();
  await expect(page).toHaveURL(/online=false/);
  await expect(page).not.toHaveURL(/page=2/);
  const inactive = all.data.filter((r) => !r.online);
  await expect(row(page, inactive[0].name).first()).toContainText('Inactive');
  await page.getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'All Statuses' }).click();
  await expect(page).not.toHaveURL(/online=/);

  await page.getByPlaceholder('Search restaurants by name...').fill(target.name.toLowerCase());
  await expect(page).toHaveURL(/search=/);
  const r = row(page, target.name);
  await expect(r).toHaveCount(1);

  // Featured
  const featured = r.getByRole('switch');
  await expect(featured).toHaveAttribute('aria-checked', String(target.isFeatured));
  await featured.click();
  await expect(page.getByText('Restaurant featured status updated successfully')).toBeVisible();
  await expect(featured).toHaveAttribute('aria-checked', String(!target.isFeatured));
  // Online
  await r.getByRole('button', { name: target.online ? 'Deactivate' : 'Activate' }).click();
  await expect(page.getByText('Restaurant status updated successfully')).toBeVisible();
  await expect(r).toContainText(target.online ? 'Inactive' : 'Active');

  await page.reload();
  const reloaded = row(page, target.name);
  // A cold reload of the SPA can take a while on a busy machine.
  await expect(reloaded.getByRole('switch')).toHaveAttribute(
    'aria-checked',
    String(!target.isFeatured),
    { timeout: 30_000 },
  );
  await expect(
    reloaded.getByRole('button', { name: target.online ? 'Activate' : 'Deactivate' }),
  ).toBeVisible();

  // Commission: a bad value is refused without a call, a good one is saved.
  await reloaded.getByRole('button', { name: /^Edit commission/ }).click();
  const input = reloaded.getByLabel('Platform Commission');
  await input.fill('-3');
  await reloaded.getByRole('button', { name: 'Save' }).click();
  await expect(reloaded.getByText('Commission must be a positive number')).toBeVisible();
  await input.fill('8.25');
  await reloaded.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Restaurant commission updated successfully')).toBeVisible();
  await expect(reloaded).toContainText('8.25%');
  await page.reload();
  await expect(row(page, target.name)).toContainText('8.25%', { timeout: 30_000 });

  // Leave the seeded row as it was for anyone reading it later.
  await api(page, `/restaurant/${target._id}`, 'PUT', { isFeatured: target.isFeatured });
  await api(page, `/restaurant/${target._id}`, 'PUT', { online: target.online });
  if (target.platformCommission !== null) {
    await api(page, `/restaurant/${target._id}`, 'PUT', {
      platformCommission: target.platformCommission,
    });
  }
});

test('restaurant page: header, cards and recent bookings', async ({ page }) => {
  await signIn(page, '/admin/restaurants');
  const [golden] = (
    await api<Listed<RestaurantRow>>(page, '/admin/restaurants?search=golden%20fork')
  ).data;
  await page.getByPlaceholder('Search restaurants by name...').fill('golden fork');
  await expect(page).toHaveURL(/search=golden/);
  await row(page, 'The Golden Fork').getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/restaurants/${golden._id}/bookings`));
  await expect(page.getByRole('heading', { name: 'The Golden Fork' })).toBeVisible();
  await expect(page.getByText(`ID: ${golden._id}`)).toBeVisible();
  for (const title of ['Primary Owner', 'Statistics', 'Location Details', 'System Details']) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^Staff Members \(5\)$/)).toBeVisible();
  await expect(page.getByText('owner@example.com')).toBeVisible();
  const recent = page.locator('.ant-card', { hasText: 'Recent Bookings (Last 5)' });
  await expect(recent.locator('tbody tr.ant-table-row')).toHaveCount(5);
  await recent.getByRole('button', { name: 'View All' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?restaurant=${golden._id}$`));

  await page.goto('/admin/restaurants/00000000-0000-4000-8000-000000000000/bookings');
  await expect(page.getByText('Restaurant not found')).toBeVisible();
});
