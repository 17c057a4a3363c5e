/**
 * Content: the list screen's items and the editor screen's pages (with FAQs), one table. Every
 * rich-text field is cleaned by the shared sanitiser before it is stored; FAQ questions and
 * answers are plain text, stored as typed (trimmed).
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staticContents, type Faq } from '../db/schema.js';
import { logActivity } from '../lib/activity-log.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.js';
import { iso, likePattern } from '../lib/paging.js';
import { isBlankHtml, sanitizeRichText } from '../lib/sanitize-html.js';
import { slugForTitle, slugify } from '../lib/slug.js';
import type { BodyOf, Handlers } from './types.js';

type Row = typeof staticContents.$inferSelect;
type UpdateBody = BodyOf<'updateStaticContent'>;

export const DUPLICATE_TITLE =
  'A content item with a similar title already exists. Please use a different title.';

/**
 * The editor screen's pages by slug: saving one that is missing creates it, so a fresh install
 * works. A Map, since the slug comes from the request (`constructor` is no page).
 */
export const EDITOR_PAGES: ReadonlyMap<string, string> = new Map([
  ['privacy-policy', 'Privacy Policy'],
  ['terms-and-conditions', 'Terms & Conditions'],
  ['frequently-asked-questions', 'FAQs'],
  ['about-us', 'About Us'],
]);

const toDto = (row: Row) => ({
  _id: row.id,
  title: row.title,
  type: row.type as 'page' | 'section',
  content: row.content,
  slug: row.slug,
  status: row.status as 'draft' | 'published',
  faqs: row.faqs,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (isBlankHtml(clean))
    throw badRequest('Content must not be empty once unsafe markup is removed');
  return clean;
}

/** Trims each entry, keeps a valid unique _id or makes one, and drops entries left blank. */
export function cleanFaqs(faqs: { _id?: string; question: string; answer: string }[]): Faq[] {
  const seen = new Set<string>();
  const result: Faq[] = [];
  for (const faq of faqs) {
    const question = faq.question.trim();
    const answer = faq.answer.trim();
    if (!question || !answer) continue;
    const _id = faq._id && !seen.has(faq._id) ? faq._id : randomUUID();
    seen.add(_id);
    result.push({ _id, question, answer });
  }
  return result;
}

/** A title is taken when another item has it (ignoring case and spaces) or its slug. */
async function assertTitleFree(db: Db, title: string, exceptId?: string) {
  const slug = slugify(title);
  const similar = or(
    eq(sql`lower(trim(${staticContents.title}))`, title.trim().toLowerCase()),
    slug ? eq(staticContents.slug, slug) : undefined,
  );
  const where = exceptId ? and(similar, ne(staticContents.id, exceptId)) : similar;
  const [taken] = await db
    .select({ id: staticContents.id })
    .from(staticContents)
    .where(where)
    .limit(1);
  if (taken) throw conflict(DUPLICATE_TITLE);
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

async function findBy(db: Db, where: SQL): Promise<Row | undefined> {
  const [row] = await db.select().from(staticContents).where(where).limit(1);
  return row;
}

function statusMessage(body: UpdateBody): string {
  const keys = Object.keys(body);
  if (keys.length === 1 && body.status === 'published') return 'Content published successfully';
  if (keys.length === 1 && body.status === 'draft') return 'Content unpublished successfully';
  return 'Content updated successfully';
}

/** Applies a partial update to an existing row; the slug never changes. */
async function applyUpdate(db: Db, row: Row, body: UpdateBody, actorId: string): Promise<Row> {
  const changes: Partial<typeof staticContents.$inferInsert> = { updatedAt: new Date() };
  if (body.title !== undefined) {
    changes.title = body.title.trim();
    if (changes.title.toLowerCase() !== row.title.trim().toLowerCase())
      await assertTitleFree(db, changes.title, row.id);
  }
  if (body.type !== undefined) changes.type = body.type;
  if (body.content !== undefined) changes.content = cleanContent(body.content);
  if (body.status !== undefined) changes.status = body.status;
  if (body.faqs !== undefined) changes.faqs = cleanFaqs(body.faqs);
  try {
    const [updated] = await db
      .update(staticContents)
      .set(changes)
      .where(eq(staticContents.id, row.id))
      .returning();
    if (!updated) throw notFound('Content not found');
    await logActivity(db, {
      title: 'Content updated',
      description: `Content "${updated.title}" (${updated.slug}) was updated`,
      actorId,
    });
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_TITLE);
    throw error;
  }
}

async function listPage(
  db: Db,
  query: {
    skip?: number;
    limit?: number;
    search?: string;
    type?: string;
    status?: string;
    slug?: string;
  },
) {
  const pattern = likePattern(query.search);
  const where = and(
    pattern ? ilike(staticContents.title, pattern) : undefined,
    query.type ? eq(staticContents.type, query.type) : undefined,
    query.status ? eq(staticContents.status, query.status) : undefined,
    query.slug ? eq(staticContents.slug, query.slug) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(staticContents)
      .where(where)
      .orderBy(desc(staticContents.createdAt), desc(staticContents.id))
      .offset(query.skip ?? 0)
      .limit(query.limit ?? 10),
    db.select({ total: count() }).from(staticContents).where(where),
  ]);
  return { success: true, message: 'Content items', count: total, data: rows.map(toDto) };
}

export const contentHandlers: Handlers = {
  async listStaticContent(req) {
    return listPage(req.server.db, req.query);
  },

  async createStaticContent(req, reply) {
    const db = req.server.db;
    const title = req.body.title.trim();
    const content = cleanContent(req.body.content);
    await assertTitleFree(db, title);
    try {
      const [row] = await db
        .insert(staticContents)
        .values({
          title,
          content,
          slug: slugForTitle(title),
          type: req.body.type ?? 'page',
          status: 'draft',
        })
        .returning();
      await logActivity(db, {
        title: 'Content created',
        description: `Content "${row.title}" (${row.slug}) was created`,
        actorId: req.user.id,
      });
      return reply
        .code(201)
        .send({ success: true, message: 'Content created successfully', data: toDto(row) });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_TITLE);
      throw error;
    }
  },

  async updateStaticContent(req) {
    const db = req.server.db;
    const slug = req.query.slug.trim();
    let row = await findBy(db, eq(staticContents.slug, slug));
    const editorTitle = EDITOR_PAGES.get(slug);
    if (!row && editorTitle) {
      // Created on first save; a concurrent first save simply finds the row made by the other.
      await db
        .insert(staticContents)
        .values({ slug, title: editorTitle, type: 'page', status: 'draft' })
        .onConflictDoNothing();
      row = await findBy(db, eq(staticContents.slug, slug));
    }
    if (!row) throw notFound(`No content item with the slug "${slug}"`);
    const updated = await applyUpdate(db, row, req.body, req.user.id);
    return { success: true, message: statusMessage(req.body), data: toDto(updated) };
  },

  async deleteStaticContent(req) {
    const db = req.server.db;
    const slug = req.query.slug.trim();
    const [row] = await db.delete(staticContents).where(eq(staticContents.slug, slug)).returning();
    if (!row) throw notFound(`No content item with the slug "${slug}"`);
    await logActivity(db, {
      title: 'Content deleted',
      description: `Content "${row.title}" (${row.slug}) was deleted`,
      actorId: req.user.id,
    });
    return { success: true, message: 'Content deleted successfully' };
  },

  async listStaticContentLegacy(req) {
    return listPage(req.server.db, req.query);
  },

  async updateStaticContentLegacy(req) {
    const db = req.server.db;
    const row = await findBy(db, eq(staticContents.id, req.params.id));
    if (!row) throw notFound('Content not found');
    const updated = await applyUpdate(db, row, req.body, req.user.id);
    return { success: true, message: statusMessage(req.body), data: toDto(updated) };
  },

  async removeStaticContentFaq(req) {
    const db = req.server.db;
    const row = await findBy(db, eq(staticContents.id, req.params.id));
    if (!row) throw notFound('Content not found');
    const faqs = row.faqs.filter((faq) => faq._id !== req.body.removeFaq);
    if (faqs.length === row.faqs.length)
      throw new HttpError(404, 'This content item has no FAQ with that _id');
    const [updated] = await db
      .update(staticContents)
      .set({ faqs, updatedAt: new Date() })
      .where(eq(staticContents.id, row.id))
      .returning();
    await logActivity(db, {
      title: 'FAQ removed',
      description: `An FAQ was removed from "${updated.title}"`,
      actorId: req.user.id,
    });
    return { success: true, message: 'FAQ removed successfully', data: toDto(updated) };
  },
};
