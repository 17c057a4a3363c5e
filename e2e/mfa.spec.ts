import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { addAdministrator, fillLogin, headerTitle, settled } from './helpers';

/**
 * Two-step verification in the browser, for an administrator of its own (the demo logins keep
 * signing in with the password alone): an authenticator app added on My account with codes
 * computed from the key shown on screen, a sign-in with a code (a wrong one first), and a refund
 * that asks "Confirm it's you" and is then made once.
 */

const PERIOD_MS = 30_000;
/** A code from the step before the current one is typed only with this much of the step left. */
const MARGIN_MS = 8_000;

/**
 * The authenticator app of the test: each code is accepted once per admin (the server keeps the
 * steps used), within ±1 step. `code()` gives one not used yet (the current step's, the next
 * one's, or the previous one's while it has time left), or null when all are used.
 */
class Authenticator {
  private readonly used = new Set<number>();
  private readonly totp: OTPAuth.TOTP;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_MS / 1000,
      secret: OTPAuth.Secret.fromBase32(secret),
    });
  }

  private candidates(now = Date.now()): number[] {
    const step = Math.floor(now / PERIOD_MS);
    const left = (step + 1) * PERIOD_MS - now;
    return left > MARGIN_MS ? [step, step + 1, step - 1] : [step, step + 1];
  }

  available(): boolean {
    return this.candidates().some((step) => !this.used.has(step));
  }

  code(): string {
    const step = this.candidates().find((candidate) => !this.used.has(candidate));
    if (step === undefined) throw new Error('every code of the window is used');
    this.used.add(step);
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }

  /** Six digits that are none of the codes the server would take now. */
  wrongCode(): string {
    const step = Math.floor(Date.now() / PERIOD_MS);
    const valid = [-2, -1, 0, 1, 2].map((d) =>
      this.totp.generate({ timestamp: (step + d) * PERIOD_MS }),
    );
    return ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
  }
}

/** Waits (polling the clock, at most one step) until the app has a code not used yet. */
async function nextCode(app: Authenticator): Promise<string> {
  await expect.poll(() => app.available(), { timeout: PERIOD_MS + 5_000 }).toBe(true);
  return app.code();
}

type Booking = {
  _id: string;
  bookingRef: string;
  currency: string;
  refundProcessed: boolean;
  orders: {
    _id: string;
    user: { name: string };
    paymentDetails: { total: number; refundable: number };
  }[];
};

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/**
 * A seeded confirmed, paid USD booking of several orders, none refunded yet: the last in the list
 * (the refunds spec takes a booking of one order, the approvals spec from the start).
 */
async function pickBooking(request: APIRequestContext, token: string): Promise<Booking> {
  const body = await api<{ data: Booking[] }>(
    request,
    token,
    '/admin/bookings?bookingStatus=confirmed&paymentStatus=Paid&limit=100',
  );
  const candidates = body.data.filter(
    (b) =>
      b.currency === 'USD' &&
      !b.refundProcessed &&
      b.orders.length > 1 &&
      new Set(b.orders.map((o) => o.user.name)).size === b.orders.length &&
      b.orders.every((o) => o.paymentDetails.refundable === o.paymentDetails.total) &&
      b.orders[0].paymentDetails.total >= 5,
  );
  expect(candidates.length).toBeGreaterThan(0);
  return candidates[candidates.length - 1];
}

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

const userMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /Tess/ });

test('an authenticator app added on My account signs in with a code; a refund asks "Confirm it\'s you" and is made once', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await addAdministrator(request, 'Tess', 'Totp');

  // A session opened before the app is added (another browser): it has confirmed no factor, so
  // once the admin has one, its money operations ask "Confirm it's you".
  const earlierContext = await browser.newContext();
  const earlier = await earlierContext.newPage();
  await earlier.goto('/login');
  await fillLogin(earlier, admin.email, admin.password);
  await expect(earlier).toHaveURL(/\/admin\//);
  await expect(headerTitle(earlier)).toBeVisible();

  const context = await browser.newContext();
  const page = await context.newPage();
  let app: Authenticator | undefined;

  await test.step('no factor yet: the password alone signs in; My account adds an authenticator app from the key shown', async () => {
    await page.goto('/login');
    await fillLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\//);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(
      page.getByText('Two-step verification is off: add an authenticator app', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: 'Add authenticator app' }));
    await expect(
      dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', /^data:image\/png;base64,/);
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    app = new Authenticator(secret);
    await dialog.getByLabel('Verification code').fill(await nextCode(app));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(
      dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await dialog.getByRole('button', { name: 'I saved them, continue' }).click();
    await expect(dialog).toBeHidden();
    const card = page.locator('.ant-card').filter({ hasText: 'Two-step verification' });
    await expect(card.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Remove' })).toHaveCount(1);
    await expect(card.getByText('10 recovery codes left')).toBeVisible();
  });

  await test.step('sign out, then the password asks for the code: a wrong one says so, the right one signs in', async () => {
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, admin.email, admin.password);
    const step = page.getByRole('form', { name: 'Two-step verification' });
    await expect(step).toContainText('Enter the code from your authenticator app');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const code = step.getByLabel('Verification code');
    await code.fill(app!.wrongCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step).toContainText(
      'That code is not right: enter the current code from your authenticator app, or a recovery code.',
    );
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);

    await code.fill(await nextCode(app!));
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\//);
    await expect(userMenu(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
  await context.close();

  await test.step('the earlier session refunds: "Confirm it\'s you" with a code, then the refund is made once', async () => {
    const booking = await pickBooking(request, admin.ownerToken);
    const before = booking.orders[0].paymentDetails.refundable;
    const part = 1.5;
    const refundPosts: (string | undefined)[] = [];
    earlier.on('request', (req) => {
      if (req.method() === 'POST' && /refund/.test(req.url())) {
        refundPosts.push(req.headers()['idempotency-key']);
      }
    });

    await earlier.goto('/admin/bookings');
    await earlier
      .getByPlaceholder('Search bookings by name, email or restaurant...')
      .fill(booking.bookingRef);
    const row = earlier.getByRole('row').filter({ hasText: booking.bookingRef });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.getByRole('button', { name: 'View' }).click();
    await earlier.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = earlier.getByRole('dialog', { name: /^Process Refund/ });
    const card = dialog.locator('.ant-card').filter({ hasText: booking.orders[0].user.name });
    await expect(card).toHaveCount(1);
    await card.getByLabel('Refund amount').fill(String(part));
    await card.getByRole('button', { name: 'Refund This Order' }).click();
    await (
      await settled(earlier.getByRole('dialog', { name: 'Confirm refund' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();

    const stepUp = await settled(earlier.getByRole('dialog', { name: "Confirm it's you" }));
    expect(refundPosts).toHaveLength(1);
    await stepUp.getByLabel('Verification code').fill(await nextCode(app!));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toBeHidden();
    await expect(earlier.getByText('Order refund processed successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Sent twice (refused, then again after the code) with one Idempotency-Key, made once.
    expect(refundPosts).toHaveLength(2);
    expect(refundPosts[0]).toBeTruthy();
    expect(refundPosts[1]).toBe(refundPosts[0]);
    const after = await api<{ data: Booking }>(
      request,
      admin.ownerToken,
      `/admin/booking/${booking._id}`,
    );
    const refundable = (order: Booking['orders'][number]) => [
      order._id,
      order.paymentDetails.refundable,
    ];
    expect(after.data.orders.map(refundable)).toEqual(
      booking.orders.map((order, index) => [
        order._id,
        index === 0 ? Math.round((before - part) * 100) / 100 : order.paymentDetails.refundable,
      ]),
    );
    const history = earlier.locator('.ant-card').filter({ hasText: 'Refund History' });
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history).toContainText(usd(part));
    await expect(history).toContainText('Tess Totp');
  });
  await earlierContext.close();
});
