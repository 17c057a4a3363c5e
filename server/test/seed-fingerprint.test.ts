/**
 * The seed is deterministic: the same options give the same data, row for row. A hash over every
 * generated row (table by table, keys and rows in a fixed order) holds it to that; no database is involved.
 */
import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import { getTableName } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import type { AnyTable } from '../src/db/schema.js';
import { seedRows, type SeedOptions } from '../src/seed/seed.js';

/** The clock the generated times count back from. */
const NOW = Date.parse('2026-11-22T12:00:00.000Z');

/** JSON with the keys of every object sorted; password hashes (salted) become a marker. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key, v: unknown) {
    if (key === 'passwordHash' && typeof v === 'string')
      return v.startsWith('$argon2') ? 'hash' : v;
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return v;
  });
}

/** Generates the rows of `options` and hashes them; also returns the row count of each table. */
async function fingerprint(options: SeedOptions) {
  const tables = new Map<string, string[]>();
  const collect = (table: AnyTable, rows: unknown[]) => {
    const name = getTableName(table);
    tables.set(name, [...(tables.get(name) ?? []), ...rows.map(canonical)]);
  };
  // Rows written by the bulk writer and by plain inserts are the same data: both are collected.
  const db = {
    insert: (table: AnyTable) => ({
      values: async (rows: unknown) => collect(table, Array.isArray(rows) ? rows : [rows]),
    }),
  } as unknown as Db;
  const clock = jest.spyOn(Date, 'now').mockReturnValue(NOW);
  try {
    await seedRows(db, async (table, rows) => collect(table, rows), options);
  } finally {
    clock.mockRestore();
  }
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const name of [...tables.keys()].sort()) {
    // Sorted: the order rows are written in is not part of the data.
    const rows = tables.get(name)!.sort();
    counts[name] = rows.length;
    hash.update(`${name}\n${rows.join('\n')}\n`);
  }
  return { counts, hash: hash.digest('hex') };
}

const admin = { adminEmail: 'admin@example.com', adminPassword: 'admin1234' };

test('the demo data are the same row for row', async () => {
  expect(await fingerprint(admin)).toEqual({
    counts: {
      audit_events: 893,
      bookings: 300,
      configuration: 1,
      menu_item_ingredients: 468,
      menu_items: 141,
      order_items: 1057,
      orders: 526,
      reference_items: 79,
      refunds: 133,
      restaurant_references: 105,
      restaurants: 24,
      reviews: 80,
      static_contents: 8,
      user_references: 116,
      users: 134,
    },
    hash: '998e70f7f95ad1b64d59e4c65eb4ea563f2bf301cc7dec5062a77718eb38f0a7',
  });
});

test('a larger set, over more than one batch of bookings, is the same row for row', async () => {
  expect(
    await fingerprint({ ...admin, users: 40, restaurants: 6, bookings: 2_100, reviews: 12 }),
  ).toEqual({
    counts: {
      audit_events: 6364,
      bookings: 2100,
      configuration: 1,
      menu_item_ingredients: 129,
      menu_items: 37,
      order_items: 6964,
      orders: 3510,
      reference_items: 79,
      refunds: 831,
      restaurant_references: 24,
      restaurants: 6,
      reviews: 12,
      static_contents: 8,
      user_references: 79,
      users: 70,
    },
    hash: 'f577220cbf0b9dc8a0116e12662c8f28d05147a047d276362635b17a4e646c3f',
  });
});
