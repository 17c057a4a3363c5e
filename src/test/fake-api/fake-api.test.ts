/**
 * The fake API keeps the contract: an answer that drifts from it, a call to no operation, a call
 * no fake serves and a list call with filters the test did not expect each fail the test.
 */
import { fakeApi } from './fake-api';
import { contractViolations, offContract, reply, replyOf, takeProblems } from './reply';
import { userRow, usersFake } from './users';
import { changedByColleague } from './versions';

const user = userRow(1, { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.net' });
const users = { success: true, message: 'OK', count: 1, data: [user] };

it('finds nothing to say about an answer that keeps the contract', async () => {
  expect(await contractViolations(reply('listUsers', 200, users))).toEqual([]);
  expect(
    await contractViolations(
      reply('listUsers', 401, { success: false, message: 'Invalid token', status_code: 401 }),
    ),
  ).toEqual([]);
});

it('names what drifted: a renamed field, a wrong type, a missing envelope, an undeclared status', async () => {
  const { email: _email, ...renamed } = user;
  expect(
    await contractViolations(
      replyOf('listUsers', 200, { ...users, data: [{ ...renamed, mail: user.email }] }),
    ),
  ).toEqual(
    expect.arrayContaining([
      'listUsers 200 /data/0/email: expected the required property "email", got nothing (missing)',
    ]),
  );
  expect(await contractViolations(replyOf('listUsers', 200, { ...users, count: '1' }))).toContain(
    'listUsers 200 /count: expected a integer, got string "1"',
  );
  expect(await contractViolations(replyOf('listUsers', 200, [user]))).not.toEqual([]);
  expect(await contractViolations(replyOf('listUsers', 500, {}))).toEqual([
    'listUsers 500 /: expected a declared status (HTTP 200, 400, 401, 403, 503), got HTTP 500',
  ]);
  // Every operation declares the server's 503 (database unavailable, load shed) and its body.
  const unavailable = { success: false, status_code: 503, message: 'The database is unavailable' };
  expect(await contractViolations(replyOf('listUsers', 503, unavailable))).toEqual([]);
  expect(await contractViolations(replyOf('listUsers', 503, {}))).not.toEqual([]);
  // Deliberately outside the contract: not checked.
  expect(await contractViolations(offContract(500, {}))).toEqual([]);
});

it('a drifting answer fails the call and the test that made it', async () => {
  const api = fakeApi(usersFake([user]));
  api.on('listUsers', () =>
    replyOf('listUsers', 200, { ...users, data: [{ ...user, status: 'active' }] }),
  );
  await expect(fetch('/api/v1/admin/users')).rejects.toThrow(
    'listUsers 200 /data/0/status: expected a boolean, got string "active"',
  );
  // What the check after each test reports (taken here, so that this test itself passes).
  expect(takeProblems()).toEqual([
    'An answer drifted: listUsers 200 /data/0/status: expected a boolean, got string "active"',
  ]);

  fakeApi(usersFake([user]));
  const answer = await fetch('/api/v1/admin/users');
  expect(await answer.json()).toEqual(users);
  expect(takeProblems()).toEqual([]);
});

it("an answer of another operation fails, even when it fits that operation's contract", async () => {
  fakeApi().on('listUsers', () =>
    reply('getConfiguration', 200, {
      success: true,
      message: 'OK',
      data: { platformFee: 1, version: 1 },
    }),
  );
  await expect(fetch('/api/v1/admin/users')).rejects.toThrow('Failed to fetch');
  expect(takeProblems()).toEqual(["listUsers answered with getConfiguration's answer"]);
});

it('a call to no operation of the contract, or one no fake serves, fails the test', async () => {
  const api = fakeApi();
  await expect(fetch('/api/v1/admin/nothing-here')).rejects.toThrow('Failed to fetch');
  await expect(fetch('/api/v1/admin/users', { method: 'DELETE' })).rejects.toThrow();
  await expect(fetch('/api/v1/admin/users')).rejects.toThrow('Failed to fetch');
  expect(takeProblems()).toEqual([
    'GET /admin/nothing-here: no operation of the contract',
    'DELETE /admin/users: no operation of the contract',
    'listUsers (GET /admin/users): no fake serves it',
  ]);
  expect(api.calls.map((call) => call.path)).toEqual([
    '/admin/nothing-here',
    '/admin/users',
    '/admin/users',
  ]);
});

it("resolves a path's parameters; the fake changes its rows as the server would", async () => {
  const rows = [{ ...user }];
  const api = fakeApi(usersFake(rows));
  await fetch(`/api/v1/admin/user/${user._id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'If-Match': '"1"' },
    body: JSON.stringify({ status: false }),
  });
  expect(api.callsOf('updateUserStatus')[0].params).toEqual({ id: user._id });
  expect(api.callsOf('updateUserStatus')[0].body).toEqual({ status: false });
  expect(rows[0].status).toBe(false);
});

it('a list answers the filters of its table, parameters in any order; others fail the test', async () => {
  fakeApi(usersFake([user, userRow(2)], { 'search=Jane': (rows) => [rows[0]] }));
  const found = await fetch('/api/v1/admin/users?limit=10&search=Jane&skip=0');
  expect(await found.json()).toEqual(users);
  expect(takeProblems()).toEqual([]);

  await expect(fetch('/api/v1/admin/users?search=Jan&limit=10&skip=0')).rejects.toThrow(
    'Failed to fetch',
  );
  expect(takeProblems()).toEqual(['GET /admin/users?search=Jan: no answer for these filters']);
});

const putStatus = (headers: Record<string, string>) =>
  fetch(`/api/v1/admin/user/${user._id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ status: false }),
  });

it('a write the contract versions, sent without If-Match, fails the test', async () => {
  fakeApi(usersFake([{ ...user }]));
  await putStatus({});
  expect(takeProblems()).toEqual([
    'updateUserStatus: sent without If-Match (the version the record was read at)',
  ]);
});

it("a stale If-Match is refused with the server's 412, naming the colleague's change; nothing changes", async () => {
  const row = { ...user };
  const api = fakeApi(usersFake([row]));
  changedByColleague(
    row,
    { firstName: 'Janet' },
    {
      type: 'user',
      name: 'Janet Doe',
      action: 'user.status',
      changes: [{ field: 'status', before: false, after: true }],
      at: '2026-03-05T10:31:00.000Z',
    },
  );
  const stale = await putStatus({ 'If-Match': '"1"' });
  expect(stale.status).toBe(412);
  const body = await stale.json();
  expect(body).toMatchObject({
    success: false,
    status_code: 412,
    current: { version: 2, status: true },
    changes: [{ actor: { name: 'Fiona Finance' }, version: 2 }],
  });
  expect(body.message).toBe(
    'Fiona Finance changed this user on 2026-03-05 at 10:31 (Status No → Yes). Reload to see it.',
  );
  expect(row.status).toBe(true);

  // The version the 412 gave is accepted.
  expect((await putStatus({ 'If-Match': '"2"', 'X-Overrides-Version': '1' })).status).toBe(200);
  expect(row).toMatchObject({ status: false, version: 3 });
  expect(api.callsOf('updateUserStatus')[1].headers.get('X-Overrides-Version')).toBe('1');
  expect(takeProblems()).toEqual([]);
});
