import { expect, test } from '@playwright/test';
import { fillLogin } from './helpers';

test('after 5 failed sign-ins the login screen says when to try again', async ({ page }) => {
  // An account of its own (unknown emails are counted too), so no other test is slowed down.
  const email = `throttled-${Date.now().toString(36)}@example.com`;
  await page.goto('/login');
  for (let i = 0; i < 5; i += 1) {
    await fillLogin(page, email, `wrong-${i}`);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await page.getByLabel('Password', { exact: true }).fill('');
  }
  await fillLogin(page, email, 'another-guess');
  await expect(page.getByRole('alert')).toHaveText(
    'Too many failed sign-in attempts. Try again in 30 minutes.',
  );
  await expect(page).toHaveURL(/\/login/);
});
