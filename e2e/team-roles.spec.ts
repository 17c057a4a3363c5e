import { expect, test, type Page } from '@playwright/test';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../common/reference-lists';
import { fillLogin, headerTitle, sidebar } from './helpers';

/** The demo admins of each team role (issue 25), and what their sidebar lists. */
const READ_SCREENS = [
  'Dashboard',
  'Users',
  'Restaurants',
  'Bookings',
  // The reference lists, in the registry's order.
  ...REFERENCE_LIST_KEYS.map((key) => REFERENCE_LISTS[key].menuLabel),
  'Reviews',
  'Content Management',
  'Content Items',
];
const withUpload = [...READ_SCREENS, 'Bulk Menu Upload', 'Approvals', 'Audit Log'];
const withoutUpload = [...READ_SCREENS, 'Approvals', 'Audit Log'];

const ROLES = [
  { role: 'viewer', sidebar: withoutUpload, status: false, export: false, fee: false },
  { role: 'support', sidebar: withoutUpload, status: true, export: false, fee: false },
  { role: 'finance', sidebar: withoutUpload, status: false, export: true, fee: true },
  { role: 'content', sidebar: withUpload, status: false, export: false, fee: false },
] as const;

async function signInAs(page: Page, role: string, path = '/login') {
  await page.goto(path);
  await fillLogin(page, `${role}@example.com`, `${role}1234`);
  await expect(page).toHaveURL(/\/admin\//);
  await expect(headerTitle(page)).toBeVisible();
}

for (const expected of ROLES) {
  test(`${expected.role} sees only its sidebar and actions`, async ({ page }) => {
    await signInAs(page, expected.role, '/admin/users');
    await expect(sidebar(page).getByRole('menuitem')).toHaveText(expected.sidebar);

    const firstRow = page.locator('tr.ant-table-row').first();
    await expect(firstRow.getByRole('button', { name: 'View' })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: /^(Activate|Deactivate)$/ })).toHaveCount(
      expected.status ? 1 : 0,
    );
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(
      expected.export ? 1 : 0,
    );
    await expect(page.getByText('Platform Fee (%)')).toHaveCount(expected.fee ? 1 : 0);

    // A screen the role may not open, typed in the address bar, says so inside the layout.
    if (!expected.sidebar.includes('Bulk Menu Upload')) {
      await page.goto('/admin/bulk-menu-upload');
      await expect(headerTitle(page)).toHaveText('Bulk Menu Upload');
      await expect(page.getByText('You do not have access to this page.')).toBeVisible();
      await expect(sidebar(page)).toBeVisible();
    }
  });
}
