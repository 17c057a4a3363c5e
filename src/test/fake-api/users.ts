/** The users: their list and the status change. */
import type { User } from '../../api/types';
import { reply } from './reply';
import { adminUser } from './session';
import { bulkOf, staleWrite } from './versions';
import type { Routes } from './types';
import { listOf, type Filters } from './list';

/** User n, registered Mar 5, 2026, active. */
export function userRow(n: number, overrides: Partial<User> = {}): User {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `user${n}@example.net`,
    role: 'user',
    avatar: null,
    createdAt: '2026-03-05T12:00:00.000Z',
    status: true,
    version: 1,
    ...overrides,
  };
}

export function usersFake(rows: User[], filters: Filters<User> = {}) {
  return {
    rows,
    routes: {
      listUsers: listOf('listUsers', () => rows, filters),
      updateUserStatus: (call) => {
        const { params, body } = call;
        const row = rows.find((r) => r._id === params.id);
        if (!row) {
          return reply('updateUserStatus', 404, {
            success: false,
            message: 'User not found',
            status_code: 404,
          });
        }
        const stale = staleWrite(call, 'user', row);
        if (stale) return stale;
        row.status = (body as { status: boolean }).status;
        row.version += 1;
        return reply('updateUserStatus', 200, {
          success: true,
          message: 'User updated',
          data: row,
        });
      },
      bulkUpdateUserStatus: (call) => {
        const { status } = call.body as { status: boolean };
        const done = status ? 'activated' : 'deactivated';
        return bulkOf(call, { type: 'user', rows, noun: 'User', done }, (row) => {
          // The server's rule: nobody deactivates their own account.
          if (!status && row._id === adminUser._id) {
            return { forbidden: 'You cannot deactivate your own account' };
          }
          row.status = status;
          return `User ${done} successfully`;
        });
      },
    } satisfies Routes,
  };
}
