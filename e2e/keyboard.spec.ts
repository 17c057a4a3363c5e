import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, settled, signIn } from './helpers';
import { press, tabTo, unreached, walk, withoutIndicator } from './focus-walk';

/**
 * Issue #17 §6, keyboard: on every screen Tab reaches every control (nothing clickable is left
 * out), each shows that it has the focus, and the actions (row actions, pager, filters, tabs,
 * the sidebar, dialogs) work with Enter, Space, the arrow keys and Escape.
 */

const rows = (page: Page) => page.locator('tbody tr.ant-table-row');

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
}

/** A full Tab walk of what is on screen: every stop shows its focus, nothing is left out. */
async function expectKeyboardComplete(page: Page, what: string) {
  const stops = await walk(page);
  expect(stops.length, `${what}: stops`).toBeGreaterThan(2);
  expect(withoutIndicator(stops), `${what}: controls without a focus indicator`).toEqual([]);
  expect(await unreached(page), `${what}: controls Tab never reaches`).toEqual([]);
  return stops;
}

/** Walks an open dialog (its focus stays inside) and closes it with Escape. */
async function walkDialog(page: Page, dialog: Locator, what: string) {
  await settled(dialog);
  const stops = await walk(page, { max: 40 });
  expect(withoutIndicator(stops), `${what}: controls without a focus indicator`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Tab until the control has the focus, then press the key (Enter unless told). */
async function activate(page: Page, control: Locator, key = 'Enter') {
  await tabTo(page, control);
  await page.keyboard.press(key);
}

test('signed out: the login form by keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectKeyboardComplete(page, '/login');
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\//);
});

test('every screen: Tab reaches every control and each shows its focus', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, '/admin/dashboard');
  await expect(page.getByText('Total Users')).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0, { timeout: 20_000 });
  await expectKeyboardComplete(page, '/admin/dashboard');

  for (const path of [
    '/admin/users',
    '/admin/restaurants',
    '/admin/bookings',
    '/admin/booking-types',
    '/admin/cuisines',
    '/admin/reviews',
    '/admin/content',
    '/admin/audit-log',
  ]) {
    await openList(page, path);
    await expectKeyboardComplete(page, path);
  }

  // Backwards too: Shift+Tab passes the same controls.
  await openList(page, '/admin/users');
  const forward = await walk(page);
  const backward = await walk(page, { key: 'Shift+Tab' });
  const labels = (stops: { label: string }[]) =>
    [...new Set(stops.map((stop) => stop.label))].sort();
  expect(labels(backward)).toEqual(labels(forward));

  await openList(page, '/admin/restaurants');
  await rows(page).first().getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('button', { name: 'Back to Restaurants' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  await expectKeyboardComplete(page, 'restaurant page');

  await openList(page, '/admin/bookings');
  await rows(page).first().getByRole('button', { name: 'View' }).click();
  await expect(page.getByText('Payment Summary')).toBeVisible({ timeout: 20_000 });
  await expectKeyboardComplete(page, 'booking detail');

  await page.goto('/admin/bulk-menu-upload');
  await expect(page.getByRole('button', { name: 'Start Upload' })).toBeVisible({
    timeout: 20_000,
  });
  await expectKeyboardComplete(page, '/admin/bulk-menu-upload');

  // The editor's tabs: Tab reaches the selected one, the arrow keys the others.
  await page.goto('/admin/text-editor');
  await expect(page.locator('.ql-editor')).toHaveAttribute('contenteditable', 'true', {
    timeout: 20_000,
  });
  await walk(page);
  await tabTo(page, page.getByRole('tab', { selected: true }));
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await press(page, key);
  expect(await unreached(page), 'editor: controls never reached').toEqual([]);
  expect(withoutIndicator(await walk(page)), 'editor: without a focus indicator').toEqual([]);
});

test('the sidebar, the header and the editor tabs by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/admin/dashboard');
  await activate(page, page.getByRole('menuitem', { name: 'Reviews' }).getByRole('link'));
  await expect(page).toHaveURL(/\/admin\/reviews$/);

  await activate(page, page.getByRole('button', { name: 'Collapse sidebar' }));
  await expect(page.locator('aside')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.keyboard.press('Enter');
  await expect(page.locator('aside')).not.toHaveClass(/ant-layout-sider-collapsed/);

  await activate(page, page.getByRole('banner').getByRole('button', { name: /Admin/ }));
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Tabs: the arrow keys move between them, Enter opens one.
  await page.goto('/admin/text-editor');
  await expect(page.locator('.ql-editor')).toHaveAttribute('contenteditable', 'true', {
    timeout: 20_000,
  });
  // Tab leaves the editor and types nothing into it: the keyboard is never trapped there.
  const editor = page.locator('.ql-editor');
  await tabTo(page, editor);
  const text = await editor.innerHTML();
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  expect(await editor.innerHTML()).toBe(text);

  await tabTo(page, page.getByRole('tab', { name: 'Privacy Policy' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const faqs = page.getByRole('tab', { name: 'FAQs' });
  await expect(faqs).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(faqs).toHaveAttribute('aria-selected', 'true');

  // A confirmation: Escape cancels, Enter confirms (the FAQ leaves the list, not yet saved).
  const list = page.getByRole('list', { name: 'FAQs' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const count = await list.getByRole('listitem').count();
  await activate(page, page.getByRole('button', { name: 'Delete FAQ 1' }));
  const confirm = page.getByRole('dialog', { name: 'Delete FAQ' });
  await settled(confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Delete FAQ 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await settled(confirm);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(count - 1);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Another tab asks first (the Enter that opens the question does not answer it): Escape
  // keeps editing, Enter discards.
  const terms = page.getByRole('tab', { name: 'Terms & Conditions' });
  await tabTo(page, faqs, { key: 'Shift+Tab' });
  await page.keyboard.press('ArrowLeft');
  await expect(terms).toBeFocused();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await settled(ask);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(faqs).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(count - 1);
  await tabTo(page, faqs, { key: 'Shift+Tab' });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await settled(ask);
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Terms & Conditions' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('users and restaurants: row actions, dialogs, pager and filters by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, '/admin/dashboard');
  await openList(page, '/admin/users');
  const firstView = rows(page).first().getByRole('button', { name: 'View' });
  await activate(page, firstView);
  await walkDialog(page, page.getByRole('dialog', { name: 'User Details' }), 'user details');
  await expect(firstView).toBeFocused();

  // A confirmation opened from the keyboard: Escape cancels.
  const deactivate = rows(page).getByRole('button', { name: 'Deactivate', exact: true }).first();
  await activate(page, deactivate);
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
  await walkDialog(page, confirm, 'deactivate user');
  await expect(deactivate).toBeVisible();

  await activate(page, page.getByRole('button', { name: 'Next' }));
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();

  await openList(page, '/admin/restaurants');
  // A filter: the arrow keys open the select and pick an option, Enter takes it.
  await tabTo(page, page.getByRole('combobox', { name: 'Status' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ant-select-item-option[title="Active"]')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/online=true/);
  await expect(rows(page).first()).toContainText('Active');

  // The commission: Enter edits, Escape cancels and gives the focus back to the value.
  const row = rows(page).first();
  const commission = row.getByRole('button', { name: /^Edit commission/ });
  const before = await commission.textContent();
  await activate(page, commission);
  const input = row.getByLabel('Platform Commission');
  await expect(input).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type('9');
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
  await expect(commission).toHaveText(before!);
  await expect(commission).toBeFocused();

  // Featured: Space switches it (and back).
  const featured = row.getByRole('switch');
  const checked = await featured.getAttribute('aria-checked');
  await activate(page, featured, 'Space');
  await expect(featured).not.toHaveAttribute('aria-checked', checked!);
  await expect(featured).not.toHaveClass(/ant-switch-loading/);
  await expect(featured).toBeFocused();
  await page.keyboard.press('Space');
  await expect(featured).toHaveAttribute('aria-checked', checked!);

  // Deactivate (no confirmation on a restaurant) and Activate again.
  const name = (await row.locator('.list-cell-text').first().textContent())!;
  const same = rows(page).filter({ hasText: name });
  await activate(page, same.getByRole('button', { name: 'Deactivate' }));
  await expect(page).toHaveURL(/online=true/);
  await page.goto('/admin/restaurants?online=false');
  await expect(same.getByRole('button', { name: 'Activate' })).toBeVisible({ timeout: 20_000 });
  await activate(page, same.getByRole('button', { name: 'Activate' }));
  // Active again: it leaves the list of inactive ones.
  await expect(same).toHaveCount(0);

  // View opens the restaurant page; its Process Refund opens the refund dialog.
  await openList(page, '/admin/restaurants');
  await activate(page, rows(page).first().getByRole('button', { name: 'View' }));
  await expect(page).toHaveURL(/\/admin\/restaurants\/[^/]+\/bookings/);
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  const refund = rows(page).getByRole('button', { name: 'Process Refund' }).first();
  if (await refund.count()) {
    await activate(page, refund);
    await walkDialog(page, page.getByRole('dialog', { name: /^Process Refund/ }), 'refund');
  }
  await activate(page, page.getByRole('button', { name: 'Back to Restaurants' }), 'Enter');
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
});

test('bookings, refunds, reference lists, reviews, content and the audit log by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, '/admin/dashboard');
  await openList(page, '/admin/bookings');
  const refundable = rows(page).filter({
    has: page.getByRole('button', { name: 'Process Refund' }),
  });
  await activate(page, refundable.first().getByRole('button', { name: 'Process Refund' }));
  const dialog = page.getByRole('dialog', { name: /^Process Refund/ });
  await settled(dialog);
  await tabTo(page, dialog.getByLabel('Refund amount').first());
  await page.keyboard.type('1');
  await activate(page, dialog.getByRole('button', { name: /^Refund This/ }).first());
  // The confirmation: Escape cancels it and leaves the refund dialog open.
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await walkDialog(page, confirm, 'confirm refund');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await activate(page, rows(page).first().getByRole('button', { name: 'View' }));
  await expect(page.getByRole('button', { name: 'Back to Bookings' })).toBeVisible();
  await activate(page, page.getByRole('button', { name: 'Back to Bookings' }));
  await expect(rows(page).first()).toBeVisible();

  await openList(page, '/admin/booking-types');
  await activate(page, page.getByRole('button', { name: '+ Add Booking Type' }));
  await walkDialog(page, page.getByRole('dialog', { name: 'Add Booking Type' }), 'add');
  await activate(page, rows(page).first().getByRole('button', { name: 'Edit' }));
  await walkDialog(page, page.getByRole('dialog'), 'edit booking type');
  await activate(page, rows(page).first().getByRole('button', { name: 'Delete' }));
  await walkDialog(page, page.getByRole('dialog', { name: 'Delete Booking Type' }), 'delete');

  await openList(page, '/admin/reviews');
  await activate(page, rows(page).first().getByRole('button', { name: 'View' }));
  await walkDialog(page, page.getByRole('dialog', { name: 'Review Details' }), 'review');

  await openList(page, '/admin/content');
  await activate(page, page.getByRole('button', { name: 'Create Content' }));
  await walkDialog(page, page.getByRole('dialog', { name: 'Create Content' }), 'create content');
  await activate(page, rows(page).first().getByRole('button', { name: 'Delete' }));
  await walkDialog(page, page.getByRole('dialog', { name: /^Delete/ }), 'delete content');

  // The audit log: an admin's name is a link that filters by that admin.
  await openList(page, '/admin/audit-log');
  await activate(page, rows(page).getByRole('link').first());
  await expect(page).toHaveURL(/actorId=|\/admin\/(?!audit-log)/);
});
