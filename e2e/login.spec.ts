import { expect, test } from '@playwright/test';
import { ADMIN, fillLogin, headerTitle, OWNER } from './helpers';

test.describe('sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
  });

  test('shows the login screen', async ({ page }) => {
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible();
    await expect(
      page.getByText(
        "For admin access only. If you're having trouble logging in, please contact the system administrator.",
      ),
    ).toBeVisible();
  });

  test('requires email and password', async ({ page }) => {
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('a');
    await expect(page.getByText('Email is required')).toBeHidden();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('rejects an invalid email', async ({ page }) => {
    await fillLogin(page, 'admin@example', 'whatever');
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('requires a password with a valid email', async ({ page }) => {
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeHidden();
  });

  test('shows and hides the password', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test("shows the server's message for a wrong password, cleared by an edit", async ({ page }) => {
    await fillLogin(page, ADMIN.email, 'wrong-password');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(/\S/);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Password', { exact: true }).fill('x');
    await expect(alert).toBeHidden();
  });

  test('refuses the owner account', async ({ page }) => {
    await fillLogin(page, OWNER.email, OWNER.password);
    await expect(page.getByRole('alert')).toHaveText('You are not authorized to access this panel');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('signs the admin in to the dashboard', async ({ page }) => {
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(headerTitle(page)).toHaveText('Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email: ADMIN.email, role: 'admin' });
  });

  test('links to the forgot password page, which has no fake form', async ({ page }) => {
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect(page.getByText(/reset by the system administrator/)).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
