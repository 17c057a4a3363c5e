import { expect, test } from '@playwright/test';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../common/reference-lists';
import { headerTitle, sidebar, signIn } from './helpers';

const SCREENS = [
  ['Dashboard', '/admin/dashboard', 'Dashboard'],
  ['Users', '/admin/users', 'Users Management'],
  ['Restaurants', '/admin/restaurants', 'Restaurants Management'],
  ['Bookings', '/admin/bookings', 'Bookings Management'],
  // The reference lists, in the registry's order.
  ...REFERENCE_LIST_KEYS.map((key) => {
    const { menuLabel, route, title } = REFERENCE_LISTS[key];
    return [menuLabel, `/admin/${route}`, title] as const;
  }),
  ['Reviews', '/admin/reviews', 'Reviews Management'],
  ['Content Management', '/admin/text-editor', 'Content Management'],
  ['Content Items', '/admin/content', 'Content Items'],
  ['Bulk Menu Upload', '/admin/bulk-menu-upload', 'Bulk Menu Upload'],
  ['Approvals', '/admin/approvals', 'Approvals'],
  ['Audit Log', '/admin/audit-log', 'Audit Log'],
  ['Team', '/admin/team', 'Team'],
] as const;

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the sidebar reaches every screen, each with its title', async ({ page }) => {
  test.setTimeout(120_000);
  await expect(sidebar(page).getByRole('menuitem')).toHaveText(SCREENS.map(([label]) => label));
  for (const [index, [, path, title]] of SCREENS.entries()) {
    await sidebar(page).getByRole('menuitem').nth(index).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(headerTitle(page)).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · Marketplace Admin`);
  }
});

test('the restaurant page has its own title', async ({ page }) => {
  await page.goto('/admin/restaurants/00000000-0000-4000-8000-000000000000/bookings');
  await expect(headerTitle(page)).toHaveText('Restaurant Details');
});

test('the sidebar collapses and expands', async ({ page }) => {
  const aside = sidebar(page);
  const wide = (await aside.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(aside).toHaveClass(/ant-layout-sider-collapsed/);
  await expect.poll(async () => (await aside.boundingBox())?.width ?? 0).toBeLessThan(wide);
  // A collapsed entry (its icon) still opens its screen.
  await aside.getByRole('menuitem').nth(1).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(headerTitle(page)).toHaveText('Users Management');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(aside).not.toHaveClass(/ant-layout-sider-collapsed/);
});

test('the user menu opens, shows the user, and closes on a click outside', async ({ page }) => {
  const trigger = page.getByRole('banner').getByRole('button', { name: /Admin/ });
  await trigger.click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('admin@example.com');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await headerTitle(page).click();
  await expect(menu).toBeHidden();
});

test('Logout ends the session', async ({ page }) => {
  await page.getByRole('banner').getByRole('button', { name: /Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
});

test('/logout shows "Logging out..." and revokes the token', async ({ page }) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const revoked = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/user/logout'),
  );
  await page.goto('/logout');
  expect((await revoked).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  const status = await page.evaluate(async (old) => {
    const response = await fetch('/api/v1/total/booking', {
      headers: { Authorization: `Bearer ${old}` },
    });
    return response.status;
  }, token);
  expect(status).toBe(401);
});

test('logging out in one tab logs out the other', async ({ page, context }) => {
  const other = await context.newPage();
  await other.goto('/admin/reviews');
  await expect(headerTitle(other)).toHaveText('Reviews Management');

  await page.getByRole('banner').getByRole('button', { name: /Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByLabel('Email')).toBeVisible();
});
