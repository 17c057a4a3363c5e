/** The platform configuration (the platform fee). */
import { reply } from './reply';
import { staleWrite } from './versions';
import type { Routes } from './types';

export function configurationFake(platformFee = 10) {
  const state = { platformFee, version: 1 };
  return {
    state,
    routes: {
      getConfiguration: () =>
        reply('getConfiguration', 200, { success: true, message: 'OK', data: { ...state } }),
      updateConfiguration: (call) => {
        const stale = staleWrite(call, 'configuration', state, { ...state });
        if (stale) return stale;
        const { body } = call;
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
