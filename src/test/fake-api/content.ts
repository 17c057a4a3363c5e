/**
 * The content items and the editor's pages (GET/POST/PUT/DELETE /static): listed, read by slug,
 * created, changed, published and deleted, refused as the server refuses (a similar title, a
 * slug that is gone). A missing editor page is created by its first save, as on the server.
 */
import type { StaticContent } from '../../api/types';
import { listOf, type Filters } from './list';
import { reply } from './reply';
import type { FakeRequest, Routes } from './types';
import { staleWrite } from './versions';

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** An item, each made a minute before the last (so the newest first is the order made). */
export function contentRow(
  fields: Partial<StaticContent> & { title: string; slug: string },
): StaticContent {
  const at = new Date(Date.UTC(2026, 2, 5, 14, 30) - (sequence + 1) * 60_000).toISOString();
  return {
    _id: nextId(),
    type: 'page',
    content: '<p>x</p>',
    status: 'draft',
    faqs: [],
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...fields,
  };
}

/** The four pages of the editor screen, the FAQs page with two questions. */
export function editorPages(): StaticContent[] {
  return [
    contentRow({
      slug: 'privacy-policy',
      title: 'Privacy Policy',
      content: '<p>Our <strong>privacy</strong> rules</p>',
    }),
    contentRow({
      slug: 'terms-and-conditions',
      title: 'Terms & Conditions',
      content: '<p>The terms</p>',
    }),
    contentRow({ slug: 'about-us', title: 'About Us', content: '<p>About the app</p>' }),
    contentRow({
      slug: 'frequently-asked-questions',
      title: 'FAQs',
      content: '<p>Frequently asked questions</p>',
      faqs: [
        {
          _id: '10000000-0000-4000-8000-000000000001',
          question: 'How do I cancel?',
          answer: 'Open the booking & cancel.',
        },
        {
          _id: '10000000-0000-4000-8000-000000000002',
          question: 'When am I charged?',
          answer: 'On confirmation.',
        },
      ],
    }),
  ];
}

const EDITOR_PAGES = new Map([
  ['privacy-policy', 'Privacy Policy'],
  ['terms-and-conditions', 'Terms & Conditions'],
  ['frequently-asked-questions', 'FAQs'],
  ['about-us', 'About Us'],
]);

const DUPLICATE_TITLE =
  'A content item with a similar title already exists. Please use a different title.';

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

type Update = Partial<Pick<StaticContent, 'title' | 'type' | 'content' | 'status'>> & {
  faqs?: { _id?: string; question: string; answer: string }[];
};

/** The server's message for a save: a publish, an unpublish or an update. */
function savedMessage(body: Update) {
  const only = Object.keys(body).length === 1;
  if (only && body.status === 'published') return 'Content published successfully';
  if (only && body.status === 'draft') return 'Content unpublished successfully';
  return 'Content updated successfully';
}

/** Starts with `rows`, newest first; the list finds what `filters` say (a slug: its item). */
export function contentFake(rows: StaticContent[], filters: Filters<StaticContent> = {}) {
  const listed = listOf('listStaticContent', () => rows, filters);
  /** Another item has this title (ignoring case and spaces) or its slug. */
  const taken = (title: string, exceptId?: string) =>
    rows.some(
      (r) =>
        r._id !== exceptId &&
        (r.title.trim().toLowerCase() === title.trim().toLowerCase() || r.slug === slugOf(title)),
    );
  const slugOfCall = ({ url }: FakeRequest) => url.searchParams.get('slug')?.trim() ?? '';
  const missing = (slug: string) =>
    ({
      success: false,
      status_code: 404,
      message: `No content item with the slug "${slug}"`,
    }) as const;
  return {
    rows,
    routes: {
      listStaticContent: (call) => {
        const slug = call.url.searchParams.get('slug');
        if (slug === null || [...call.url.searchParams.keys()].length > 1) return listed(call);
        const data = rows.filter((r) => r.slug === slug);
        return reply('listStaticContent', 200, {
          success: true,
          message: 'Content items',
          count: data.length,
          data,
        });
      },
      createStaticContent: ({ body }) => {
        const {
          title,
          type = 'page',
          content,
        } = body as {
          title: string;
          type?: StaticContent['type'];
          content: string;
        };
        if (taken(title)) {
          return reply('createStaticContent', 409, {
            success: false,
            status_code: 409,
            message: DUPLICATE_TITLE,
          });
        }
        const row = contentRow({ title: title.trim(), slug: slugOf(title), type, content });
        rows.unshift(row);
        return reply('createStaticContent', 201, {
          success: true,
          message: 'Content created successfully',
          data: row,
        });
      },
      updateStaticContent: (call) => {
        const slug = slugOfCall(call);
        const editorTitle = EDITOR_PAGES.get(slug);
        const existing = rows.find((r) => r.slug === slug);
        // An editor page that does not exist yet has version 0 (its first save creates it).
        const stale = staleWrite(call, 'content', existing ?? (editorTitle ? null : undefined));
        if (stale) return stale;
        if (editorTitle && !existing) {
          rows.push(contentRow({ slug, title: editorTitle, content: '' }));
        }
        const row = rows.find((r) => r.slug === slug);
        if (!row) return reply('updateStaticContent', 404, missing(slug));
        const body = call.body as Update;
        const { faqs, ...fields } = body;
        if (fields.title !== undefined && taken(fields.title, row._id)) {
          return reply('updateStaticContent', 409, {
            success: false,
            status_code: 409,
            message: DUPLICATE_TITLE,
          });
        }
        Object.assign(row, fields, {
          updatedAt: new Date().toISOString(),
          version: row.version + 1,
        });
        if (fields.title !== undefined) row.title = fields.title.trim();
        if (faqs) {
          row.faqs = faqs
            .map((faq) => ({
              _id: faq._id ?? nextId(),
              question: faq.question.trim(),
              answer: faq.answer.trim(),
            }))
            .filter((faq) => faq.question && faq.answer);
        }
        return reply('updateStaticContent', 200, {
          success: true,
          message: savedMessage(body),
          data: row,
        });
      },
      deleteStaticContent: (call) => {
        const slug = slugOfCall(call);
        const index = rows.findIndex((r) => r.slug === slug);
        if (index < 0) return reply('deleteStaticContent', 404, missing(slug));
        const stale = staleWrite(call, 'content', rows[index]);
        if (stale) return stale;
        rows.splice(index, 1);
        return reply('deleteStaticContent', 200, {
          success: true,
          message: 'Content deleted successfully',
        });
      },
    } satisfies Routes,
  };
}
