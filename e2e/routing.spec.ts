import { expect, test } from '@playwright/test';
import { fillLogin, ADMIN, headerTitle, signIn } from './helpers';

test.describe('without a session', () => {
  for (const path of ['/', '/admin', '/admin/users', '/no/such/page']) {
    test(`${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel('Email')).toBeVisible();
    });
  }

  test('after login the page first asked for opens', async ({ page }) => {
    await page.goto('/admin/reviews?search=great');
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/reviews\?search=great$/);
    await expect(headerTitle(page)).toHaveText('Reviews Management');
  });
});

test.describe('with a session', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  for (const path of ['/', '/admin', '/no/such/page', '/admin/no-such-screen', '/login']) {
    test(`${path} goes to the dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(headerTitle(page)).toHaveText('Dashboard');
    });
  }

  test('the session is restored on reload', async ({ page }) => {
    await page.goto('/admin/cuisines');
    await expect(headerTitle(page)).toHaveText('Cuisine Management');
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/cuisines$/);
    await expect(headerTitle(page)).toHaveText('Cuisine Management');
  });

  test('an invalid stored token is cleared and explained on the login page', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Authorization failed: invalid token');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
