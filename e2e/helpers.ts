import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Demo accounts seeded by the server on first run. */
export const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
export const OWNER = { email: 'owner@example.com', password: 'owner1234' };
/** A second administrator; only the deactivation flow touches it. */
export const SUPPORT = { email: 'support@example.com', password: 'support1234' };

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in from /login (or wherever the page is sent there) and waits for the admin area. */
export async function signIn(page: Page, path = '/login') {
  await page.goto(path);
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\//);
  await expect(headerTitle(page)).toBeVisible();
}

/** The page title in the header. */
export function headerTitle(page: Page) {
  return page.getByRole('banner').getByRole('heading', { level: 4 });
}

export function sidebar(page: Page) {
  return page.locator('aside');
}

/**
 * Waits until a just-opened dialog has finished its opening animation (antd zooms it in): a click
 * during the zoom can land beside a button that is still moving.
 */
export async function settled(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  // Only animations that end (a spinner inside may run forever), and never longer than 2 s.
  await dialog.evaluate((element) =>
    Promise.race([
      Promise.all(
        element
          .getAnimations({ subtree: true })
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  return dialog;
}

/** The option of an antd Select's list with this title (its text). */
export const option = (page: Page, title: string) =>
  page.locator(`.ant-select-item-option[title="${title}"]`);

/**
 * Chooses an option of an antd Select: opens it (unless it is open), lets its list finish
 * opening, clicks the option. On a busy machine a click on an option was seen not to be taken
 * (the list stayed open, the value unchanged): while the option is still shown, it is clicked
 * again.
 */
export async function choose(select: Locator, option: Locator) {
  // Whether its list is open, as the select says: not the option's visibility, which reads false
  // until the list starts to slide open, when a click on the select would close it again.
  if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
  // Shown first: a list about to open has no animation to wait for yet, and its option, hidden,
  // would pass for chosen below.
  await expect(option).toBeVisible();
  await settled(
    option.locator(
      `xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-select-dropdown ')]`,
    ),
  );
  await expect(async () => {
    if (await option.isVisible()) await option.click({ timeout: 2_000 });
    await expect(option).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Calls the API as the signed-in admin (the token the page stored); the call must succeed. */
export async function api<T>(page: Page, path: string, method = 'GET', data?: object): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A new finance administrator with a password, added by the demo owner through the API (its
 * email made from the name and the time); their email and password, and the owner's token.
 */
export async function addAdministrator(
  request: APIRequestContext,
  firstName: string,
  lastName: string,
) {
  const login = await request.post('/api/v1/user/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const ownerToken = ((await login.json()) as { token: string }).token;
  const email = `${firstName}.${lastName}.${Date.now()}@example.org`.toLowerCase();
  const added = await request.post('/api/v1/admin/team', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email, firstName, lastName, teamRole: 'finance' },
  });
  expect(added.status()).toBe(201);
  const { setupUrl } = ((await added.json()) as { data: { setupUrl: string } }).data;
  const password = 'amber-harbour-violin-73';
  const set = await request.post('/api/v1/user/setup-password', {
    data: { token: new URL(setupUrl, 'http://x').searchParams.get('token'), password },
  });
  expect(set.ok()).toBe(true);
  return { email, password, ownerToken };
}
