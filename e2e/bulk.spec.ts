import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

type Review = { _id: string; userEmail: string; restaurantName: string; version: number };

test('bulk approve of five reviews, one changed meanwhile: 4 done and 1 conflict, which stays selected', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, '/admin/reviews?status=pending');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });

  // The first five rows of the screen, as the API lists them (same filter, same order).
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const listed = await page.request.get('/api/v1/admin/reviews?status=pending&skip=0&limit=10', {
    headers,
  });
  const five = ((await listed.json()) as { data: Review[] }).data.slice(0, 5);
  expect(five).toHaveLength(5);
  for (let i = 0; i < 5; i += 1) {
    await rows.nth(i).locator('.ant-table-selection-column input[type="checkbox"]').check();
  }
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('5 selected');

  // Meanwhile another admin rejects the third one (through the API).
  const changed = five[2];
  const rejected = await page.request.put(`/api/v1/admin/review/${changed._id}`, {
    headers: { ...headers, 'If-Match': `"${changed.version}"` },
    data: { status: 'rejected' },
  });
  expect(rejected.status()).toBe(200);

  const sent = page.waitForRequest((request) => request.url().includes('/admin/reviews/bulk'));
  await bar.getByRole('button', { name: 'Approve' }).click();
  const body = (await sent).postDataJSON() as { items: { _id: string }[]; status: string };
  expect(body.status).toBe('approved');
  expect(body.items.map((item) => item._id).sort()).toEqual(five.map((r) => r._id).sort());

  await expect(page.getByText('4 done, 1 changed by someone else')).toBeVisible();
  const results = page.getByLabel('Results by row');
  await expect(results).toContainText(
    `${changed.userEmail} on ${changed.restaurantName}: Changed by someone else.`,
  );
  await expect(results).toContainText('Reload to see it.');
  await expect(bar).toContainText('1 selected');

  // The server holds 4 approved and the colleague's rejection.
  const idsWith = async (status: string) => {
    const answer = await page.request.get(`/api/v1/admin/reviews?status=${status}&limit=1000`, {
      headers,
    });
    return new Set(((await answer.json()) as { data: Review[] }).data.map((r) => r._id));
  };
  const [approved, rejectedIds] = [await idsWith('approved'), await idsWith('rejected')];
  for (const review of five) {
    expect((review._id === changed._id ? rejectedIds : approved).has(review._id)).toBe(true);
  }
});
