/**
 * The session: the start-up check of a stored session (the total bookings), the signed-in admin
 * as the server knows them (team role, permissions) and logging out.
 */
import { permissionsOf } from '../../../common/team-roles';
import { reply } from './reply';
import type { Fake } from './types';

/** The admin the tests sign in as (an owner). */
export const adminUser = {
  _id: '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: true,
  teamRole: 'owner' as const,
  permissions: permissionsOf('owner'),
  refundLimitUsd: null,
  sessionIdleMinutes: 30,
};

/** The answer of the start-up check of a stored session. */
export const sessionCheckOk = reply('getTotalBookings', 200, {
  success: true,
  message: 'OK',
  status_code: 200,
  data: { bookingCount: 3, percentageIncrease: 0 },
});

export function sessionFake(): Fake {
  return {
    routes: {
      getTotalBookings: () => sessionCheckOk,
      getMe: () => reply('getMe', 200, { success: true, message: 'OK', data: { user: adminUser } }),
      logout: () => reply('logout', 200, { success: true, message: 'Logged out' }),
    },
  };
}
