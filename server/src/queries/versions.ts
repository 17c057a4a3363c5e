/**
 * The version check of every versioned write: inside the write's transaction, with the record
 * read locked, a stale If-Match is refused (412) before anything changes, naming who changed the
 * record since that version and what (the audit events that carry a later version).
 */
import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { iso } from '../lib/paging.js';
import { ifMatchOf, matches, type Precondition } from '../lib/versions.js';
import { conflictSentence } from '../../../common/change-text.js';
import { eventView } from './audit.js';

/** The record a write changes, as its lock read it: its audit record type, id and version. */
export type VersionedRecord = { type: string; id: string | null; version: number };

const recordIs = (type: string, id: string | null): SQL =>
  and(
    eq(auditEvents.entityType, type),
    id === null ? isNull(auditEvents.entityId) : eq(auditEvents.entityId, id),
  )!;

/** The record's events that made a version after `version`, oldest first. */
function eventsSince(db: Pick<Db, 'select'>, record: VersionedRecord, version: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(recordIs(record.type, record.id), gt(auditEvents.version, version)))
    .orderBy(asc(auditEvents.version), asc(auditEvents.createdAt));
}

/**
 * Refuses the write when its If-Match names another version than the record's (412, RFC 9110
 * §13.1.1): the body carries `current` (the record now, from `current()`) and `changes` (the
 * events since the oldest version sent). Without If-Match the write goes on. Call it with the
 * record locked (SELECT … FOR UPDATE), so no other write can move the version after the check.
 * A bulk action passes each row's version as its `precondition`.
 */
export async function checkVersion(
  db: Pick<Db, 'select'>,
  req: FastifyRequest,
  record: VersionedRecord,
  current: () => Promise<unknown> | unknown,
  precondition: Precondition = ifMatchOf(req),
): Promise<void> {
  if (precondition === null || matches(precondition, record.version)) return;
  const since = precondition === '*' || !precondition.length ? 0 : Math.min(...precondition);
  const events = since < record.version ? await eventsSince(db, record, since) : [];
  const message = conflictSentence(
    record.type,
    events.map((event) => ({
      createdAt: iso(event.createdAt),
      actorName: event.actorName,
      action: event.action,
      changes: event.changes,
      details: event.details,
    })),
  );
  throw new HttpError(412, message, undefined, {
    current: await current(),
    changes: events.map(eventView),
  });
}
