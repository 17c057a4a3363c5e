import { expect, test } from '@playwright/test';
import { fillLogin, ADMIN, headerTitle, sidebar, signIn } from './helpers';

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

  test('a session check that cannot reach the server ends the session with the spec message', async ({
    page,
  }) => {
    await page.goto('/admin/cuisines');
    await expect(headerTitle(page)).toHaveText('Cuisine Management');
    await page.route('**/api/v1/total/booking', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('An unexpected error occurred')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('leaving the page while its session check runs keeps the session', async ({ page }) => {
    await page.goto('/admin/cuisines');
    await expect(headerTitle(page)).toHaveText('Cuisine Management');
    // The check of the reloaded page is held, then the page is left for another one.
    let held = false;
    await page.route('**/api/v1/total/booking', async (route) => {
      if (held) return route.continue();
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByText('Loading your session...')).toBeVisible();
    await page.goto('/admin/allergies');
    await expect(headerTitle(page)).toHaveText('Allergies Management');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('search typed just before opening another page does not pull the list back', async ({
    page,
  }) => {
    // Every API call that carries the search typed before leaving (none may).
    const stale: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.searchParams.get('search') === 'zzz') {
        stale.push(request.url());
      }
    });
    const listCallWith = (search: string) =>
      page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname.startsWith('/api/') && url.searchParams.get('search') === search;
      });

    // The same screen on another route (reference data)...
    await page.goto('/admin/categories');
    await page.getByPlaceholder('Search categories...').fill('zzz');
    await sidebar(page).getByRole('menuitem', { name: 'Allergies' }).click();
    await expect(headerTitle(page)).toHaveText('Allergies Management');
    await expect(page.getByPlaceholder('Search allergies...')).toHaveValue('');
    // A search typed here is sent after the same delay as the one typed before, so once it is
    // sent the earlier one has had its time: only the new one may have reached the URL and the API.
    const lupin = listCallWith('lupin');
    await page.getByPlaceholder('Search allergies...').fill('lupin');
    await lupin;
    await expect(page).toHaveURL(/\/admin\/allergies\?search=lupin$/);
    expect(stale).toEqual([]);

    // ...and a page whose chunk is still downloading when the 500 ms run out.
    await page.route('**/assets/page-reviews.*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByPlaceholder('Search allergies...').fill('zzz');
    await sidebar(page).getByRole('menuitem', { name: 'Reviews' }).click();
    await expect(headerTitle(page)).toHaveText('Reviews Management');
    const bistro = listCallWith('bistro');
    await page.getByPlaceholder('Search by restaurant or review...').fill('bistro');
    await bistro;
    await expect(page).toHaveURL(/\/admin\/reviews\?search=bistro$/);
    expect(stale).toEqual([]);
  });

  test('an invalid stored token is cleared and explained on the login page', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Authorization failed: invalid token');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
