/**
 * The one write path of the audit trail. Every write handler calls `recordChange` inside the
 * transaction of its change, so the change and its event commit or roll back together, with the
 * version the change gave its record (every change passes here with its record and version). A call
 * whose changes are all equal before and after records nothing (and says so), so a write that
 * changes nothing leaves no event.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../db/client.js';
import { auditEvents, type AuditChange, type AuditValue, type User } from '../db/schema.js';
import { fromMinor } from '../../../common/money.js';

/** The contract's actions, less the two kinds of entries carried over from the old activity lists. */
type AuditAction = Exclude<
  components['schemas']['AuditAction'],
  'booking.activity' | 'activity.legacy'
>;

type AuditEntity = { type: string; id: string | null; name: string };

export type ChangeInput = {
  /**
   * The request that made the change: its admin is the actor, its facts are kept. null for an
   * operator's command (create-admin), which has neither.
   */
  request: FastifyRequest | null;
  action: AuditAction;
  entity: AuditEntity;
  /**
   * The record's version after the change (null: the record has no version, or it is gone).
   * Stored with the event, so a stale write can be told what changed since its version, and
   * every change can be published with the version it made.
   */
  version: number | null;
  changes?: AuditChange[];
  details?: Record<string, string>;
  /** the actor when the request has no signed-in admin (sign-in): null for an unknown caller */
  actor?: User | null;
  /** creations, deletions and sign-ins are events even without field changes */
  always?: boolean;
};

/** Money in an event: major units with its currency, never a bare number. */
export const money = (minor: number, currency: string): AuditValue => ({
  amount: fromMinor(minor, currency),
  currency,
});

export const change = (field: string, before: AuditValue, after: AuditValue): AuditChange => ({
  field,
  before,
  after,
});

const userAgent = (request: FastifyRequest) => {
  const value = request.headers['user-agent'];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * "Save mine anyway": a write sent again over a colleague's change names the version it was
 * made on (X-Overrides-Version); its event keeps it as `overridesVersion`.
 */
function overrides(request: FastifyRequest | null, version: number | null): Record<string, string> {
  const value = request?.headers['x-overrides-version'];
  return version !== null && typeof value === 'string' && /^\d{1,10}$/.test(value)
    ? { overridesVersion: value }
    : {};
}

/** The changes whose value is not the same before and after. */
export const effective = (changes: readonly AuditChange[]) =>
  changes.filter((c) => !isDeepStrictEqual(c.before, c.after));

/** Appends the event; returns false (and writes nothing) when nothing changed. */
export async function recordChange(db: Pick<Db, 'insert'>, input: ChangeInput): Promise<boolean> {
  const changes = effective(input.changes ?? []);
  if (!changes.length && !input.always) return false;
  const { request } = input;
  const actor = input.actor === undefined ? (request?.user ?? null) : input.actor;
  await db.insert(auditEvents).values({
    actorId: actor?.id ?? null,
    actorName: actor ? `${actor.firstName} ${actor.lastName}`.trim() : null,
    actorEmail: actor?.email ?? null,
    actorRole: actor?.role ?? null,
    action: input.action,
    entityType: input.entity.type,
    entityId: input.entity.id,
    entityName: input.entity.name,
    changes,
    details: { ...input.details, ...overrides(request, input.version) },
    requestId: request?.id ?? null,
    clientAddress: request?.ip ?? null,
    userAgent: request ? userAgent(request) : null,
    version: input.version,
  });
  return true;
}
