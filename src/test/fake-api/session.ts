/**
 * The session: the start-up check of a stored session (the total bookings), the signed-in admin
 * as the server knows them (team role, permissions) and logging out.
 */
import { permissionsOf } from '../../../common/team-roles';
import type { SessionUser } from '../../api/types';
import { reply } from './reply';
import type { Routes } from './types';

/** The admin the tests sign in as (an owner). */
export const adminUser: SessionUser = {
  _id: '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: true,
  version: 1,
  teamRole: 'owner',
  permissions: permissionsOf('owner'),
  refundLimitUsd: null,
  refundApprovalUsd: 1000,
  sessionIdleMinutes: 30,
};

/** The answer of the start-up check of a stored session. */
const sessionCheckOk = reply('getTotalBookings', 200, {
  success: true,
  message: 'OK',
  status_code: 200,
  data: { bookingCount: 3, percentageIncrease: 0 },
});

/** The server's 401 for a sign-in whose email or password is not the user's; else undefined. */
export function wrongCredentials(body: unknown, user: SessionUser, password: string) {
  const sent = body as { email: string; password: string };
  if (sent.email.trim().toLowerCase() === user.email && sent.password === password)
    return undefined;
  return reply('login', 401, {
    success: false,
    message: 'Invalid email or password',
    status_code: 401,
  });
}

/**
 * Signs in `user` with `password` (the token: 'new-token'), refusing any other email or password
 * as the server does; `me.user` is the admin GET /user/me answers with (a test may change it, as
 * when another owner changes their role).
 */
export function sessionFake(user: SessionUser = adminUser, password = 'admin1234') {
  const me = { user };
  return {
    me,
    routes: {
      login: ({ body }) => {
        const refused = wrongCredentials(body, user, password);
        if (refused) return refused;
        return reply('login', 200, {
          success: true,
          message: 'Login successful',
          token: 'new-token',
          data: { user },
        });
      },
      getTotalBookings: () => sessionCheckOk,
      getMe: () =>
        reply('getMe', 200, { success: true, message: 'Signed-in user', data: { user: me.user } }),
      logout: () => reply('logout', 200, { success: true, message: 'Logged out' }),
    } satisfies Routes,
  };
}
