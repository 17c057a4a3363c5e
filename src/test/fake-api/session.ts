/**
 * The session: the start-up check of a stored session (the total bookings), the signed-in admin
 * as the server knows them (team role, permissions) and logging out.
 */
import { adminUser, reply, sessionCheckOk } from '../mock-api';
import type { Fake } from './types';

export function sessionFake(): Fake {
  return {
    routes: {
      getTotalBookings: () => sessionCheckOk,
      getMe: () => reply('getMe', 200, { success: true, message: 'OK', data: { user: adminUser } }),
      logout: () => reply('logout', 200, { success: true, message: 'Logged out' }),
    },
  };
}
