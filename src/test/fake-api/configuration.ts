/** The platform configuration (the platform fee). */
import { reply } from './reply';
import type { Routes } from './types';

export function configurationFake(platformFee = 10) {
  const state = { platformFee, version: 1 };
  return {
    state,
    routes: {
      getConfiguration: () =>
        reply('getConfiguration', 200, { success: true, message: 'OK', data: { ...state } }),
      updateConfiguration: ({ body }) => {
        state.platformFee = (body as { platformFee: number }).platformFee;
        state.version += 1;
        return reply('updateConfiguration', 200, {
          success: true,
          message: 'OK',
          data: { ...state },
        });
      },
    } satisfies Routes,
  };
}
