/**
 * List exports: each one equals its list over all pages, for several searches and filters, in
 * the list's order; the file's cells; the audit event; the same refusals as the list.
 */
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../../common/reference-lists.js';
import { eq } from 'drizzle-orm';
import { bookings, restaurants } from '../src/db/schema.js';
import { bookingBatches } from '../src/queries/bookings.js';
import { restaurantBatches } from '../src/queries/restaurants.js';
import { userBatches } from '../src/queries/users.js';
import { latestEvent } from './helpers/audit.js';
import { exportCsv, listAll } from './helpers/csv-export.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let restaurantId: string;
let restaurantName: string;
beforeAll(async () => {
  t = await createTestApp();
  const [restaurant] = await t.database.db.select().from(restaurants).limit(1);
  restaurantId = restaurant.id;
  restaurantName = restaurant.name;
});
afterAll(() => t.close());

describe('bookings', () => {
  const filters = () => [
    '',
    'bookingStatus=completed',
    'paymentStatus=Paid&payoutStatus=false',
    `restaurant=${restaurantId}`,
    `search=${encodeURIComponent(restaurantName.split(' ')[0])}`,
    `search=a&restaurant=${restaurantId}&payoutStatus=true`,
    'arrivalDateTime=2026-12-01',
  ];

  test('the export equals the list over all pages, in its order', async () => {
    for (const query of filters()) {
      const listed = await listAll<{ bookingRef: string }>(t, `/api/v1/admin/bookings?${query}`);
      const file = await exportCsv(t, 'exportBookings', `/api/v1/admin/exports/bookings?${query}`);
      expect({ query, refs: file.rows.map((r) => r['Booking Ref']) }).toEqual({
        query,
        refs: listed.map((b) => b.bookingRef),
      });
    }
  });

  test('keyset batches of any size give the list’s rows once each, in order', async () => {
    const listed = await listAll<{ bookingRef: string }>(t, '/api/v1/admin/bookings?');
    for (const size of [1, 7, 1000]) {
      const refs: string[] = [];
      for await (const batch of bookingBatches(t.database.db, {}, size)) {
        expect(batch.length).toBeLessThanOrEqual(size);
        refs.push(...batch.map((r) => r.booking.bookingRef));
      }
      expect(refs).toEqual(listed.map((b) => b.bookingRef));
    }
  });

  test('the file: header, money in major units with the currency, ISO UTC, formula-safe', async () => {
    const [booking] = await t.database.db
      .update(bookings)
      .set({ firstName: '=cmd|calc', lastName: '+Smith', total: 123456, currency: 'EUR' })
      .where(eq(bookings.restaurantId, restaurantId))
      .returning();
    const response = await t.as({
      method: 'GET',
      url: `/api/v1/admin/exports/bookings?search=${booking.bookingRef}`,
    });
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bookings-${day}.csv"`,
    );
    const file = await exportCsv(
      t,
      'exportBookings',
      `/api/v1/admin/exports/bookings?search=${booking.bookingRef}`,
    );
    expect(file.header).toEqual([
      'Booking Ref',
      'Restaurant',
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Arrival Date',
      'Arrival Time',
      'Guests',
      'Type',
      'Booking Status',
      'Payment Status',
      'Payout Status',
      'Payout Date',
      'Currency',
      'Total',
      'Platform Fee',
      'Net Payout',
      'Refunded',
      'Created At',
    ]);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]).toMatchObject({
      'Booking Ref': booking.bookingRef,
      Restaurant: restaurantName,
      'First Name': "'=cmd|calc",
      'Last Name': "'+Smith",
      Currency: 'EUR',
      Total: '1234.56',
      'Created At': booking.createdAt.toISOString(),
      'Payout Status': booking.payout ? 'Deposited' : 'Pending',
    });
    expect(file.rows[0]['Arrival Time']).toMatch(/^\d\d:\d\d$/);
  });

  test('each export is an audit event: who, which list, which filters', async () => {
    await exportCsv(
      t,
      'exportBookings',
      `/api/v1/admin/exports/bookings?bookingStatus=completed&search=%20ab%20`,
    );
    const event = await latestEvent(t.database.db);
    expect(event).toMatchObject({
      action: 'list.export',
      actorId: t.adminId,
      entityType: 'list',
      entityId: null,
      entityName: 'bookings',
      details: { bookingStatus: 'completed', search: ' ab ' },
    });
    const [listed] = (
      await t.as({ method: 'GET', url: `/api/v1/admin/audit-logs?action=list.export&limit=1` })
    ).json().data;
    expect(listed._id).toBe(event.id);
  });

  test('refused as the list: no token 401, another role 403, a bad day 400', async () => {
    const url = '/api/v1/admin/exports/bookings';
    expect((await t.as({ method: 'GET', url, token: null })).statusCode).toBe(401);
    expect((await t.as({ method: 'GET', url, token: t.ownerToken })).statusCode).toBe(403);
    const bad = await t.as({ method: 'GET', url: `${url}?arrivalDateTime=2026-13-45` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/arrivalDateTime/);
  });
});

type ListCase = {
  operationId: string;
  exportPath: string;
  listPath: string;
  listKey: (row: Record<string, unknown>) => string;
  csvKey: (row: Record<string, string>) => string;
  queries: string[];
};

const byName = (operationId: string, list: string, path = list): ListCase => ({
  operationId,
  exportPath: path,
  listPath: list,
  listKey: (row) => String(row.name),
  csvKey: (row) => row.Name,
  queries: ['', 'search=a', 'search=%20E%20'],
});

const CASES: ListCase[] = [
  {
    operationId: 'exportUsers',
    exportPath: 'users',
    listPath: 'users',
    listKey: (row) => String(row.email),
    csvKey: (row) => row.Email,
    queries: ['', 'search=a', 'search=example.com'],
  },
  {
    operationId: 'exportRestaurants',
    exportPath: 'restaurants',
    listPath: 'restaurants',
    listKey: (row) =>
      `${String(row.name)} ${String(row.totalBookings)} ${String(row.totalEarnings)}`,
    csvKey: (row) => `${row.Name} ${row['Total Bookings']} ${Number(row['Total Earnings'])}`,
    queries: ['', 'online=true', 'isFeatured=false&search=a', 'online=false&isFeatured=true'],
  },
  {
    operationId: 'exportReviews',
    exportPath: 'reviews',
    listPath: 'reviews',
    listKey: (row) =>
      `${String(row.userEmail)}|${String(row.restaurantName)}|${String(row.rating)}`,
    csvKey: (row) => `${row['User Email']}|${row.Restaurant}|${row.Rating}`,
    queries: ['', 'status=approved', 'rating=5&search=a', 'status=pending&rating=1'],
  },
  {
    operationId: 'exportContent',
    exportPath: 'content',
    listPath: 'static',
    listKey: (row) => String(row.title),
    csvKey: (row) => row.Title,
    queries: ['', 'type=page', 'status=published&search=a'],
  },
  ...REFERENCE_LIST_KEYS.map((key) => {
    const { list, adminList, export: file } = REFERENCE_LISTS[key].operations;
    return byName(
      file.operationId,
      (adminList ?? list).path.slice(1),
      file.path.replace('/admin/exports/', ''),
    );
  }),
];

describe.each(CASES)(
  '$operationId',
  ({ operationId, exportPath, listPath, listKey, csvKey, queries }) => {
    test('the export equals the list over all pages, in its order', async () => {
      let rows = 0;
      for (const query of queries) {
        const path =
          listPath.startsWith('admin/') || listPath === 'static' ? listPath : `admin/${listPath}`;
        const listed = await listAll<Record<string, unknown>>(t, `/api/v1/${path}?${query}`);
        const file = await exportCsv(
          t,
          operationId,
          `/api/v1/admin/exports/${exportPath}?${query}`,
        );
        expect({ query, keys: file.rows.map(csvKey) }).toEqual({
          query,
          keys: listed.map(listKey),
        });
        rows += listed.length;
      }
      expect(rows).toBeGreaterThan(0);
    });
  },
);

test('the audit log: the export equals the list, changes in words', async () => {
  for (const query of ['', 'entityType=restaurant', 'search=admin', 'action=list.export']) {
    // Reading the list is an event (audit.view, one a minute per filters): read once first, so
    // that the pages read below see it and no new one arrives between them.
    await t.as({ method: 'GET', url: `/api/v1/admin/audit-logs?${query}` });
    // The export's own event is written after its first rows are read: it is not in the file.
    const listed = await listAll<{ _id: string; action: string; createdAt: string }>(
      t,
      `/api/v1/admin/audit-logs?${query}`,
    );
    const file = await exportCsv(
      t,
      'exportAuditEvents',
      `/api/v1/admin/exports/audit-logs?${query}`,
    );
    expect({ query, keys: file.rows.map((r) => `${r.Time} ${r.Action}`) }).toEqual({
      query,
      keys: listed.map((e) => `${e.createdAt} ${e.action}`),
    });
  }
  const refund = await exportCsv(
    t,
    'exportAuditEvents',
    '/api/v1/admin/exports/audit-logs?action=refund.create',
  );
  for (const row of refund.rows) expect(row.Changes).toMatch(/^amount: .* → \d+(\.\d+)? [A-Z]{3}/);
});

test('keyset batches over a mixed order (newest first, then id ascending) miss and repeat nothing', async () => {
  const users = await listAll<{ email: string }>(t, '/api/v1/admin/users?');
  const restaurants = await listAll<{ name: string }>(t, '/api/v1/admin/restaurants?');
  const emails: string[] = [];
  for await (const batch of userBatches(t.database.db, {}, 2))
    emails.push(...batch.map((r) => r.user.email));
  const names: string[] = [];
  for await (const batch of restaurantBatches(t.database.db, {}, 3)) {
    names.push(...batch.map((r) => r.restaurant.name));
  }
  expect(emails).toEqual(users.map((u) => u.email));
  expect(names).toEqual(restaurants.map((r) => r.name));
});
