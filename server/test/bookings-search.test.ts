/**
 * The bookings search past searchWalk.rows bookings (docs/scale.md, Search): a frequent text's
 * page is read by walking the list's order and its total estimated (`totalIsEstimate`); a rare
 * text, a miss and a deep page are collected through the trigram index and counted exactly.
 */
import { sql } from 'drizzle-orm';
import { bookings } from '../src/db/schema.js';
import { ESTIMATE_MATCHES, searchWalk } from '../src/queries/bookings.js';
import { expectContract } from './helpers/contract.js';
import { explain, statementsOf } from './helpers/query-plans.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
/** The walk's bound here (20,000 in use): more bookings than that are added, cheaply. */
const WALK = 600;
/**
 * Bookings added, a third of them at @frequent.test; one in 500 named Quenbyrare, about one in
 * 37 Ostrander.
 */
const ADDED = WALK * 2;
const usual = searchWalk.rows;

beforeAll(async () => {
  searchWalk.rows = WALK;
  t = await createTestApp();
  const [template] = await t.database.db.select().from(bookings).limit(1);
  // Copies of one booking, spread over a year of arrival days (after the seed's), with their
  // own reference, e-mail and surname.
  await t.database.db.execute(sql`
    insert into bookings
    select (jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object(
      'id', gen_random_uuid(),
      'booking_ref', 'BKW-' || lpad(g::text, 6, '0'),
      'arrival_date', (date '2031-01-01' + g % 20)::text,
      'last_name', case when g % 500 = 0 then 'Quenbyrare' when g % 37 = 0 then 'Ostrander'
        else 'Walker' end,
      'email', 'diner' || g || case when g % 3 = 0 then '@frequent.test' else '@elsewhere.test' end
    ))).*
    from bookings b, generate_series(1, ${ADDED}::int) g
    where b.id = ${template.id}::uuid`);
  await t.database.db.execute(sql`analyze bookings`);
}, 60_000);
afterAll(async () => {
  searchWalk.rows = usual;
  await t.close();
});

type Body = { count: number; totalIsEstimate?: boolean; data: { _id: string }[] };
const list = async (query: string) =>
  expectContract<Body>(
    await t.as({ method: 'GET', url: `/api/v1/admin/bookings?${query}` }),
    'listBookings',
    200,
  );

/** The exact answer: every booking whose reference, names or e-mail contain `text`, in order. */
async function exact(text: string, day?: string) {
  const pattern = `%${text}%`;
  const { rows } = (await t.database.db.execute(sql`
    select id from bookings
    where (booking_ref ilike ${pattern} or first_name ilike ${pattern} or last_name ilike ${pattern}
      or first_name || ' ' || last_name ilike ${pattern} or email ilike ${pattern})
      ${day ? sql`and arrival_date = ${day}::date` : sql``}
    order by arrival_date desc, arrival_time desc, booking_ref desc`)) as unknown as {
    rows: { id: string }[];
  };
  return rows.map((r) => r.id);
}

test('a frequent text: the first pages are the exact answer in order, the total an estimate', async () => {
  const all = await exact('frequent.test');
  expect(all.length).toBe(Math.floor(ADDED / 3));
  const order = await exact('');
  for (const skip of [0, 10, WALK / 3 - 40]) {
    const body = await list(`search=frequent.test&skip=${skip}&limit=10`);
    expect(body.data.map((b) => b._id)).toEqual(all.slice(skip, skip + 10));
    expect(body.totalIsEstimate).toBe(true);
    // The share of matches among the bookings read (up to the ESTIMATE_MATCHES-th match, or the
    // one after this page) times all the bookings, and more than this page (a next page exists).
    const found = Math.max(ESTIMATE_MATCHES, skip + 11);
    const read = order.indexOf(all[found - 1]) + 1;
    expect(body.count).toBe(
      Math.max(Math.round(((found - 1) * order.length) / (read - 1)), skip + 11),
    );
    expect(body.count).toBeLessThanOrEqual(order.length);
  }
});

test('a text with fewer than ESTIMATE_MATCHES in the walk that fills the page: the share of all it read', async () => {
  const all = await exact('ostrander');
  const order = await exact('');
  const walked = order.slice(0, WALK).filter((id) => all.includes(id)).length;
  expect(walked).toBeGreaterThanOrEqual(11);
  expect(walked).toBeLessThan(ESTIMATE_MATCHES);
  const body = await list('search=Ostrander&limit=10');
  expect(body.data.map((b) => b._id)).toEqual(all.slice(0, 10));
  expect(body.totalIsEstimate).toBe(true);
  expect(body.count).toBe(Math.round((walked * order.length) / WALK));
});

test('a deep page the walk does not reach is collected: exact total, no estimate', async () => {
  const all = await exact('frequent.test');
  const skip = Math.ceil(WALK / 3) + 100;
  const body = await list(`search=frequent.test&skip=${skip}&limit=10`);
  expect(body).not.toHaveProperty('totalIsEstimate');
  expect(body.count).toBe(all.length);
  expect(body.data.map((b) => b._id)).toEqual(all.slice(skip, skip + 10));
});

test('a rare text gives the exact total without the flag; a miss gives 0', async () => {
  const all = await exact('quenbyrare');
  expect(all.length).toBe(Math.floor(ADDED / 500));
  const body = await list('search=QUENBYRARE&limit=10');
  expect(body).not.toHaveProperty('totalIsEstimate');
  expect(body.count).toBe(all.length);
  expect(body.data.map((b) => b._id)).toEqual(all.slice(0, 10));

  const miss = await list('search=zzqx');
  expect(miss).toEqual(expect.objectContaining({ count: 0, data: [] }));
  expect(miss).not.toHaveProperty('totalIsEstimate');
});

test('other filters that select fewer bookings than the walk reads: the walk counts exactly', async () => {
  const day = '2031-01-05';
  const all = await exact('frequent.test', day);
  expect(all.length).toBeGreaterThan(10);
  const body = await list(`search=frequent.test&arrivalDateTime=${day}&limit=10`);
  expect(body).not.toHaveProperty('totalIsEstimate');
  expect(body.count).toBe(all.length);
  expect(body.data.map((b) => b._id)).toEqual(all.slice(0, 10));
});

test('when the walk fills the page, the collecting branch is never executed', async () => {
  const { sent } = await statementsOf(t, () =>
    t.as({ method: 'GET', url: '/api/v1/admin/bookings?search=frequent.test' }),
  );
  const statement = sent.find((s) => s.text.includes('walk as materialized'));
  expect(statement).toBeDefined();
  const plan = await explain(
    t,
    { ...statement!, text: `(ANALYZE, COSTS OFF, TIMING OFF) ${statement!.text}` },
    ['enable_seqscan', 'enable_sort'],
  );
  // The CTE `matches`: its scans of bookings are under a one-time filter that held false.
  const matches = plan.slice(plan.indexOf('CTE matches'), plan.indexOf('CTE total'));
  const scans = matches.split('\n').filter((line) => /Scan.* on bookings/.test(line));
  expect(scans.length).toBeGreaterThan(0);
  for (const line of scans) expect(line).toMatch(/never executed/);
  // The walk reads the list's index alone (migration 0020), in its order.
  const walk = plan.slice(plan.indexOf('CTE walk'), plan.indexOf('CTE walked'));
  expect(walk).toMatch(/Index Only Scan (Backward )?using bookings_list_idx on bookings/);
  expect(walk).not.toMatch(/Sort/);
});

test('an e-mail address: the trigram index is asked for its name and the @, the whole address tested', async () => {
  const address = 'Diner4@elsewhere.test';
  const all = await exact(address);
  expect(all.length).toBe(1);
  const body = await list(`search=${encodeURIComponent(` ${address}`)}&limit=10`);
  expect(body.data.map((b) => b._id)).toEqual(all);
  expect(body.count).toBe(1);
  // Not the domain's trigrams, which a third of the bookings share here.
  const { sent } = await statementsOf(t, () =>
    t.as({ method: 'GET', url: `/api/v1/admin/bookings?search=${encodeURIComponent(address)}` }),
  );
  const statement = sent.find((s) => s.text.includes('walk as materialized'))!;
  const plan = await explain(t, { ...statement, text: `(COSTS OFF) ${statement.text}` }, [
    'enable_seqscan',
  ]);
  const conditions = plan.split('\n').filter((line) => /Index Cond: .*~~\*/.test(line));
  expect(conditions.length).toBeGreaterThan(0);
  for (const line of conditions) expect(line).toContain(`'%Diner4@%'`);
});

test('a reference-shaped text gives the same answer as without looking for its matches first', async () => {
  const texts = [
    'BK-100005',
    'bk-10001',
    'K-1000',
    '000123',
    '-0001',
    '123',
    ' 100012 ',
    'BK-1500000',
  ];
  const queries = texts.flatMap((text) =>
    ['', '&skip=10', '&skip=90', '&arrivalDateTime=2031-01-05', '&bookingStatus=pending'].map(
      (more) => `search=${encodeURIComponent(text)}&limit=10${more}`,
    ),
  );
  const answers = async () => {
    const bodies: Body[] = [];
    for (const query of queries) bodies.push(await list(query));
    return bodies;
  };
  const first = await answers();
  searchWalk.referencesFirst = false;
  let plain: Body[];
  try {
    plain = await answers();
  } finally {
    searchWalk.referencesFirst = true;
  }
  expect(first).toEqual(plain);
  // Both kinds are covered: rare references (collected), frequent ones (walked, estimated).
  expect(first.some((b) => b.totalIsEstimate)).toBe(true);
  expect(first.some((b) => !b.totalIsEstimate && b.count > 0)).toBe(true);
  for (const text of ['BK-100005', 'bk-10001', '000123', ' 100012 ']) {
    const all = await exact(text.trim());
    const body = await list(`search=${encodeURIComponent(text)}&limit=10`);
    expect(body.count).toBe(all.length);
    expect(body.data.map((b) => b._id)).toEqual(all.slice(0, 10));
  }
});

test('a reference: the trigram index is asked for its digits, and a rare one skips the walk', async () => {
  expect(await exact('BK-100005')).toHaveLength(1);
  const { sent } = await statementsOf(t, () =>
    t.as({ method: 'GET', url: '/api/v1/admin/bookings?search=BK-100005' }),
  );
  const statement = sent.find((s) => s.text.includes('walk as materialized'))!;
  const plan = await explain(
    t,
    { ...statement, text: `(ANALYZE, COSTS OFF, TIMING OFF) ${statement.text}` },
    ['enable_seqscan'],
  );
  const conditions = plan.split('\n').filter((line) => /Index Cond: .*~~\*/.test(line));
  expect(conditions.length).toBeGreaterThan(0);
  // Not "BK-", whose trigrams every booking has.
  for (const line of conditions) expect(line).toContain(`'%100005%'`);
  // The walk's read of the list's index is under a one-time filter that held false.
  const walk = plan.slice(plan.indexOf('CTE walk'), plan.indexOf('CTE walked'));
  const scans = walk.split('\n').filter((line) => /Index Only Scan.* on bookings /.test(line));
  expect(scans.length).toBeGreaterThan(0);
  for (const line of scans) expect(line).toMatch(/never executed/);
  // Its matches are collected through bitmaps (the trigram index, or here, with so few bookings,
  // the status's), never by walking an index and testing each booking as a limit could choose.
  const filtered = (
    await statementsOf(t, () =>
      t.as({
        method: 'GET',
        url: '/api/v1/admin/bookings?search=BK-100005&bookingStatus=pending',
      }),
    )
  ).sent.find((s) => s.text.includes('walk as materialized'))!;
  const filteredPlan = await explain(t, { ...filtered, text: `(COSTS OFF) ${filtered.text}` }, [
    'enable_seqscan',
  ]);
  const found = filteredPlan.slice(
    filteredPlan.indexOf('CTE found'),
    filteredPlan.indexOf('CTE unsearched'),
  );
  expect(found).toMatch(/Bitmap Heap Scan on bookings/);
  expect(found).not.toMatch(/Index (Only )?Scan( Backward)? using/);
});
