import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, fillLogin, headerTitle, SUPPORT } from './helpers';

type Row = { _id: string; name: string; platformCommission: number | null };

/** A browser of its own, signed in as `who`, on `path`. */
async function signedIn(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await fillLogin(page, who.email, who.password);
  await expect(page).toHaveURL(/\/admin\//);
  await expect(headerTitle(page)).toBeVisible();
  return { context, page };
}

test("a commission changed in one browser appears in the other's restaurants list without a reload", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const watching = await signedIn(browser, SUPPORT, '/admin/restaurants');
  const editing = await signedIn(browser, ADMIN, '/admin/restaurants');
  const token = await editing.page.evaluate(() => window.localStorage.getItem('token'));
  const res = await editing.page.request.get('/api/v1/admin/restaurants?search=golden%20fork', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [target] = ((await res.json()) as { data: Row[] }).data;
  const next = target.platformCommission === 9.75 ? 9.5 : 9.75;
  const rowIn = (page: typeof watching.page) =>
    page.locator('tr.ant-table-row', { hasText: target.name });

  // Both show the row; the watching browser will not be reloaded or navigated again.
  for (const { page } of [watching, editing]) {
    await page.getByPlaceholder('Search restaurants by name...').fill('golden fork');
    await expect(rowIn(page)).toHaveCount(1);
  }
  await expect(rowIn(watching.page)).not.toContainText(`${next}%`);
  const navigations: string[] = [];
  watching.page.on('framenavigated', (frame) => navigations.push(frame.url()));

  const row = rowIn(editing.page);
  await row.getByRole('button', { name: /^Edit commission/ }).click();
  await row.getByLabel('Platform Commission').fill(String(next));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(editing.page.getByText('Restaurant commission updated successfully')).toBeVisible();

  await expect(rowIn(watching.page)).toContainText(`${next}%`);
  expect(navigations).toEqual([]);

  await watching.context.close();
  await editing.context.close();
});
