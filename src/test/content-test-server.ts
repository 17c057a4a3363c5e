/** An in-memory /static endpoint for the content screens' tests (mirrors the contract). */
import {
  byQuery,
  mockApi,
  reply,
  sessionCheckOk,
  type MockReply,
  type MockRequest,
} from './mock-api';
import type { StaticContent } from '../api/types';

let sequence = 0;
export function contentRow(
  fields: Partial<StaticContent> & { title: string; slug: string },
): StaticContent {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 2, 5, 14, 30) - sequence * 60_000).toISOString();
  return {
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'page',
    content: '<p>x</p>',
    status: 'draft',
    faqs: [],
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

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

export type Intercept = (req: MockRequest) => MockReply | Promise<MockReply> | undefined;

/**
 * Serves GET/POST/PUT/DELETE /static over `rows`; `intercept` may answer first. A GET is answered
 * from a fixed table: each row by its slug, the first two pages, and the lists of `searches` (a
 * query such as 'skip=0&limit=10&search=partner' and the rows the server would find for it).
 */
export function contentServer(
  rows: StaticContent[],
  intercept?: Intercept,
  searches: Record<string, (rows: StaticContent[]) => StaticContent[]> = {},
) {
  const page = (data: StaticContent[], count = data.length) =>
    reply('listStaticContent', 200, { success: true, message: 'Content items', count, data });
  const list = byQuery({
    ...Object.fromEntries(
      rows.map(({ slug }) => [`slug=${slug}`, () => page(rows.filter((r) => r.slug === slug))]),
    ),
    'skip=0&limit=10': () => page(rows.slice(0, 10), rows.length),
    'skip=10&limit=10': () => page(rows.slice(10, 20), rows.length),
    ...Object.fromEntries(
      Object.entries(searches).map(([query, found]) => [query, () => page(found(rows))]),
    ),
  });
  const mock = mockApi(async (req) => {
    if (req.path === '/total/booking') return sessionCheckOk;
    if (req.path !== '/static') return undefined;
    const custom = await intercept?.(req);
    if (custom) return custom;
    if (req.method === 'GET') return list(req);
    const slug = req.url.searchParams.get('slug');
    if (req.method === 'POST') {
      const body = req.body as { title: string; type?: 'page' | 'section'; content: string };
      const newSlug = body.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      if (rows.some((r) => r.slug === newSlug)) {
        return reply('createStaticContent', 409, {
          success: false,
          status_code: 409,
          message:
            'A content item with a similar title already exists. Please use a different title.',
        });
      }
      const row = contentRow({ ...body, slug: newSlug });
      rows.unshift(row);
      return reply('createStaticContent', 201, {
        success: true,
        message: 'Content created successfully',
        data: row,
      });
    }
    const index = rows.findIndex((r) => r.slug === slug);
    const missing = { success: false, status_code: 404, message: 'Not found' } as const;
    if (index < 0) {
      return req.method === 'PUT'
        ? reply('updateStaticContent', 404, missing)
        : reply('deleteStaticContent', 404, missing);
    }
    if (req.method === 'PUT') {
      rows[index] = {
        ...rows[index],
        ...(req.body as object),
        updatedAt: new Date().toISOString(),
      };
      return reply('updateStaticContent', 200, {
        success: true,
        message: 'Content updated successfully',
        data: rows[index],
      });
    }
    rows.splice(index, 1);
    return reply('deleteStaticContent', 200, {
      success: true,
      message: 'Content deleted successfully',
    });
  });
  const staticCalls = (method?: string) =>
    mock.calls.filter((c) => c.path === '/static' && (!method || c.method === method));
  return { ...mock, rows, staticCalls };
}

/** A reply that waits until `release` is called, to observe busy states. */
export function deferred() {
  let release: (answer: MockReply) => void = () => undefined;
  const promise = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
