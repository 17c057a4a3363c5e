import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { choose, fillLogin, option, settled, signIn, SUPPORT } from './helpers';

/** The option of the Saved views select named `name` (it also shows who saved it). */
const viewOption = (page: Page, name: string) =>
  page.locator('.ant-select-item-option').filter({ hasText: name });

test('a view saved by one admin is opened, renamed and deleted by the other', async ({
  page,
  browser,
}) => {
  // Two signed-in admins and a dozen round trips.
  test.setTimeout(120_000);
  const name = `Pending ${Date.now()}`;
  await signIn(page);
  await page.goto('/admin/bookings');
  // The list asks for the filtered rows in the render that also gives Save view the filter (the
  // address bar changes first: a view saved at once would hold the filters before it).
  const filtered = page.waitForResponse((r) => r.url().includes('bookingStatus=pending'));
  await choose(page.getByLabel('Booking status'), option(page, 'Pending'));
  await expect(page).toHaveURL(/bookingStatus=pending/);
  await filtered;

  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = await settled(page.getByRole('dialog'));
  await dialog.getByLabel('View name').fill(name);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/admin/saved-views') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const { data } = (await (await saved).json()) as { data: { _id: string } };
  await expect(page.getByText('View saved')).toBeVisible();
  await expect(page.locator('.ant-select').filter({ hasText: name })).toBeVisible();

  // The second admin, in a browser of their own.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await fillLogin(other, SUPPORT.email, SUPPORT.password);
  await expect(other).toHaveURL(/\/admin\//);
  await other.goto('/admin/bookings');
  await other.getByLabel('Saved views').click();
  await expect(viewOption(other, name)).toContainText('(admin@example.com)');
  await choose(other.getByLabel('Saved views'), viewOption(other, name));
  await expect(other).toHaveURL(/\/admin\/bookings\?bookingStatus=pending$/);

  // The view's link opens the list with it applied.
  await other.goto(`/admin/bookings?view=${data._id}`);
  await expect(other).toHaveURL(/\/admin\/bookings\?bookingStatus=pending$/);
  await expect(other.locator('.ant-select').filter({ hasText: name })).toBeVisible();

  await other.getByRole('button', { name: 'Rename view' }).click();
  const rename = await settled(other.getByRole('dialog'));
  await rename.getByLabel('View name').fill(`${name} renamed`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(other.getByText('View renamed')).toBeVisible();
  await expect(other.locator('.ant-select').filter({ hasText: `${name} renamed` })).toBeVisible();

  await other.getByRole('button', { name: 'Delete view' }).click();
  const ask = await settled(
    other.getByRole('dialog').filter({ hasText: `delete the view "${name} renamed"` }),
  );
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(other.getByText('View deleted')).toBeVisible();
  await other.getByLabel('Saved views').click();
  await expect(viewOption(other, name)).toHaveCount(0);
  await context.close();

  // The first admin's list no longer offers it either.
  await page.reload();
  await page.getByLabel('Saved views').click();
  await expect(viewOption(page, name)).toHaveCount(0);
});
