/** A reference list as CSV rows: the list's search and order, its counts, in keyset batches. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { referenceItems } from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { imageUrl } from '../lib/images.js';
import type { ReferenceConfig } from '../reference-data/config.js';
import { countColumns, referenceSearch } from '../reference-data/service.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';

const referenceOrder = keyset([
  { column: referenceItems.createdAt, direction: 'desc' },
  { column: referenceItems.id, direction: 'desc' },
]);
type ReferenceRow = {
  item: typeof referenceItems.$inferSelect;
  counts: Record<string, number>;
  keys: string[];
};

const COUNT_TITLES: Record<string, string> = {
  restaurantCount: 'Restaurants',
  dishesCount: 'Dishes',
  userCount: 'Users',
};

/** Name, the list's counts, status and image where it has them, then the creation time. */
export function referenceColumns(config: ReferenceConfig): CsvColumn<ReferenceRow>[] {
  return [
    { title: 'Name', value: (r) => r.item.name },
    ...Object.keys(countColumns(config.counts)).map((name) => ({
      title: COUNT_TITLES[name] ?? name,
      value: (r: ReferenceRow) => r.counts[name],
    })),
    ...(config.hasStatus ? [{ title: 'Active', value: (r: ReferenceRow) => r.item.status }] : []),
    ...(config.hasImage
      ? [
          {
            title: 'Image',
            value: (r: ReferenceRow) => (r.item.imageId ? imageUrl(r.item.imageId) : null),
          },
        ]
      : []),
    { title: 'Created At', value: (r) => r.item.createdAt },
  ];
}

export function referenceBatches(
  db: Db,
  config: ReferenceConfig,
  query: { search?: string },
  batchSize = BATCH_SIZE,
) {
  const where = and(eq(referenceItems.kind, config.kind), referenceSearch(query.search));
  return keysetBatches<ReferenceRow>(
    (after, limit) =>
      db
        .select({
          item: referenceItems,
          counts: countColumns(config.counts),
          keys: referenceOrder.keys,
        })
        .from(referenceItems)
        .where(and(where, after))
        .orderBy(...referenceOrder.orderBy)
        .limit(limit) as Promise<ReferenceRow[]>,
    referenceOrder,
    batchSize,
  );
}
