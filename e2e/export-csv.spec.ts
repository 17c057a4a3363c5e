import fs from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('filter bookings, export them, and the file holds every matching booking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/admin/bookings');
  await expect(page.getByRole('columnheader', { name: 'Booking Ref' })).toBeVisible({
    timeout: 30_000,
  });
  // The list asks for the filtered rows only once it has rendered with the filter, so the Export
  // button has it too (the address bar changes before that render, which a busy machine delays).
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/admin/bookings?') && r.url().includes('bookingStatus=confirmed'),
  );
  await page.getByLabel('Booking status').click();
  await page.locator('.ant-select-item-option[title="Confirmed"]').click();
  await expect(page).toHaveURL(/bookingStatus=confirmed/);
  await filtered;

  // The list's count for the same filters, as the screen asks for it.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const listed = await page.request.get('/api/v1/admin/bookings?bookingStatus=confirmed&limit=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { count } = (await listed.json()) as { count: number };
  expect(count).toBeGreaterThan(10);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const day = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`bookings-${day}.csv`);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(count);
  expect(new Set(parsed.data.map((row) => row['Booking Status']))).toEqual(new Set(['confirmed']));
  // The button is back, and the export is in the Audit Log with its filter.
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await page.goto('/admin/audit-log?action=list.export');
  await expect(page.getByText('Booking status: confirmed').first()).toBeVisible({
    timeout: 30_000,
  });
});
