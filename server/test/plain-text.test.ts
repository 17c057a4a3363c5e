/**
 * Plain text end to end: admin notes, FAQ questions and answers and names are stored and
 * returned exactly as typed (names and FAQ text trimmed), whatever characters they hold; values
 * stored as cleaned HTML before are turned back into their text by migration 0001.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { bookings, staticContents } from '../src/db/schema.js';
import { createBookingFixture } from './helpers/booking-fixture.js';
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Text an HTML cleaner would damage, in every script direction, and long text. */
const SAMPLES: Record<string, string> = {
  markup: 'Allergic to <peanuts> & shellfish; <b>not bold</b> <script>alert(1)</script>',
  entities: 'Write &amp; as "&amp;", not &lt;tag&gt; — it\'s "quoted" and \'single\'',
  comparison: 'a < b > c && d',
  emoji: 'Table for 👨‍👩‍👧‍👦 🎉 — vegan 🌱',
  rtl: 'שולחן ליד החלון, בבקשה — طاولة بجانب النافذة',
  spaces: 'two  spaces\u00a0and a non-breaking one\nsecond line',
};
/** `length` UTF-16 units (a multiple of 10) of markup characters, Hebrew and emoji. */
const long = (length: number) => `${'<&> אב 🙂 '.repeat(length / 10).slice(0, -1)}.`;

test.each(Object.entries({ ...SAMPLES, '5,000 characters': long(5000) }))(
  'admin notes come back exactly as typed: %s',
  async (_name, text) => {
    const fixture = await createBookingFixture(t.database.db);
    const saved = await expectContract(
      await t.as({
        method: 'PUT',
        url: `/api/v1/booking/${fixture.bookingId}`,
        payload: { adminNotes: text },
      }),
      'updateBookingNotes',
      200,
    );
    expect(saved.data.adminNotes).toBe(text);
    const read = await expectContract(
      await t.as({ method: 'GET', url: `/api/v1/admin/booking/${fixture.bookingId}` }),
      'getBooking',
      200,
    );
    expect(read.data.adminNotes).toBe(text);
  },
);

test('FAQ questions and answers come back exactly as typed, 10,000-character answers too', async () => {
  const faqs = [
    ...Object.values(SAMPLES).map((text) => ({ question: text.slice(0, 1000), answer: text })),
    { question: 'Can I bring <pets>?', answer: long(10_000) },
  ];
  const saved = await expectContract(
    await t.as({
      method: 'PUT',
      url: '/api/v1/static?slug=frequently-asked-questions',
      payload: { title: 'FAQs', content: '<p>FAQ</p>', status: 'draft', faqs },
    }),
    'updateStaticContent',
    200,
  );
  const strip = (list: { question: string; answer: string }[]) =>
    list.map(({ question, answer }) => ({ question, answer }));
  expect(strip(saved.data.faqs)).toEqual(faqs);
  const read = await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/static?slug=frequently-asked-questions' }),
    'listStaticContent',
    200,
  );
  expect(strip(read.data[0].faqs)).toEqual(faqs);
});

test.each(Object.entries(SAMPLES).filter(([name]) => name !== 'spaces'))(
  'names come back exactly as typed: %s',
  async (_name, text) => {
    const name = `${text.slice(0, 90)} ${Math.random().toString(36).slice(2, 8)}`;
    const created = await expectContract(
      await t.as({ method: 'POST', url: '/api/v1/allergy', payload: { name } }),
      'createAllergy',
      201,
    );
    expect(created.data.name).toBe(name);
    const title = `${text.slice(0, 150)} ${Math.random().toString(36).slice(2, 8)}`;
    const content = await expectContract(
      await t.as({
        method: 'POST',
        url: '/api/v1/static',
        payload: { title, content: '<p>x</p>' },
      }),
      'createStaticContent',
      201,
    );
    expect(content.data.title).toBe(title);
    const read = await expectContract(
      await t.as({ method: 'GET', url: `/api/v1/static?slug=${content.data.slug}` }),
      'listStaticContent',
      200,
    );
    expect(read.data[0].title).toBe(title);
  },
);

test('migration 0001 turns notes and FAQ text stored as cleaned HTML back into their text', async () => {
  const db = t.database.db;
  const fixture = await createBookingFixture(db);
  await db
    .update(bookings)
    .set({ adminNotes: 'Allergic to &lt;nuts&gt; &amp; <strong>fish</strong> "ok"' })
    .where(eq(bookings.id, fixture.bookingId));
  const [page] = await db
    .insert(staticContents)
    .values({
      slug: 'migration-0001',
      title: 'Migration 0001',
      content: '<p>x</p>',
      faqs: [
        { _id: 'a', question: 'Can I bring &lt;pets&gt;?', answer: '<em>Yes</em> &amp; no' },
        { _id: 'b', question: 'Plain?', answer: 'Plain.' },
      ],
    })
    .returning();
  const file = path.resolve('server/migrations/0001_plain_text_notes_faqs.sql');
  for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
    await db.execute(sql.raw(statement));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, fixture.bookingId));
  expect(booking.adminNotes).toBe('Allergic to <nuts> & fish "ok"');
  const [migrated] = await db.select().from(staticContents).where(eq(staticContents.id, page.id));
  expect(migrated.faqs).toEqual([
    { _id: 'a', question: 'Can I bring <pets>?', answer: 'Yes & no' },
    { _id: 'b', question: 'Plain?', answer: 'Plain.' },
  ]);
});
