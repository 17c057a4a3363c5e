/** The mocked answers keep the contract: one that drifts from it fails its test. */
import {
  byQuery,
  contractViolations,
  mockApi,
  offContract,
  reply,
  replyOf,
  takeDrifts,
  takeUnanswered,
} from './mock-api';

const user = {
  _id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.net',
  role: 'user',
  avatar: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  status: true,
};
const users = { success: true, message: 'Users', count: 1, data: [user] };

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
    'listUsers 500 /: expected a declared status (HTTP 200, 400, 401, 403), got HTTP 500',
  ]);
  // Deliberately outside the contract: not checked.
  expect(await contractViolations(offContract(500, {}))).toEqual([]);
});

it('a drifting mock fails the call and the test that made it', async () => {
  mockApi(() => replyOf('listUsers', 200, { ...users, data: [{ ...user, status: 'active' }] }));
  await expect(fetch('/api/v1/admin/users')).rejects.toThrow(
    'listUsers 200 /data/0/status: expected a boolean, got string "active"',
  );
  // What the check after each test reports (taken here, so that this test itself passes).
  expect(takeDrifts()).toEqual([
    'listUsers 200 /data/0/status: expected a boolean, got string "active"',
  ]);

  mockApi(() => reply('listUsers', 200, users));
  const answer = await fetch('/api/v1/admin/users');
  expect(await answer.json()).toEqual(users);
  expect(takeDrifts()).toEqual([]);
});

it('answers a call by its query, parameters in any order; other arguments fail the test', async () => {
  mockApi(byQuery({ 'skip=0&limit=10&search=Jane': () => reply('listUsers', 200, users) }));
  const answer = await fetch('/api/v1/admin/users?search=Jane&limit=10&skip=0');
  expect(await answer.json()).toEqual(users);
  expect(takeUnanswered()).toEqual([]);

  await expect(fetch('/api/v1/admin/users?search=Jan&limit=10&skip=0')).rejects.toThrow(
    'Failed to fetch',
  );
  // What the check after each test reports (taken here, so that this test itself passes).
  expect(takeUnanswered()).toEqual(['GET /admin/users?limit=10&search=Jan&skip=0']);
});
