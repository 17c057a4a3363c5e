/** The session: the start-up check of a stored session (the total bookings) and logging out. */
import { reply, sessionCheckOk } from '../mock-api';
import type { Fake } from './types';

export function sessionFake(): Fake {
  return {
    routes: {
      getTotalBookings: () => sessionCheckOk,
      logout: () => reply('logout', 200, { success: true, message: 'Logged out' }),
    },
  };
}
