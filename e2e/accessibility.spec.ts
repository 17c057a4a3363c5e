import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settled, signIn } from './helpers';

/**
 * axe on every screen, signed out and signed in, and with each screen's dialogs open: no
 * critical or serious violation.
 */

async function expectAccessible(page: Page, what: string) {
  // Not over a control (a hovered button has its hover colours).
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(bad).toEqual([]);
}

/** Opens a list screen and waits for its first row. */
async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
}

const firstRow = (page: Page) => page.locator('tbody tr.ant-table-row').first();

/** Checks an open dialog (after its opening animation), then closes it with Escape. */
async function checkDialog(page: Page, dialog: Locator, what: string) {
  await settled(dialog);
  await expectAccessible(page, what);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('signed out: login and forgot password', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectAccessible(page, '/login');
  // A refused sign-in shows its message.
  await page.getByRole('button', { name: 'Login' }).click();
  await expectAccessible(page, '/login with errors');
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '/forgot-password');
});

test('signed in: dashboard, users, restaurants and the restaurant page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/admin/dashboard');
  await expect(page.getByText('Total Users')).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page, '/admin/dashboard');

  await openList(page, '/admin/users');
  await expectAccessible(page, '/admin/users');
  await firstRow(page).getByRole('button', { name: 'View' }).click();
  await checkDialog(page, page.getByRole('dialog'), 'user details');
  const active = page.locator('tbody tr.ant-table-row', {
    has: page.getByRole('button', { name: 'Deactivate', exact: true }),
  });
  await active.first().getByRole('button', { name: 'Deactivate', exact: true }).click();
  await checkDialog(page, page.getByRole('dialog', { name: 'Deactivate user' }), 'deactivate user');

  await openList(page, '/admin/restaurants');
  await expectAccessible(page, '/admin/restaurants');
  await firstRow(page)
    .getByRole('button', { name: /^Edit commission/ })
    .click();
  await expectAccessible(page, 'commission edit');
  await page.keyboard.press('Escape');

  await firstRow(page).getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('button', { name: 'Back to Restaurants' })).toBeVisible();
  await expect(firstRow(page)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'restaurant page');
  const refundable = page.locator('tbody tr.ant-table-row', {
    has: page.getByRole('button', { name: 'Process Refund' }),
  });
  await refundable.first().getByRole('button', { name: 'Process Refund' }).click();
  await checkDialog(
    page,
    page.getByRole('dialog', { name: /^Process Refund/ }),
    'restaurant refund',
  );
});

test('signed in: bookings, the booking detail, refund and its confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/admin/bookings');
  await expect(firstRow(page)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, '/admin/bookings');
  const refundable = page.locator('tbody tr.ant-table-row', {
    has: page.getByRole('button', { name: 'Process Refund' }),
  });
  await refundable.first().getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('button', { name: 'Back to Bookings' })).toBeVisible();
  await expect(page.getByText('Payment Summary')).toBeVisible();
  await expectAccessible(page, 'booking detail');

  await page.getByRole('button', { name: 'Process Refund' }).first().click();
  const dialog = await settled(page.getByRole('dialog', { name: /^Process Refund/ }));
  await expectAccessible(page, 'refund');
  const amount = dialog.getByRole('spinbutton').first();
  await amount.fill('1');
  const refund = dialog.getByRole('button', { name: /^Refund This/ }).first();
  await expect(refund).toBeEnabled();
  await refund.click();
  await checkDialog(page, page.getByRole('dialog', { name: 'Confirm refund' }), 'refund confirm');
});

test('signed in: the reference lists with their dialogs', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, '/admin/dashboard');
  await openList(page, '/admin/booking-types');
  await expectAccessible(page, '/admin/booking-types');
  await page.getByRole('button', { name: '+ Add Booking Type' }).click();
  const add = page.getByRole('dialog', { name: 'Add Booking Type' });
  await settled(add);
  // With its required-field message shown.
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await checkDialog(page, add, 'add booking type');
  await firstRow(page).getByRole('button', { name: 'Delete' }).click();
  await checkDialog(page, page.getByRole('dialog', { name: 'Delete Booking Type' }), 'delete');

  for (const path of ['categories', 'ingredients', 'allergies', 'preferences', 'cuisines']) {
    await openList(page, `/admin/${path}`);
    await expectAccessible(page, `/admin/${path}`);
    await firstRow(page).getByRole('button', { name: 'Edit' }).click();
    await checkDialog(page, page.getByRole('dialog'), `edit in ${path}`);
  }
});

test('signed in: reviews, content, the editor, bulk upload and the audit log', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, '/admin/dashboard');
  await openList(page, '/admin/reviews');
  await expectAccessible(page, '/admin/reviews');
  await firstRow(page).getByRole('button', { name: 'View' }).click();
  await checkDialog(page, page.getByRole('dialog', { name: 'Review Details' }), 'review details');

  await openList(page, '/admin/content');
  await expectAccessible(page, '/admin/content');
  await page.getByRole('button', { name: 'Create Content' }).click();
  await checkDialog(page, page.getByRole('dialog', { name: 'Create Content' }), 'create content');
  await firstRow(page).getByRole('button', { name: 'Delete' }).click();
  await checkDialog(page, page.getByRole('dialog', { name: /^Delete/ }), 'delete content');

  await page.goto('/admin/text-editor');
  await expect(page.locator('.ql-editor')).toHaveAttribute('contenteditable', 'true', {
    timeout: 20_000,
  });
  await expectAccessible(page, '/admin/text-editor');
  await page.getByRole('tab', { name: 'FAQs' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expectAccessible(page, '/admin/text-editor FAQs');

  await page.goto('/admin/bulk-menu-upload');
  await expect(page.getByRole('button', { name: 'Start Upload' })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, '/admin/bulk-menu-upload');

  await openList(page, '/admin/audit-log');
  await expectAccessible(page, '/admin/audit-log');
});

test('the Approvals screen with a request, its Approve and Reject dialogs', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  // A refund request of support's for the screen to show, withdrawn at the end.
  const login = await page.request.post('/api/v1/user/login', {
    data: { email: 'support@example.com', password: 'support1234' },
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const listed = await page.request.get('/api/v1/admin/bookings?paymentStatus=Paid&limit=100', {
    headers: auth,
  });
  const { data } = (await listed.json()) as {
    data: { currency: string; orders: { _id: string; paymentDetails: { refundable: number } }[] }[];
  };
  const order = data
    .filter((b) => b.currency === 'USD')
    .flatMap((b) => b.orders)
    .find((o) => o.paymentDetails.refundable >= 101);
  const asked = await page.request.post('/api/v1/admin/orders/refund', {
    headers: auth,
    data: { orderId: order!._id, amount: 101 },
  });
  expect(asked.status()).toBe(202);
  const { approvalId } = ((await asked.json()) as { data: { approvalId: string } }).data;
  try {
    await openList(page, '/admin/approvals?status=pending');
    await expectAccessible(page, '/admin/approvals');
    await firstRow(page).getByRole('button', { name: 'Approve' }).click();
    await checkDialog(page, page.getByRole('dialog', { name: 'Approve request' }), 'approve');
    await firstRow(page).getByRole('button', { name: 'Reject' }).click();
    await checkDialog(page, page.getByRole('dialog', { name: 'Reject request' }), 'reject');
  } finally {
    await page.request.post(`/api/v1/admin/approvals/${approvalId}/cancel`, { headers: auth });
  }
});

test('the Team screen, its Add dialog, My account and the set-password page', async ({ page }) => {
  await page.goto('/set-password?token=not-a-real-token');
  await expect(page.getByRole('button', { name: 'Set password and sign in' })).toBeVisible();
  await expectAccessible(page, '/set-password');
  await signIn(page);
  await openList(page, '/admin/team');
  await expectAccessible(page, '/admin/team');
  await page.getByRole('button', { name: 'Add administrator' }).click();
  await checkDialog(
    page,
    page.getByRole('dialog', { name: 'Add administrator' }),
    'add administrator',
  );
  await openList(page, '/admin/account');
  await expectAccessible(page, '/admin/account');
});
