import { expect, test, type Page } from '@playwright/test';
import { settled, signIn } from './helpers';

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });
/** The Audit Log filtered by its URL, and the one row about `record`. */
async function auditRow(page: Page, query: string, record: string) {
  await page.goto(`/admin/audit-log?${query}`);
  await expect(page.getByRole('columnheader', { name: 'Changes' })).toBeVisible({
    timeout: 30_000,
  });
  return row(page, record).first();
}

test('commission, fee, user status, a refund with a reason and a rejected review are in the Audit Log with before → after', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);

  // A commission, on the restaurants screen.
  type Restaurant = { _id: string; name: string; platformCommission: number | null };
  const restaurant = (
    await api<{ data: Restaurant[] }>(page, '/admin/restaurants?limit=100')
  ).data.at(-2)!;
  await page.goto(`/admin/restaurants?search=${encodeURIComponent(restaurant.name)}`);
  const r = row(page, restaurant.name).first();
  await r.getByRole('button', { name: /^Edit commission/ }).click();
  await r.getByLabel('Platform Commission').fill('7.75');
  await r.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Restaurant commission updated successfully')).toBeVisible();
  const commissionBefore =
    restaurant.platformCommission === null ? '—' : `${restaurant.platformCommission}%`;

  // The platform fee and a user's status, on the users screen.
  const fee = (await api<{ data: { platformFee: number } }>(page, '/configuration')).data
    .platformFee;
  await page.goto('/admin/users');
  const feeInput = page.getByLabel('Platform Fee (%)');
  await feeInput.fill(String(fee + 0.5));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Updated!')).toBeVisible();
  type UserRow = {
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    status: boolean;
  };
  const diner = (await api<{ data: UserRow[] }>(page, '/admin/users?limit=100')).data
    .filter((u) => u.role === 'user' && u.status)
    .at(-6)!;
  await page.getByPlaceholder('Search users by name or email...').fill(diner.email);
  await row(page, diner.email).getByRole('button', { name: 'Deactivate' }).click();
  await settled(page.getByRole('dialog', { name: 'Deactivate user' }));
  await page.keyboard.press('Enter');
  await expect(row(page, diner.email)).toContainText('Inactive');

  // Part of an order refunded with a reason and a note.
  type Booking = {
    _id: string;
    bookingRef: string;
    currency: string;
    refundProcessed: boolean;
    orders: { paymentDetails: { refundable: number } }[];
  };
  const booking = (
    await api<{ data: Booking[] }>(page, '/admin/bookings?paymentStatus=Paid&limit=100')
  ).data
    // Not a one-order booking, which the refunds spec picks.
    .filter(
      (b) =>
        b.currency === 'USD' &&
        !b.refundProcessed &&
        b.orders.length > 1 &&
        b.orders[0].paymentDetails.refundable >= 2,
    )
    .at(0)!;
  await page.goto(`/admin/bookings?booking=${booking._id}`);
  await page.getByRole('button', { name: 'Process Refund' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: /^Process Refund/ }));
  await dialog.getByLabel('Refund amount').first().fill('1.5');
  // Chosen with the keyboard: a click on the option (the list opens below the view, is scrolled
  // to and realigns as it does) twice in CI landed beside it and chose nothing.
  const reason = dialog.getByLabel('Reason (optional)').first();
  await reason.focus();
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-item-option-active');
  await expect(active).toHaveAttribute('title', 'Requested by customer');
  await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAttribute('title', 'Duplicate');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTitle('Duplicate')).toBeVisible();
  await dialog.getByLabel('Note (optional)').first().fill('Charged twice at the door');
  await dialog.getByRole('button', { name: 'Refund This Order' }).first().click();
  await settled(page.getByRole('dialog', { name: 'Confirm refund' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Order refund processed successfully')).toBeVisible();

  // A review rejected.
  type Review = { _id: string; description: string; restaurantName: string };
  const review = (
    await api<{ data: Review[] }>(page, '/admin/reviews?status=pending&limit=100')
  ).data.at(-2)!;
  const words = review.description.slice(0, 30);
  await page.goto(`/admin/reviews?status=pending&search=${encodeURIComponent(words)}`);
  await row(page, words).first().getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Review rejected successfully')).toBeVisible();

  // Each one in the Audit Log, by its filters in the URL, with before → after.
  await expect(
    await auditRow(page, `entityType=restaurant&entityId=${restaurant._id}`, restaurant.name),
  ).toContainText(`Commission: ${commissionBefore} → 7.75%`);
  await expect(await auditRow(page, 'action=configuration.update', 'Platform fee')).toContainText(
    `Platform Fee: ${fee}% → ${fee + 0.5}%`,
  );
  const dinerRow = await auditRow(page, 'action=user.status', diner.firstName);
  await expect(dinerRow).toContainText('Status: Yes → No');
  await expect(dinerRow).toContainText('User status changed');
  const refundRow = await auditRow(
    page,
    `entityType=booking&entityId=${booking._id}`,
    booking.bookingRef,
  );
  await expect(refundRow).toContainText('Amount: — → $1.50');
  await expect(refundRow).toContainText('Reason: — → Duplicate');
  await expect(refundRow).toContainText('Note: — → Charged twice at the door');
  await expect(
    await auditRow(page, `entityType=review&entityId=${review._id}`, review.restaurantName),
  ).toContainText('Status: pending → rejected');

  // And on the restaurant page's History card, with the link to its Audit Log.
  await page.goto(`/admin/restaurants/${restaurant._id}/bookings`);
  const history = page.getByTestId('record-history');
  await expect(history).toContainText(`Commission: ${commissionBefore} → 7.75%`, {
    timeout: 30_000,
  });
  await history.getByRole('link', { name: 'View in Audit Log' }).click();
  await expect(page).toHaveURL(/entityType=restaurant&entityId=/);
  await expect(page.getByText('No audit events found')).toHaveCount(0);
  await page.goto('/admin/audit-log?action=auth.logout&from=2001-01-01&to=2001-01-02');
  await expect(page.getByText('No audit events found')).toBeVisible({ timeout: 30_000 });
});
