import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Every screen loads under the server's Content-Security-Policy with no violation and no console
 * error; the SPA and the API carry the security headers.
 */
test.describe.configure({ timeout: 180_000 });

const SCREENS = [
  'dashboard',
  'users',
  'restaurants',
  'bookings',
  'booking-types',
  'categories',
  'ingredients',
  'allergies',
  'preferences',
  'cuisines',
  'reviews',
  'text-editor',
  'content',
  'bulk-menu-upload',
];

/** Collects CSP violations (reported in the page) and console errors. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

test('every screen loads with no CSP violation and no console error', async ({ page }) => {
  const problems = await watch(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await signIn(page);
  for (const screen of SCREENS) {
    await page.goto(`/admin/${screen}`);
    await expect(page.getByRole('banner').getByRole('heading', { level: 4 })).toBeVisible();
    // Loaded when nothing spins (the live event stream keeps the network busy for good).
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  }
  // The rich-text editor (Quill, highlight.js) in its lazy chunk, with a code block.
  await page.goto('/admin/text-editor');
  await expect(page.locator('.ql-editor')).toHaveAttribute('contenteditable', 'true');
  await page.locator('.ql-toolbar button.ql-code-block').click();
  await page.keyboard.type('const x = 1;');
  // Highlighted as JavaScript (on Quill's timer): once the tokens show, highlight.js has run.
  await page.locator('.ql-editor select.ql-ui').selectOption('javascript');
  await expect(page.locator('.ql-editor .hljs-keyword')).toHaveText('const');
  // A booking's detail and a restaurant's page.
  await page.goto('/admin/bookings');
  // exact: "Save view" is a button of the list too.
  await page.getByRole('button', { name: 'View', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Back to Bookings' })).toBeVisible();
  await page.goto('/forgot-password');
  await page.waitForLoadState('load');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the SPA and the API send the security headers; API answers are not stored', async ({
  page,
}) => {
  const index = await page.request.get('/login');
  const csp = index.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(index.headers()['x-content-type-options']).toBe('nosniff');
  expect(index.headers()['x-frame-options']).toBe('DENY');
  expect(index.headers()['referrer-policy']).toBe('no-referrer');
  const api = await page.request.get('/api/v1/total/booking');
  expect(api.status()).toBe(401);
  expect(api.headers()['cache-control']).toBe('no-store');
  expect(api.headers()['content-security-policy']).toBe(csp);
});
