import {
  changeLines,
  actionLabel,
  auditLogLink,
  changeText,
  exportFilterTexts,
  recordLink,
  recordTypeLabel,
  utcTime,
  valueText,
} from './audit-text';

describe('audit texts', () => {
  it('writes a change as "field: before → after", money in its currency, percentages with %', () => {
    expect(changeText({ field: 'platformCommission', before: 10, after: 12.25 })).toBe(
      'Platform Commission: 10% → 12.25%',
    );
    expect(
      changeText({
        field: 'refunded',
        before: { amount: 0, currency: 'USD' },
        after: { amount: 5.5, currency: 'USD' },
      }),
    ).toBe('Refunded: $0.00 → $5.50');
    expect(
      changeText({ field: 'amount', before: null, after: { amount: 1500, currency: 'JPY' } }),
    ).toBe('Amount: — → ¥1,500');
    expect(changeText({ field: 'status', before: true, after: false })).toBe('Status: Yes → No');
    expect(changeText({ field: 'reason', before: null, after: 'duplicate' })).toBe(
      'Reason: — → Duplicate',
    );
  });

  it('shortens long text and names empty text', () => {
    expect(valueText('adminNotes', 'x'.repeat(200))).toHaveLength(80);
    expect(valueText('adminNotes', '')).toBe('(empty)');
  });

  it('shows times in UTC with seconds', () => {
    expect(utcTime('2026-11-23T16:58:07.123Z')).toBe('2026-11-23 16:58:07 UTC');
  });

  it('links a record to its screen where it has one', () => {
    const entity = (type: string, id: string | null, name: string) => ({
      entity: { type, id, name },
    });
    expect(recordLink(entity('restaurant', 'r1', 'Bistro'))).toBe('/admin/restaurants/r1/bookings');
    expect(recordLink(entity('booking', 'b1', 'BK-1'))).toBe('/admin/bookings?booking=b1');
    expect(recordLink(entity('user', 'u1', 'Jo Doe'))).toBe('/admin/users?search=Jo%20Doe');
    expect(recordLink(entity('review', 'v1', 'a@b.c on Le Bistro'))).toBe(
      '/admin/reviews?search=Le%20Bistro',
    );
    expect(recordLink(entity('configuration', null, 'Platform fee'))).toBeNull();
    expect(auditLogLink('restaurant', 'r1')).toBe(
      '/admin/audit-log?entityType=restaurant&entityId=r1',
    );
  });
});

test('an export shows its search and filters, or "All rows"', () => {
  expect(actionLabel('list.export')).toBe('List exported (CSV)');
  expect(recordTypeLabel('list')).toBe('List');
  expect(exportFilterTexts({ search: 'ab', bookingStatus: 'completed' })).toEqual([
    'Search: ab',
    'Booking status: completed',
  ]);
  expect(exportFilterTexts({})).toEqual(['All rows']);
});

test("the Changes cell's lines: an export's filters, else one per change", () => {
  const change = { field: 'platformFee', before: 10, after: 12 };
  expect(changeLines({ action: 'configuration.update', changes: [change], details: {} })).toEqual([
    'Platform Fee: 10% → 12%',
  ]);
  expect(
    changeLines({ action: 'list.export', changes: [change], details: { search: 'ab' } }),
  ).toEqual(['Search: ab']);
  expect(changeLines({ action: 'restaurant.update', changes: [], details: { a: 'b' } })).toEqual(
    [],
  );
});
