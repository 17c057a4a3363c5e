import { expect, test } from '@playwright/test';
import { addAdministrator, fillLogin, settled } from './helpers';

/**
 * A passkey in the browser, with Chromium's virtual authenticator (CDP WebAuthn): added on My
 * account by an administrator of its own (the demo logins keep the password alone), then, after
 * signing out, the sign-in's "Use a passkey". WebAuthn needs the page at localhost (an IP
 * address is no relying party): the server's PUBLIC_ORIGIN is the demo's
 * http://localhost:<PORT>, so this spec opens the same origin.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
test.use({ baseURL: `http://localhost:${port}` });

test('a passkey added on My account signs in', async ({ page, request }) => {
  const { email, password } = await addAdministrator(request, 'Pat', 'Passkey');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/account');
  const card = page.locator('.ant-card').filter({ hasText: 'Two-step verification' });
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: 'Add a passkey' }));
  await dialog.getByLabel('Passkey name').fill('Virtual key');
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  // The first factor: its recovery codes, shown once.
  const codes = page.getByRole('dialog', { name: 'Your new recovery codes' });
  await codes.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByRole('heading', { name: 'Virtual key' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await page.getByRole('banner').getByRole('button', { name: /Pat/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, email, password);
  const step = page.getByRole('form', { name: 'Two-step verification' });
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\//);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});
