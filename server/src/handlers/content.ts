/**
 * Content: the list screen's items and the editor screen's pages (with FAQs), one table. Every
 * rich-text field is cleaned by the shared sanitiser before it is stored; FAQ questions and
 * answers are plain text, stored as typed (trimmed).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { conflictOnDuplicate } from '../db/pg-error.js';
import type { Faq, StaticContent as Row } from '../db/schema.js';
import { change, effective, recordChange } from '../lib/audit.js';
import type { BodyOf } from '../lib/contract-types.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { isBlankHtml, sanitizeRichText } from '../lib/sanitize-html.js';
import { slugForTitle } from '../lib/slug.js';
import { setETag } from '../lib/versions.js';
import {
  contentView,
  deleteContentBySlug,
  ensureEditorPage,
  insertContent,
  isTitleTaken,
  listContent,
  lockContentById,
  lockContentBySlug,
  updateContent,
} from '../queries/content.js';
import { checkVersion } from '../queries/versions.js';
import type { Handlers } from './types.js';

type UpdateBody = BodyOf<'updateStaticContent'>;

export const DUPLICATE_TITLE =
  'A content item with a similar title already exists. Please use a different title.';

/**
 * The editor screen's pages by slug: saving one that is missing creates it, so a fresh install
 * works. A Map, since the slug comes from the request (`constructor` is no page).
 */
const EDITOR_PAGES: ReadonlyMap<string, string> = new Map([
  ['privacy-policy', 'Privacy Policy'],
  ['terms-and-conditions', 'Terms & Conditions'],
  ['frequently-asked-questions', 'FAQs'],
  ['about-us', 'About Us'],
]);

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

/** 409 when another item has the title (ignoring case and spaces) or its slug. */
async function assertTitleFree(db: Pick<Db, 'select'>, title: string, exceptId?: string) {
  if (await isTitleTaken(db, title, exceptId)) throw conflict(DUPLICATE_TITLE);
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

const contentRecord = (row: Row | undefined) => ({
  type: 'content',
  id: row?.id ?? null,
  version: row?.version ?? 0,
});

/** The item found (locked), after the check of If-Match against its version (0: missing). */
async function checked(tx: Db, req: FastifyRequest, row: Row | undefined) {
  await checkVersion(tx, req, contentRecord(row), () => (row ? contentView(row) : null));
  return row;
}

/**
 * Applies a partial update to the row in one transaction with its audit event; the slug never
 * changes. `find` locates the row inside the transaction (locked, its version checked), so
 * "before" is what it replaces.
 */
async function applyUpdate(
  req: FastifyRequest,
  find: (tx: Db) => Promise<Row | undefined>,
  body: UpdateBody,
): Promise<Row> {
  return conflictOnDuplicate(
    req.server.db.transaction(async (tx) => {
      const row = await find(tx);
      if (!row) throw notFound('Content not found');
      const updates: Partial<Row> = {};
      if (body.title !== undefined) {
        updates.title = body.title.trim();
        if (updates.title.toLowerCase() !== row.title.trim().toLowerCase())
          await assertTitleFree(tx, updates.title, row.id);
      }
      if (body.type !== undefined) updates.type = body.type;
      if (body.content !== undefined) updates.content = cleanContent(body.content);
      if (body.status !== undefined) updates.status = body.status;
      if (body.faqs !== undefined) updates.faqs = cleanFaqs(body.faqs);
      // FAQs are kept as their JSON text: a list of questions and answers, before and after.
      const value = (v: string | Faq[]) => (typeof v === 'string' ? v : JSON.stringify(v));
      const changes = effective(
        (Object.keys(updates) as (keyof typeof updates & keyof Row)[]).map((key) =>
          change(key, value(row[key] as string | Faq[]), value(updates[key] as string | Faq[])),
        ),
      );
      if (!changes.length) return row;
      const updated = await updateContent(tx, row.id, updates);
      await recordChange(tx, {
        request: req,
        action: isPublish(body) ? 'content.publish' : 'content.update',
        entity: contentEntity(row),
        version: updated.version,
        changes,
        details: { slug: row.slug },
      });
      return updated;
    }),
    DUPLICATE_TITLE,
  );
}

export const contentHandlers: Handlers = {
  async listStaticContent(req) {
    const { total, data } = await listContent(req.server.db, req.query);
    return { success: true, message: 'Content items', count: total, data };
  },

  async createStaticContent(req, reply) {
    const db = req.server.db;
    const title = req.body.title.trim();
    const content = cleanContent(req.body.content);
    await assertTitleFree(db, title);
    const row = await conflictOnDuplicate(
      db.transaction(async (tx) => {
        const created = await insertContent(tx, {
          title,
          content,
          slug: slugForTitle(title),
          type: req.body.type ?? 'page',
          status: 'draft',
        });
        await recordChange(tx, {
          request: req,
          action: 'content.create',
          entity: contentEntity(created),
          version: created.version,
          changes: [
            change('title', null, created.title),
            change('type', null, created.type),
            change('content', null, created.content),
          ],
          details: { slug: created.slug },
          always: true,
        });
        return created;
      }),
      DUPLICATE_TITLE,
    );
    return reply
      .code(201)
      .send({ success: true, message: 'Content created successfully', data: contentView(row) });
  },

  async updateStaticContent(req, reply) {
    const slug = req.query.slug.trim();
    const updated = await applyUpdate(
      req,
      async (tx) => {
        const editorTitle = EDITOR_PAGES.get(slug);
        const row = await lockContentBySlug(tx, slug);
        if (!row && !editorTitle) throw notFound(`No content item with the slug "${slug}"`);
        await checked(tx, req, row);
        if (row || !editorTitle) return row;
        // A missing editor page is created blank (its event then shows it as "before"). A first
        // save that ran at the same time and changed it is not the missing page this one read.
        await ensureEditorPage(tx, slug, editorTitle);
        const created = await lockContentBySlug(tx, slug);
        return created && created.version > 1 ? checked(tx, req, created) : created;
      },
      req.body,
    );
    setETag(reply, updated.version);
    return { success: true, message: statusMessage(req.body), data: contentView(updated) };
  },

  async deleteStaticContent(req) {
    const slug = req.query.slug.trim();
    await req.server.db.transaction(async (tx) => {
      const found = await checked(tx, req, await lockContentBySlug(tx, slug));
      if (!found) throw notFound(`No content item with the slug "${slug}"`);
      const row = (await deleteContentBySlug(tx, slug))!;
      await recordChange(tx, {
        request: req,
        action: 'content.delete',
        entity: contentEntity(row),
        version: null,
        changes: [change('title', row.title, null), change('status', row.status, null)],
        details: { slug: row.slug },
        always: true,
      });
    });
    return { success: true, message: 'Content deleted successfully' };
  },

  async listStaticContentLegacy(req) {
    const { total, data } = await listContent(req.server.db, req.query);
    return { success: true, message: 'Content items', count: total, data };
  },

  async updateStaticContentLegacy(req, reply) {
    const updated = await applyUpdate(
      req,
      async (tx) => {
        const row = await lockContentById(tx, req.params.id);
        return row && checked(tx, req, row);
      },
      req.body,
    );
    setETag(reply, updated.version);
    return { success: true, message: statusMessage(req.body), data: contentView(updated) };
  },

  async removeStaticContentFaq(req, reply) {
    const updated = await req.server.db.transaction(async (tx) => {
      const row = await lockContentById(tx, req.params.id);
      if (!row) throw notFound('Content not found');
      await checked(tx, req, row);
      const removed = row.faqs.find((faq) => faq._id === req.body.removeFaq);
      if (!removed) throw notFound('This content item has no FAQ with that _id');
      const saved = await updateContent(tx, row.id, {
        faqs: row.faqs.filter((faq) => faq !== removed),
      });
      await recordChange(tx, {
        request: req,
        action: 'content.faq_delete',
        entity: contentEntity(row),
        version: saved.version,
        changes: [
          change('faq.question', removed.question, null),
          change('faq.answer', removed.answer, null),
        ],
        details: { slug: row.slug },
      });
      return saved;
    });
    setETag(reply, updated.version);
    return { success: true, message: 'FAQ removed successfully', data: contentView(updated) };
  },
};
