import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillLogin, headerTitle, settled, sidebar } from './helpers';

const SUPPORT = { email: 'support@example.com', password: 'support1234' };
const FINANCE = { email: 'finance@example.com', password: 'finance1234' };

type Booking = {
  _id: string;
  bookingRef: string;
  currency: string;
  orders: { _id: string; user: { name: string }; paymentDetails: { refundable: number } }[];
};

/** A browser of its own, signed in as `who`. */
async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, who.email, who.password);
  await expect(page).toHaveURL(/\/admin\//);
  await expect(headerTitle(page)).toBeVisible();
  return { context, page };
}

/**
 * A paid USD booking with an order from which more can be refunded than support's limit
 * (100 USD), from the start of the list (newest arrivals; the refunds spec takes the oldest).
 */
async function pickOrder(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get(
    '/api/v1/admin/bookings?bookingStatus=confirmed&paymentStatus=Paid&limit=100',
    { headers: { authorization: `Bearer ${token}` } },
  );
  const { data } = (await res.json()) as { data: Booking[] };
  for (const booking of data.filter((b) => b.currency === 'USD')) {
    const order = booking.orders.find((o) => o.paymentDetails.refundable >= 101);
    if (order) return { booking, customer: order.user.name };
  }
  throw new Error('No paid USD booking with an order above 100 USD');
}

test('support asks for a large refund, finance approves it, the booking shows both names', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const support = await signedIn(browser, SUPPORT);
  const { booking, customer } = await pickOrder(support.page);

  await test.step('support: above the limit the button asks for approval, and the booking then waits', async () => {
    const { page } = support;
    await page.goto(`/admin/bookings?search=${encodeURIComponent(booking.bookingRef)}`);
    const row = page.getByRole('row').filter({ hasText: booking.bookingRef });
    await row.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: /^Process Refund/ }));
    const card = dialog.locator('.ant-card').filter({ hasText: customer });
    await card.getByLabel('Refund amount').fill('101');
    await expect(card).toContainText(
      'The Support role may refund up to 100 USD at a time; above it, another admin approves.',
    );
    await card.getByRole('button', { name: 'Request approval' }).click();
    const confirm = await settled(page.getByRole('dialog', { name: 'Request approval' }));
    await expect(confirm).toContainText(
      `Send a refund of $101.00 on the order of ${customer} for approval?`,
    );
    await confirm.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText('Refund of $101.00 sent for approval')).toBeVisible();
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: 'Process Refund' }).click();
    await expect(card).toContainText('Waiting for approval');
    await expect(card).toContainText('requested by Sam Support');
    await expect(card.getByLabel('Refund amount')).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('finance, in another browser: the sidebar counts it, Approve carries it out', async () => {
    const finance = await signedIn(browser, FINANCE);
    const { page } = finance;
    await expect(sidebar(page).getByTitle('1 waiting for your decision')).toBeVisible();
    await sidebar(page)
      .getByRole('link', { name: /^Approvals/ })
      .click();
    await expect(headerTitle(page)).toHaveText('Approvals');
    const row = page.getByRole('row').filter({ hasText: booking.bookingRef });
    await expect(row).toContainText(
      `Refund $101.00 on the order of ${customer} of booking ${booking.bookingRef}`,
    );
    await expect(row).toContainText('Sam Support');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = await settled(page.getByRole('dialog', { name: 'Approve request' }));
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Refund of $101.00 approved and processed')).toBeVisible();
    await expect(row).toContainText('Approved');
    await expect(row).toContainText('by Fiona Finance');
    await expect(sidebar(page).getByTitle(/waiting for your decision/)).toHaveCount(0);
    await finance.context.close();
  });

  await test.step('support: the booking shows the refund, who asked and who approved', async () => {
    const { page } = support;
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: booking.bookingRef });
    await row.getByRole('button', { name: 'View' }).click();
    const history = page.locator('.ant-card').filter({ hasText: 'Refund History' });
    const refund = history.locator('tbody tr').filter({ hasText: '$101.00' });
    await expect(refund).toContainText('Sam Support');
    await expect(refund).toContainText('Fiona Finance');
    const activities = page.locator('.ant-card').filter({ hasText: 'Booking Activities' });
    await expect(activities).toContainText(
      'Refund of $101.00 requested by Sam Support, approved by Fiona Finance',
    );
    await support.context.close();
  });
});
