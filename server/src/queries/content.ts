/**
 * Content items (the list screen's items and the editor screen's pages, one table): the list and
 * its export (one condition, one order), a title's uniqueness, and the writes.
 */
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import { staticContents, type StaticContent } from '../db/schema.js';
import type { ListFilters } from '../lib/contract-types.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { iso, likePattern } from '../lib/paging.js';
import { slugify } from '../lib/slug.js';

type ContentFilters = ListFilters<'listStaticContent'>;
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
type ContentChanges = Partial<typeof staticContents.$inferInsert>;

export const contentView = (row: StaticContent) => ({
  _id: row.id,
  title: row.title,
  type: row.type,
  content: row.content,
  slug: row.slug,
  status: row.status,
  faqs: row.faqs,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  version: row.version,
});

/** Title contains the text; type, status and slug equal. */
function contentWhere(query: ContentFilters): SQL | undefined {
  const pattern = likePattern(query.search);
  return and(
    pattern ? ilike(staticContents.title, pattern) : undefined,
    query.type ? eq(staticContents.type, query.type) : undefined,
    query.status ? eq(staticContents.status, query.status) : undefined,
    query.slug ? eq(staticContents.slug, query.slug) : undefined,
  );
}

const contentOrder = keyset([
  { column: staticContents.createdAt, direction: 'desc' },
  { column: staticContents.id, direction: 'desc' },
]);

export async function listContent(db: Db, query: ContentFilters & Paging) {
  const { skip, limit } = pageOf(query);
  const where = contentWhere(query);
  const page = await withTotal(
    db
      .select()
      .from(staticContents)
      .where(where)
      .orderBy(...contentOrder.orderBy)
      .offset(skip)
      .limit(limit),
    countOf(db, staticContents, where),
  );
  return { total: page.total, data: page.rows.map(contentView) };
}

type ContentRow = { content: StaticContent; keys: string[] };

export const CONTENT_COLUMNS: readonly CsvColumn<ContentRow>[] = [
  { title: 'Title', value: (r) => r.content.title },
  { title: 'Slug', value: (r) => r.content.slug },
  { title: 'Type', value: (r) => r.content.type },
  { title: 'Status', value: (r) => r.content.status },
  { title: 'FAQs', value: (r) => r.content.faqs.map((faq) => faq.question) },
  { title: 'Created At', value: (r) => r.content.createdAt },
  { title: 'Updated At', value: (r) => r.content.updatedAt },
];

export function contentBatches(db: Db, query: ContentFilters, batchSize = BATCH_SIZE) {
  const where = contentWhere(query);
  return keysetBatches<ContentRow>(
    (after, limit) =>
      db
        .select({ content: staticContents, keys: contentOrder.keys })
        .from(staticContents)
        .where(and(where, after))
        .orderBy(...contentOrder.orderBy)
        .limit(limit),
    contentOrder,
    batchSize,
  );
}

/** Whether another item has this title (ignoring case and spaces) or its slug. */
export async function isTitleTaken(db: Pick<Db, 'select'>, title: string, exceptId?: string) {
  const slug = slugify(title);
  const similar = or(
    eq(sql`lower(trim(${staticContents.title}))`, title.trim().toLowerCase()),
    slug ? eq(staticContents.slug, slug) : undefined,
  );
  const [taken] = await db
    .select({ id: staticContents.id })
    .from(staticContents)
    .where(exceptId ? and(similar, ne(staticContents.id, exceptId)) : similar)
    .limit(1);
  return taken !== undefined;
}

/** The item, locked for the transaction's update. */
async function lockContent(tx: Pick<Db, 'select'>, where: SQL) {
  const [row] = await tx.select().from(staticContents).where(where).limit(1).for('update');
  return row as StaticContent | undefined;
}

export const lockContentById = (tx: Pick<Db, 'select'>, id: string) =>
  lockContent(tx, eq(staticContents.id, id));

export const lockContentBySlug = (tx: Pick<Db, 'select'>, slug: string) =>
  lockContent(tx, eq(staticContents.slug, slug));

/**
 * An editor page, created blank on its first save (in the save's transaction); a concurrent
 * first save waits and finds the row made by the other.
 */
export async function ensureEditorPage(tx: Tx, slug: string, title: string) {
  await tx
    .insert(staticContents)
    .values({ slug, title, type: 'page', status: 'draft' })
    .onConflictDoNothing();
}

export async function insertContent(tx: Tx, values: typeof staticContents.$inferInsert) {
  const [created] = await tx.insert(staticContents).values(values).returning();
  return created;
}

export async function updateContent(tx: Tx, id: string, changes: ContentChanges) {
  const [updated] = await tx
    .update(staticContents)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(staticContents.id, id))
    .returning();
  return updated;
}

/** Deletes the item with this slug; returns it, or undefined when there was none. */
export async function deleteContentBySlug(tx: Tx, slug: string) {
  const [row] = await tx.delete(staticContents).where(eq(staticContents.slug, slug)).returning();
  return row as StaticContent | undefined;
}
