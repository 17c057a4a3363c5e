import { expect, test } from '@playwright/test';

// The contract reference at /api/docs (built by npm run build): it renders in Chromium under its
// own Content-Security-Policy with no violation and nothing fetched from another origin.
test('/api/docs shows the contract with no CSP violation and no request elsewhere', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) {
      problems.push(`request to ${request.url()}`);
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(page.getByRole('heading', { name: 'marketplace-admin API (1.0.0)' })).toBeVisible();
  await page.getByText('Refunds', { exact: true }).first().click();
  await expect(page.getByText('Refund an order', { exact: true }).first()).toBeVisible();
  // Search builds its index in the page (no worker: that would need eval).
  await page.getByText('Search', { exact: false }).first().click();
  await page.keyboard.type('idempotency');
  await expect(page.getByText('header parameters → Idempotency-Key').first()).toBeVisible();
  expect(problems).toEqual([]);
});
