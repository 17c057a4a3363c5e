import { expect, test, type Page } from '@playwright/test';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../common/reference-lists';
import { signIn } from './helpers';

/**
 * Issue #29: at 1280×800 and 1440×900 with the sidebar open every list shows all its columns
 * without scrolling sideways (at 390 px tables still scroll, viewports.spec.ts).
 */
const LISTS = [
  '/admin/users',
  '/admin/restaurants',
  '/admin/bookings',
  ...REFERENCE_LIST_KEYS.map((key) => `/admin/${REFERENCE_LISTS[key].route}`),
  '/admin/reviews',
  '/admin/content',
  '/admin/approvals',
  '/admin/audit-log',
  '/admin/team',
];

/**
 * What of the page's tables is not wholly inside the window: each column header, each cell of the
 * first row and everything in those cells; and any of their boxes that scrolls sideways.
 */
function outOfView(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const table of document.querySelectorAll('.ant-table-wrapper')) {
      const firstRow = table.querySelector('tbody tr.ant-table-row');
      const shown = [
        ...table.querySelectorAll('thead th'),
        ...(firstRow
          ? [...firstRow.querySelectorAll('td'), ...firstRow.querySelectorAll('td *')]
          : []),
      ];
      for (const element of shown) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && (box.left < 0 || box.right > width)) {
          out.push(
            `${element.tagName} "${element.textContent?.slice(0, 30)}" ends at ${box.right}`,
          );
        }
      }
      for (const box of table.querySelectorAll('.ant-table-container, .ant-table-content')) {
        if (box.scrollWidth > box.clientWidth) {
          out.push(`scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
        }
      }
    }
    return out;
  });
}

/**
 * The widest seven-digit total the seed's currencies give. The seed's totals stay far below it, so
 * the first booking of every bookings list the server sends is shown with this total instead.
 */
const LONG_TOTAL = { amount: 1234567.89, currency: 'CAD', text: 'C$1,234,567.89' };

async function withLongTotal(page: Page) {
  await page.route('**/api/v1/admin/bookings?**', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { currency: string; paymentDetails: { total: number } }[];
      };
      if (body.data[0]) {
        body.data[0].currency = LONG_TOTAL.currency;
        body.data[0].paymentDetails.total = LONG_TOTAL.amount;
      }
      await route.fulfill({ response, json: body });
    } catch {
      // The page went on before the answer came: nothing to show it in.
    }
  });
}

/** The list's table with its first row, or its empty text when it has none. */
async function loaded(page: Page) {
  await expect(
    page
      .locator('tbody tr.ant-table-row, .ant-table-placeholder .ant-empty, .ant-table-placeholder')
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
}

for (const [width, height] of [
  [1280, 800],
  [1440, 900],
]) {
  test(`at ${width}×${height} every column of every list is in view, the commission edit too`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height });
    await signIn(page, '/admin/dashboard');
    await expect(page.locator('.ant-layout-sider')).not.toHaveClass(/collapsed/);
    await withLongTotal(page);
    const found: Record<string, string[]> = {};
    for (const path of LISTS) {
      await page.goto(path);
      await loaded(page);
      if (path === '/admin/bookings') await expect(page.getByText(LONG_TOTAL.text)).toBeVisible();
      found[path] = await outOfView(page);
    }
    // The restaurant page: its staff and its Recent Bookings.
    await page.goto('/admin/restaurants');
    await loaded(page);
    await page
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: 'View' })
      .click();
    await expect(page.getByText('Recent Bookings (Last 5)')).toBeVisible();
    const recent = page.locator('.ant-card', { hasText: 'Recent Bookings (Last 5)' });
    await expect(recent.getByText(LONG_TOTAL.text)).toBeVisible({ timeout: 20_000 });
    found['restaurant page'] = await outOfView(page);
    // The restaurants list with a commission being edited: its input, Save and Cancel in view.
    await page.goto('/admin/restaurants');
    await loaded(page);
    const row = page.locator('tbody tr.ant-table-row').first();
    await row.getByRole('button', { name: /^Edit commission/ }).click();
    await expect(row.getByRole('button', { name: 'Save' })).toBeVisible();
    for (const control of [
      row.getByLabel('Platform Commission'),
      row.getByRole('button', { name: 'Save' }),
      row.getByRole('button', { name: 'Cancel' }),
      row.getByRole('switch'),
    ]) {
      await expect(control.first()).toBeInViewport({ ratio: 1 });
    }
    found['commission edit'] = await outOfView(page);

    expect(found).toEqual(
      Object.fromEntries([...LISTS, 'restaurant page', 'commission edit'].map((p) => [p, []])),
    );
  });
}
