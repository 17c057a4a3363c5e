import { expect, test, type Page } from '@playwright/test';
import { settled, signIn } from './helpers';

type Booking = {
  _id: string;
  bookingRef: string;
  status: string;
  PaymentStatus: string;
  currency: string;
  refundProcessed: boolean;
  orders: { _id: string; paymentDetails: { total: number; refundable: number } }[];
};

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/**
 * A seeded confirmed, paid USD booking with exactly one order and no refund yet. Taken from the
 * end of the list (oldest arrivals), where other specs' "first row" choices do not reach.
 */
async function pickBooking(page: Page): Promise<Booking> {
  const body = await apiGet<{ data: Booking[] }>(
    page,
    '/admin/bookings?bookingStatus=confirmed&paymentStatus=Paid&limit=100',
  );
  const candidates = body.data.filter(
    (b) =>
      b.currency === 'USD' &&
      !b.refundProcessed &&
      b.orders.length === 1 &&
      b.orders[0].paymentDetails.total >= 5,
  );
  expect(candidates.length).toBeGreaterThan(0);
  return candidates[candidates.length - 1];
}

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

test('filter and page bookings, open one, save notes, refund part then the rest, refuse over-balance', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);

  await test.step('filter by booking status: in the URL, every row confirmed, then page 2', async () => {
    await page.goto('/admin/bookings');
    // The first visit loads the page's chunk, which can take a while on a busy machine.
    await expect(page.getByRole('columnheader', { name: 'Booking Ref' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
    await page.getByLabel('Booking status').click();
    await page.locator('.ant-select-item-option[title="Confirmed"]').click();
    await expect(page).toHaveURL(/bookingStatus=confirmed/);
    const statusCells = page.locator('tbody tr.ant-table-row td:nth-child(7)');
    await expect(statusCells.first()).toHaveText('Confirmed');
    for (const text of await statusCells.allTextContents()) expect(text).toBe('Confirmed');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  });

  const booking = await test.step('search one booking by its reference and open it', async () => {
    const picked = await pickBooking(page);
    await page
      .getByPlaceholder('Search bookings by name, email or restaurant...')
      .fill(picked.bookingRef);
    const row = page.getByRole('row').filter({ hasText: picked.bookingRef });
    await expect(row).toHaveCount(1);
    await expect(page).not.toHaveURL(/page=2/);
    await row.getByRole('button', { name: 'View' }).click();
    await expect(page.getByRole('button', { name: 'Back to Bookings' })).toBeVisible();
    for (const title of ['Customer Information', 'Payment Summary', 'Booking Activities']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    return picked;
  });
  const order = booking.orders[0];

  await test.step('admin notes survive a reload as the plain text typed; markup in them never runs', async () => {
    const id = Date.now().toString(36);
    const notes = `E2E note ${id} & <img src=x onerror="window.__ran=1">call <b>first</b>`;
    await page.getByLabel('Admin Notes').fill(notes);
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Notes' })).toBeVisible({ timeout: 5000 });
    await page.reload();
    await expect(page.getByLabel('Admin Notes')).toHaveValue(notes);
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
  });

  const part = 1.25;
  const dialog = page.getByRole('dialog', { name: /^Process Refund/ });
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  const history = page.locator('.ant-card').filter({ hasText: 'Refund History' });
  const refundPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /refund/.test(request.url()))
      refundPosts.push(request.url());
  });

  await test.step('refund part of the order: nothing is sent before the confirmation; Escape cancels it, Enter confirms', async () => {
    await page.getByRole('button', { name: 'Process Refund' }).click();
    await expect(dialog).toContainText(`Process Refund - ${booking.bookingRef}`);
    await expect(dialog.getByRole('button', { name: 'Refund This Order' })).toBeDisabled();
    await dialog.getByLabel('Refund amount').fill(String(part));
    await dialog.getByRole('button', { name: 'Refund This Order' }).click();
    await settled(confirm);
    await expect(confirm).toContainText(`Refund ${usd(part)} on the order of`);
    await expect(confirm).toContainText(
      `Remaining balance after this refund: ${usd(order.paymentDetails.refundable - part)}`,
    );
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    expect(refundPosts).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Refund This Order' }).click();
    await settled(confirm);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(refundPosts).toHaveLength(1);
    await expect(page.getByText('Order refund processed successfully')).toBeVisible();
    await expect(history).toContainText(usd(part));
    await expect(history).toContainText('Ada Admin');
    await expect(page.getByText('Refund processed', { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Refund of ${part.toFixed(2)} USD processed`, { exact: false }),
    ).toBeVisible();
  });

  const remaining = Math.round((order.paymentDetails.refundable - part) * 100) / 100;

  await test.step('over the remaining balance: the form refuses it before asking, nothing is sent', async () => {
    await page.getByRole('button', { name: 'Process Refund' }).click();
    await expect(dialog).toContainText(`Maximum refundable amount: ${usd(remaining)}`);
    await dialog.getByLabel('Refund amount').fill(String(remaining + 1));
    await dialog.getByRole('button', { name: 'Refund This Order' }).click();
    await expect(
      dialog.getByText('Refund amount cannot exceed the remaining refundable amount of this order'),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    expect(refundPosts).toHaveLength(1);
  });

  await test.step('the rest: fully refunded, payment status Refund, no more Process Refund', async () => {
    await dialog.getByLabel('Refund amount').fill(remaining.toFixed(2));
    await dialog.getByRole('button', { name: 'Refund This Order' }).click();
    await (await settled(confirm)).getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    const details = page.locator('.ant-card').filter({ hasText: 'Booking Details' });
    await expect(details.getByText('Refund', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Process Refund' })).toHaveCount(0);
    await expect(history.locator('tbody tr')).toHaveCount(2);
  });

  await test.step('back in the list: the badge and the payment status', async () => {
    await page.getByRole('button', { name: 'Back to Bookings' }).click();
    const listed = page.getByRole('row').filter({ hasText: booking.bookingRef });
    await expect(listed).toContainText('Refund processed');
    await expect(listed.getByRole('button', { name: 'Process Refund' })).toHaveCount(0);
  });
});
