/** The seeded team's sessions and the calls of the approval flow, for the approval tests. */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createSession } from '../../src/auth/sessions.js';
import { users } from '../../src/db/schema.js';
import type { TeamRole } from '../../../common/team-roles.js';
import type { TestApp } from './test-app.js';

/** The seeded admin of each team role that takes part (README's demo logins). */
export const TEAM = {
  owner: { email: 'admin@example.com', name: 'Ada Admin' },
  finance: { email: 'finance@example.com', name: 'Fiona Finance' },
  support: { email: 'support@example.com', name: 'Sam Support' },
  viewer: { email: 'viewer@example.com', name: 'Vera Viewer' },
} as const satisfies Partial<Record<TeamRole, { email: string; name: string }>>;

export type Member = keyof typeof TEAM;

export async function memberId(t: TestApp, member: Member): Promise<string> {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, TEAM[member].email));
  return row.id;
}

/** A new session of the member (each call another one, as another browser would have). */
export async function sessionOf(t: TestApp, member: Member): Promise<string> {
  return createSession(t.database.db, await memberId(t, member), 3_600_000);
}

/** Calls of the approval flow as one member, on `app` (another instance) when given. */
export function actingAs(t: TestApp, token: string, app = t.app) {
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, headers = {}) =>
    app.inject({
      method,
      url: `/api/v1${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${token}`, ...headers },
    }) as Promise<LightMyRequestResponse>;
  return {
    call,
    refundOrder: (orderId: string, amount: number, headers = {}) =>
      call('POST', '/admin/orders/refund', { orderId, amount, reason: 'Cold food' }, headers),
    approve: (id: string) => call('POST', `/admin/approvals/${id}/approve`),
    reject: (id: string, reason?: string) =>
      call('POST', `/admin/approvals/${id}/reject`, reason === undefined ? {} : { reason }),
    cancel: (id: string) => call('POST', `/admin/approvals/${id}/cancel`),
    get: (id: string) => call('GET', `/admin/approvals/${id}`),
    list: (query = '') => call('GET', `/admin/approvals${query}`),
  };
}
