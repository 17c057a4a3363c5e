import { eq } from 'drizzle-orm';
import { staticContents } from '../src/db/schema.js';
import { activityTitle } from '../src/lib/activity-text.js';
import { eventsOf } from './helpers/audit.js';
import { slugForTitle, slugify } from '../src/lib/slug.js';
import { cleanFaqs, DUPLICATE_TITLE } from '../src/handlers/content.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (query = '') => t.as({ method: 'GET', url: `/api/v1/static${query}` });
const create = (payload: object) => t.as({ method: 'POST', url: '/api/v1/static', payload });
const update = (slug: string, payload: object) =>
  t.as({ method: 'PUT', url: `/api/v1/static?slug=${encodeURIComponent(slug)}`, payload });
const remove = (slug: string) =>
  t.as({ method: 'DELETE', url: `/api/v1/static?slug=${encodeURIComponent(slug)}` });

describe('slugs', () => {
  test('are lower-case kebab-case of the title, accents folded', () => {
    expect(slugify('  Terms & Conditions! ')).toBe('terms-conditions');
    expect(slugify('Café Déjà Vu 2')).toBe('cafe-deja-vu-2');
    expect(slugify('日本語')).toBe('');
    expect(slugForTitle('日本語')).toMatch(/^content-[0-9a-f]{8}$/);
  });
});

describe('GET /static', () => {
  test('lists newest first with the total count, 10 per page by default', async () => {
    const body = await expectContract(await list(), 'listStaticContent', 200);
    const all = await t.database.db.select().from(staticContents);
    expect(body.count).toBe(all.length);
    expect(body.data.length).toBe(Math.min(10, all.length));
    const times = body.data.map((row: { createdAt: string }) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test('filters by title search, type and status, and pages with skip and limit', async () => {
    for (const n of [1, 2, 3]) {
      await expectContract(
        await create({ title: `Paging probe ${n}`, content: '<p>x</p>', type: 'section' }),
        'createStaticContent',
        201,
      );
    }
    const found = await expectContract(
      await list('?search=%20paging%20PROBE%20'),
      'listStaticContent',
      200,
    );
    expect(found.count).toBe(3);
    const page2 = await expectContract(
      await list('?search=paging%20probe&skip=2&limit=2'),
      'listStaticContent',
      200,
    );
    expect(page2.count).toBe(3);
    expect(page2.data.map((r: { title: string }) => r.title)).toEqual(['Paging probe 1']);

    const sections = await expectContract(
      await list('?type=section&limit=100'),
      'listStaticContent',
      200,
    );
    expect(sections.data.every((r: { type: string }) => r.type === 'section')).toBe(true);
    expect(sections.data.map((r: { slug: string }) => r.slug)).toEqual(
      expect.arrayContaining(['home-hero', 'paging-probe-1']),
    );

    const published = await expectContract(
      await list('?status=published&limit=100'),
      'listStaticContent',
      200,
    );
    expect(published.data.map((r: { slug: string }) => r.slug).sort()).toEqual([
      'home-hero',
      'how-booking-works',
    ]);
    const both = await expectContract(
      await list('?status=published&type=page'),
      'listStaticContent',
      200,
    );
    expect(both.data.map((r: { slug: string }) => r.slug)).toEqual(['how-booking-works']);
  });

  test('the editor reads one page by slug', async () => {
    const body = await expectContract(
      await list('?slug=frequently-asked-questions'),
      'listStaticContent',
      200,
    );
    expect(body.count).toBe(1);
    expect(body.data[0].faqs).toHaveLength(3);
  });

  test('a bad filter value is a 400, no token a 401, a non-admin a 403', async () => {
    await expectContract(await list('?type=banner'), 'listStaticContent', 400);
    await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/static', token: null }),
      'listStaticContent',
      401,
    );
    await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/static', token: t.ownerToken }),
      'listStaticContent',
      403,
    );
  });
});

describe('POST /static', () => {
  test('creates a draft page with a slug derived from the title and logs it', async () => {
    const body = await expectContract(
      await create({
        title: '  Delivery Areas  ',
        content: '<p>We deliver <strong>downtown</strong>.</p>',
      }),
      'createStaticContent',
      201,
    );
    expect(body.data).toMatchObject({
      title: 'Delivery Areas',
      slug: 'delivery-areas',
      type: 'page',
      status: 'draft',
      content: '<p>We deliver <strong>downtown</strong>.</p>',
      faqs: [],
    });
    const logs = await eventsOf(t.database.db, 'content.create');
    expect(
      logs.some(
        (log) =>
          activityTitle(log).description.includes('delivery-areas') && log.actorId === t.adminId,
      ),
    ).toBe(true);
  });

  test('a similar title (same slug or same title in another case) is a 409 with the duplicate message', async () => {
    await expectContract(
      await create({ title: 'Gift Cards', content: '<p>a</p>' }),
      'createStaticContent',
      201,
    );
    for (const title of ['gift cards', 'Gift-Cards!', ' GIFT CARDS ']) {
      const body = await expectContract(
        await create({ title, content: '<p>b</p>' }),
        'createStaticContent',
        409,
      );
      expect(body.message).toBe(DUPLICATE_TITLE);
    }
    const rows = await t.database.db
      .select()
      .from(staticContents)
      .where(eq(staticContents.slug, 'gift-cards'));
    expect(rows).toHaveLength(1);
  });

  test('blank or missing title or content is a 400, also content that is blank once cleaned', async () => {
    await expectContract(
      await create({ title: '   ', content: '<p>x</p>' }),
      'createStaticContent',
      400,
    );
    await expectContract(
      await create({ title: 'Blank body', content: '  ' }),
      'createStaticContent',
      400,
    );
    await expectContract(await create({ title: 'No body' }), 'createStaticContent', 400);
    await expectContract(
      await create({ title: 'Bad type', content: '<p>x</p>', type: 'banner' }),
      'createStaticContent',
      400,
    );
    const body = await expectContract(
      await create({ title: 'Only script', content: '<script>alert(1)</script>' }),
      'createStaticContent',
      400,
    );
    expect(body.message).toMatch(/empty/);
    expect(
      await t.database.db
        .select()
        .from(staticContents)
        .where(eq(staticContents.slug, 'only-script')),
    ).toHaveLength(0);
  });
});

describe('PUT and DELETE /static?slug=', () => {
  test('slugs that are Object.prototype keys are unknown: 404, nothing created', async () => {
    const before = await t.database.db.select().from(staticContents);
    for (const slug of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
      const message = `No content item with the slug "${slug}"`;
      const updated = await expectContract(
        await update(slug, { title: 'Anything', content: '<p>x</p>' }),
        'updateStaticContent',
        404,
      );
      expect(updated.message).toBe(message);
      const deleted = await expectContract(await remove(slug), 'deleteStaticContent', 404);
      expect(deleted.message).toBe(message);
      const listed = await expectContract(
        await list(`?slug=${encodeURIComponent(slug)}`),
        'listStaticContent',
        200,
      );
      expect(listed).toMatchObject({ data: [], count: 0 });
    }
    expect(await t.database.db.select().from(staticContents)).toEqual(before);
  });

  test('edits, publishes, unpublishes and deletes by slug; the slug stays', async () => {
    await expectContract(
      await create({ title: 'Opening Hours', content: '<p>9 to 5</p>' }),
      'createStaticContent',
      201,
    );
    const edited = await expectContract(
      await update('opening-hours', {
        title: 'Opening times',
        type: 'section',
        content: '<p>9 to 6</p>',
      }),
      'updateStaticContent',
      200,
    );
    expect(edited.data).toMatchObject({
      title: 'Opening times',
      type: 'section',
      content: '<p>9 to 6</p>',
      slug: 'opening-hours',
      status: 'draft',
    });
    expect(Date.parse(edited.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(edited.data.createdAt),
    );

    const published = await expectContract(
      await update('opening-hours', { status: 'published' }),
      'updateStaticContent',
      200,
    );
    expect(published.message).toBe('Content published successfully');
    expect(published.data.status).toBe('published');
    const unpublished = await expectContract(
      await update('opening-hours', { status: 'draft' }),
      'updateStaticContent',
      200,
    );
    expect(unpublished.message).toBe('Content unpublished successfully');
    expect(unpublished.data.status).toBe('draft');

    const deleted = await expectContract(await remove('opening-hours'), 'deleteStaticContent', 200);
    expect(deleted.message).toBe('Content deleted successfully');
    await expectContract(await remove('opening-hours'), 'deleteStaticContent', 404);
    await expectContract(
      await update('opening-hours', { status: 'draft' }),
      'updateStaticContent',
      404,
    );
  });

  test("renaming to a title another item has is a 409; keeping one's own title is fine", async () => {
    await expectContract(
      await create({ title: 'Careers', content: '<p>a</p>' }),
      'createStaticContent',
      201,
    );
    const body = await expectContract(
      await update('careers', { title: 'partner with us' }),
      'updateStaticContent',
      409,
    );
    expect(body.message).toBe(DUPLICATE_TITLE);
    await expectContract(await update('careers', { title: 'CAREERS' }), 'updateStaticContent', 200);
  });

  test('an empty body, a blank title or unknown fields are a 400', async () => {
    await expectContract(await update('about-us', {}), 'updateStaticContent', 400);
    await expectContract(await update('about-us', { title: ' ' }), 'updateStaticContent', 400);
    await expectContract(await update('about-us', { slug: 'x' }), 'updateStaticContent', 400);
    await expectContract(
      await t.as({ method: 'PUT', url: '/api/v1/static', payload: { status: 'draft' } }),
      'updateStaticContent',
      400,
    );
  });
});

describe('the editor pages', () => {
  test('save and load each of the four pages as a draft', async () => {
    for (const [slug, title] of [
      ['privacy-policy', 'Privacy Policy'],
      ['terms-and-conditions', 'Terms & Conditions'],
      ['about-us', 'About App'],
    ]) {
      const content = `<p>Saved <strong>${slug}</strong> <a href="https://example.com/${slug}" target="_blank">link</a></p>`;
      await expectContract(
        await update(slug, { title, content, status: 'draft' }),
        'updateStaticContent',
        200,
      );
      const loaded = await expectContract(await list(`?slug=${slug}`), 'listStaticContent', 200);
      expect(loaded.data[0]).toMatchObject({ slug, title, status: 'draft' });
      expect(loaded.data[0].content).toBe(
        `<p>Saved <strong>${slug}</strong> <a href="https://example.com/${slug}" target="_blank" rel="noopener noreferrer">link</a></p>`,
      );
    }
  });

  test('a missing editor page is created on first save; other unknown slugs are 404', async () => {
    await t.database.db.delete(staticContents).where(eq(staticContents.slug, 'about-us'));
    const body = await expectContract(
      await update('about-us', { title: 'About App', content: '<p>Back</p>', status: 'draft' }),
      'updateStaticContent',
      200,
    );
    expect(body.data).toMatchObject({
      slug: 'about-us',
      title: 'About App',
      type: 'page',
      content: '<p>Back</p>',
    });
    await expectContract(
      await update('not-a-page', { content: '<p>x</p>' }),
      'updateStaticContent',
      404,
    );
  });

  test('the FAQ list is replaced whole: ids kept, new ones given ids, answers trimmed', async () => {
    const before = await expectContract(
      await list('?slug=frequently-asked-questions'),
      'listStaticContent',
      200,
    );
    const [first, , third] = before.data[0].faqs;
    const faqs = [
      { ...third, answer: 'Edited answer' },
      first,
      { question: 'Is there parking?', answer: 'Street parking only.' },
    ];
    const saved = await expectContract(
      await update('frequently-asked-questions', {
        title: 'FAQs',
        content: 'FAQ content',
        status: 'draft',
        faqs,
      }),
      'updateStaticContent',
      200,
    );
    expect(saved.data.faqs).toHaveLength(3);
    expect(saved.data.faqs[0]).toEqual({
      _id: third._id,
      question: third.question,
      answer: 'Edited answer',
    });
    expect(saved.data.faqs[1]).toEqual(first);
    expect(saved.data.faqs[2]).toMatchObject({
      question: 'Is there parking?',
      answer: 'Street parking only.',
    });
    expect(saved.data.faqs[2]._id).toMatch(/^[0-9a-f-]{36}$/);
    const reloaded = await expectContract(
      await list('?slug=frequently-asked-questions'),
      'listStaticContent',
      200,
    );
    expect(reloaded.data[0].faqs).toEqual(saved.data.faqs);
  });

  test('a blank FAQ question is refused by the contract', async () => {
    await expectContract(
      await update('frequently-asked-questions', { faqs: [{ question: ' ', answer: 'a' }] }),
      'updateStaticContent',
      400,
    );
  });

  test('cleanFaqs gives duplicate ids fresh ones, keeps the text as typed and drops blank entries', () => {
    const id = '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10';
    const out = cleanFaqs([
      { _id: id, question: ' a < b? ', answer: 'yes' },
      { _id: id, question: 'q', answer: '<img src=x onerror=alert(1)>ok' },
      { question: 'blank answer', answer: ' \n ' },
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({ _id: id, question: 'a < b?', answer: 'yes' });
    expect(out[1]._id).not.toBe(id);
    expect(out[1].answer).toBe('<img src=x onerror=alert(1)>ok');
  });
});

describe('the legacy static-content service', () => {
  test('lists like GET /static', async () => {
    const body = await expectContract(
      await t.as({ method: 'GET', url: '/api/v1/static-content?search=privacy' }),
      'listStaticContentLegacy',
      200,
    );
    expect(body.data.map((r: { slug: string }) => r.slug)).toContain('privacy-policy');
  });

  test('updates by id, 404 for an unknown id', async () => {
    const created = await expectContract(
      await create({ title: 'Legacy item', content: '<p>a</p>' }),
      'createStaticContent',
      201,
    );
    const body = await expectContract(
      await t.as({
        method: 'PUT',
        url: `/api/v1/static-content/${created.data._id}`,
        payload: { content: '<p onclick="x()">b</p>', status: 'published' },
      }),
      'updateStaticContentLegacy',
      200,
    );
    expect(body.data).toMatchObject({
      content: '<p>b</p>',
      status: 'published',
      slug: 'legacy-item',
    });
    await expectContract(
      await t.as({
        method: 'PUT',
        url: '/api/v1/static-content/4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10',
        payload: { status: 'draft' },
      }),
      'updateStaticContentLegacy',
      404,
    );
  });

  test('removes one FAQ by its _id; an unknown FAQ is a 404', async () => {
    const [page] = await t.database.db
      .select()
      .from(staticContents)
      .where(eq(staticContents.slug, 'frequently-asked-questions'));
    const target = page.faqs[0];
    const url = `/api/v1/static-content/${page.id}/faq`;
    const body = await expectContract(
      await t.as({ method: 'DELETE', url, payload: { removeFaq: target._id } }),
      'removeStaticContentFaq',
      200,
    );
    expect(body.data.faqs).toEqual(page.faqs.slice(1));
    await expectContract(
      await t.as({ method: 'DELETE', url, payload: { removeFaq: target._id } }),
      'removeStaticContentFaq',
      404,
    );
    await expectContract(
      await t.as({ method: 'DELETE', url, payload: {} }),
      'removeStaticContentFaq',
      400,
    );
  });
});
