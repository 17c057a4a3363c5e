/**
 * Content: the list screen's items and the editor screen's pages (with FAQs), one table. Every
 * rich-text field is cleaned by the shared sanitiser before it is stored; FAQ questions and
 * answers are plain text, stored as typed (trimmed).
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staticContents, type Faq } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.js';
import { iso } from '../lib/paging.js';
import { contentWhere } from '../queries/content-filter.js';
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

function statusMessage(body: UpdateBody): string {
  const keys = Object.keys(body);
  if (keys.length === 1 && body.status === 'published') return 'Content published successfully';
  if (keys.length === 1 && body.status === 'draft') return 'Content unpublished successfully';
  return 'Content updated successfully';
}

const contentEntity = (row: Row) => ({ type: 'content', id: row.id, name: row.title });

/** A save that only moves an item between draft and published is a publish (or unpublish). */
const isPublish = (body: UpdateBody) => Object.keys(body).length === 1 && body.status !== undefined;

/**
 * Applies a partial update to the row in one transaction with its audit event; the slug never
 * changes. `find` locates the row inside the transaction (locked), so "before" is what it replaces.
 */
async function applyUpdate(
  req: FastifyRequest,
  find: (tx: Db) => Promise<Row | undefined>,
  body: UpdateBody,
): Promise<Row> {
  try {
    return await req.server.db.transaction(async (tx) => {
      const row = await find(tx);
      if (!row) throw notFound('Content not found');
      const changes: Partial<typeof staticContents.$inferInsert> = {};
      if (body.title !== undefined) {
        changes.title = body.title.trim();
        if (changes.title.toLowerCase() !== row.title.trim().toLowerCase())
          await assertTitleFree(tx, changes.title, row.id);
      }
      if (body.type !== undefined) changes.type = body.type;
      if (body.content !== undefined) changes.content = cleanContent(body.content);
      if (body.status !== undefined) changes.status = body.status;
      if (body.faqs !== undefined) changes.faqs = cleanFaqs(body.faqs);
      // FAQs are kept as their JSON text: a list of questions and answers, before and after.
      const value = (v: string | Faq[]) => (typeof v === 'string' ? v : JSON.stringify(v));
      const recorded = await recordChange(tx, {
        request: req,
        action: isPublish(body) ? 'content.publish' : 'content.update',
        entity: contentEntity(row),
        changes: (Object.keys(changes) as (keyof typeof changes & keyof Row)[]).map((key) =>
          change(key, value(row[key] as string | Faq[]), value(changes[key] as string | Faq[])),
        ),
        details: { slug: row.slug },
      });
      if (!recorded) return row;
      const [updated] = await tx
        .update(staticContents)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(staticContents.id, row.id))
        .returning();
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_TITLE);
    throw error;
  }
}

/** The row, locked for the transaction's update. */
const lockedBy = (where: SQL) => async (tx: Db) => {
  const [row] = await tx.select().from(staticContents).where(where).limit(1).for('update');
  return row;
};

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
  const where = contentWhere(query);
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
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(staticContents)
          .values({
            title,
            content,
            slug: slugForTitle(title),
            type: req.body.type ?? 'page',
            status: 'draft',
          })
          .returning();
        await recordChange(tx, {
          request: req,
          action: 'content.create',
          entity: contentEntity(created),
          changes: [
            change('title', null, created.title),
            change('type', null, created.type),
            change('content', null, created.content),
          ],
          details: { slug: created.slug },
          always: true,
        });
        return created;
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
    const slug = req.query.slug.trim();
    const updated = await applyUpdate(
      req,
      async (tx) => {
        const editorTitle = EDITOR_PAGES.get(slug);
        if (editorTitle) {
          // Created on its first save, in the save's transaction (its event shows the blank page
          // as "before"); a concurrent first save waits and finds the row made by the other.
          await tx
            .insert(staticContents)
            .values({ slug, title: editorTitle, type: 'page', status: 'draft' })
            .onConflictDoNothing();
        }
        const row = await lockedBy(eq(staticContents.slug, slug))(tx);
        if (!row) throw notFound(`No content item with the slug "${slug}"`);
        return row;
      },
      req.body,
    );
    return { success: true, message: statusMessage(req.body), data: toDto(updated) };
  },

  async deleteStaticContent(req) {
    const slug = req.query.slug.trim();
    await req.server.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(staticContents)
        .where(eq(staticContents.slug, slug))
        .returning();
      if (!row) throw notFound(`No content item with the slug "${slug}"`);
      await recordChange(tx, {
        request: req,
        action: 'content.delete',
        entity: contentEntity(row),
        changes: [change('title', row.title, null), change('status', row.status, null)],
        details: { slug: row.slug },
        always: true,
      });
    });
    return { success: true, message: 'Content deleted successfully' };
  },

  async listStaticContentLegacy(req) {
    return listPage(req.server.db, req.query);
  },

  async updateStaticContentLegacy(req) {
    const updated = await applyUpdate(
      req,
      lockedBy(eq(staticContents.id, req.params.id)),
      req.body,
    );
    return { success: true, message: statusMessage(req.body), data: toDto(updated) };
  },

  async removeStaticContentFaq(req) {
    const updated = await req.server.db.transaction(async (tx) => {
      const row = await lockedBy(eq(staticContents.id, req.params.id))(tx);
      if (!row) throw notFound('Content not found');
      const removed = row.faqs.find((faq) => faq._id === req.body.removeFaq);
      if (!removed) throw new HttpError(404, 'This content item has no FAQ with that _id');
      const [saved] = await tx
        .update(staticContents)
        .set({ faqs: row.faqs.filter((faq) => faq !== removed), updatedAt: new Date() })
        .where(eq(staticContents.id, row.id))
        .returning();
      await recordChange(tx, {
        request: req,
        action: 'content.faq_delete',
        entity: contentEntity(row),
        changes: [
          change('faq.question', removed.question, null),
          change('faq.answer', removed.answer, null),
        ],
        details: { slug: row.slug },
      });
      return saved;
    });
    return { success: true, message: 'FAQ removed successfully', data: toDto(updated) };
  },
};
