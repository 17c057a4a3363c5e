import { expect, test, type Page } from '@playwright/test';
import { headerTitle, settled, signIn } from './helpers';

/** Every list screen (and the restaurant page): what its first column header says. */
const LISTS = [
  ['/admin/users', 'Name'],
  ['/admin/restaurants', 'Name'],
  ['/admin/bookings', 'Booking Ref'],
  ['/admin/booking-types', 'Name'],
  ['/admin/reviews', 'User'],
  ['/admin/content', 'Title'],
] as const;

async function noSidewaysPageScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** The header cell is fully inside the window (no sideways scrolling needed to see it). */
async function inView(page: Page, name: string) {
  const cell = page.getByRole('columnheader', { name, exact: true }).first();
  await expect(cell).toBeVisible();
  const box = (await cell.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
}

for (const [width, height] of [
  [1280, 800],
  [1440, 900],
]) {
  test(`at ${width}×${height} every table's Actions column is visible without scrolling`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    await signIn(page, '/admin/dashboard');
    for (const [path, first] of LISTS) {
      await openList(page, path);
      await inView(page, first);
      await inView(page, 'Actions');
      await noSidewaysPageScroll(page);
    }
    // The restaurant page's bookings.
    await openList(page, '/admin/restaurants');
    await page
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: 'View' })
      .click();
    await expect(page.getByRole('button', { name: 'Back to Restaurants' })).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await inView(page, 'Actions');
    await noSidewaysPageScroll(page);
  });
}

test('at 390×844 the sidebar is a drawer, titles stay on one line, tables scroll in their card', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/admin/dashboard');
  await expect(page.locator('aside')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Sidebar' });
  await drawer.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(drawer).toBeHidden();
  await noSidewaysPageScroll(page);

  for (const [path, first] of LISTS) {
    await openList(page, path);
    // One line: the title is no taller than a line and ends inside the header.
    const title = (await headerTitle(page).boundingBox())!;
    expect(title.height).toBeLessThan(40);
    expect(title.x + title.width).toBeLessThanOrEqual(390);
    await inView(page, first);
    await inView(page, 'Actions');
    await noSidewaysPageScroll(page);
  }
});

test('at 1280×800 a long name is cut with an ellipsis and shown whole in a tooltip', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `Long ${Date.now().toString(36)} ${'booking type for very large parties '.repeat(2)}`
    .slice(0, 100)
    .trim();
  await signIn(page, '/admin/booking-types');
  await page.getByRole('button', { name: '+ Add Booking Type' }).click();
  const add = await settled(page.getByRole('dialog', { name: 'Add Booking Type' }));
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await page.getByPlaceholder(/^Search/).fill(name.slice(0, 40));
  const cell = page.locator('tbody tr.ant-table-row').first().locator('.list-cell-text').first();
  await expect(cell).toHaveText(name);
  // One line, cut: the text is wider than its box, which ends well inside the window.
  const [scroll, client, height] = await cell.evaluate((el) => [
    el.scrollWidth,
    el.clientWidth,
    el.getBoundingClientRect().height,
  ]);
  expect(scroll).toBeGreaterThan(client);
  expect(height).toBeLessThan(30);
  await inView(page, 'Actions');
  await noSidewaysPageScroll(page);
  await cell.hover();
  await expect(page.getByRole('tooltip')).toHaveText(name);
});

test('at 390×844 a scrolled table keeps its first column and actions in view', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/admin/dashboard');
  const pages = [...LISTS.map(([path]) => path), 'restaurant page'];
  for (const path of pages) {
    if (path === 'restaurant page') {
      await openList(page, '/admin/restaurants');
      await page
        .locator('tbody tr.ant-table-row')
        .first()
        .getByRole('button', { name: 'View' })
        .click();
      await expect(page.getByRole('button', { name: 'Back to Restaurants' })).toBeVisible();
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    } else await openList(page, path);
    // Scrolled to its far right inside the card: the first cell of a row is still in view.
    const table = page.locator('.ant-table-content, .ant-table-body').last();
    await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const first = page.locator('tbody tr.ant-table-row').last().locator('td').first();
    const box = (await first.boundingBox())!;
    expect(box.x, `${path}: first column`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${path}: first column`).toBeLessThanOrEqual(390);
    await inView(page, 'Actions');
    await noSidewaysPageScroll(page);
  }
});

test('at 390×844 the dashboard activity titles keep the card width', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/admin/dashboard');
  const card = page.locator('.ant-card', { hasText: 'Recent Activity' });
  const title = card.locator('li strong').first();
  await expect(title).toBeVisible({ timeout: 20_000 });
  const [titleBox, cardBox] = [(await title.boundingBox())!, (await card.boundingBox())!];
  // The text column takes the card's width (the time goes under it), not a narrow strip.
  const column = (await title.locator('xpath=../..').boundingBox())!;
  expect(column.width).toBeGreaterThan(cardBox.width * 0.6);
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await noSidewaysPageScroll(page);
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width}×${height} a long restaurant name beside its logo is cut with an ellipsis`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const name = `Long ${'Restaurant and Wine Bar of the Old Harbour '.repeat(3)}`.trim();
    // The first restaurant of the list answer gets a long name (and a logo, if it has none).
    await page.route('**/api/v1/admin/restaurants?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { name: string; profilePicture: string | null }[];
      };
      const logo = body.data.find((row) => row.profilePicture)?.profilePicture ?? null;
      body.data[0] = { ...body.data[0], name, profilePicture: body.data[0].profilePicture ?? logo };
      await route.fulfill({ response, json: body });
    });
    await signIn(page, '/admin/dashboard');
    await openList(page, '/admin/restaurants');
    const row = page.locator('tbody tr.ant-table-row').first();
    // The name's cell (after the row's checkbox for bulk actions).
    const cell = row.locator('td:not(.ant-table-selection-column)').first();
    const logo = cell.locator('.ant-avatar img');
    await expect(logo).toBeVisible();
    const text = cell.locator('.list-cell-text');
    await expect(text).toHaveText(name);
    // One line, cut: the text is wider than its box; logo and text side by side in the cell.
    const [scroll, client, lineHeight] = await text.evaluate((el) => [
      el.scrollWidth,
      el.clientWidth,
      el.getBoundingClientRect().height,
    ]);
    expect(scroll).toBeGreaterThan(client);
    expect(lineHeight).toBeLessThan(30);
    const [logoBox, textBox, cellBox] = [
      (await logo.boundingBox())!,
      (await text.boundingBox())!,
      (await cell.boundingBox())!,
    ];
    expect(textBox.x).toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
    expect(
      Math.abs(textBox.y + textBox.height / 2 - (logoBox.y + logoBox.height / 2)),
    ).toBeLessThan(8);
    expect(textBox.x + textBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width);
    // The row's actions stay in view.
    await inView(page, 'Actions');
    const view = row.getByRole('button', { name: 'View' });
    const viewBox = (await view.boundingBox())!;
    expect(viewBox.x + viewBox.width).toBeLessThanOrEqual(width);
    await noSidewaysPageScroll(page);
    await text.hover();
    await expect(page.getByRole('tooltip')).toHaveText(name);
  });
}
