/**
 * Versions in the fakes, as the server keeps them (docs/contract.md, "Versions and conflicts"):
 * every write the contract versions must carry If-Match (the kit fails a test whose screen sent
 * one without it: the SPA always sends the version it read), a fake's write checks it against
 * the record's `version` and answers a stale one with the server's 412, naming the changes a
 * colleague made since (`changedByColleague`).
 */
import { conflictSentence, type ChangeValue } from '../../../common/change-text';
import { loadContract } from '../../../openapi/tools/load-contract';
import type { AuditAction, AuditEvent } from '../../api/types';
import { replyOf, type FakeReply, type OperationId } from './reply';
import type { FakeRequest } from './types';

type Node = { $ref?: string; in?: string; name?: string };

/** The operations whose writes the contract versions: they declare the If-Match parameter. */
export const versionedOperations: Promise<Set<OperationId>> = loadContract().then((contract) => {
  const resolve = (node: Node): Node => {
    let current = node;
    for (let hops = 0; current.$ref?.startsWith('#/') && hops < 10; hops += 1) {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contract) as Node;
    }
    return current;
  };
  const versioned = new Set<OperationId>();
  for (const item of Object.values(contract.paths)) {
    const shared = ((item as { parameters?: Node[] }).parameters ?? []).map(resolve);
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !operation.operationId) continue;
      const own = ((operation.parameters as Node[] | undefined) ?? []).map(resolve);
      const ifMatch = [...shared, ...own].some(
        (p) => p.in === 'header' && p.name?.toLowerCase() === 'if-match',
      );
      if (ifMatch) versioned.add(operation.operationId as OperationId);
    }
  }
  return versioned;
});

/** The events of colleagues' changes, kept beside each record they changed. */
const trails = new WeakMap<object, AuditEvent[]>();

export interface ColleagueChange {
  /** The audit record type: restaurant, content, booking, user, review, a reference list's key. */
  type: string;
  /** The record's name in the event. */
  name: string;
  action: AuditAction;
  /** What changed, as the audit trail says it (field, before, after). */
  changes: { field: string; before: ChangeValue; after: ChangeValue }[];
  actor?: string;
  /** When (ISO 8601); now by default. */
  at?: string;
}

/**
 * Another admin changes `record` meanwhile: `patch` is applied, the version moves, and the audit
 * event is kept, so a write made from the version before is refused with 412 naming it.
 */
export function changedByColleague<T extends { version: number }>(
  record: T,
  patch: Partial<T>,
  change: ColleagueChange,
): AuditEvent {
  Object.assign(record, patch);
  record.version += 1;
  const actor = change.actor ?? 'Fiona Finance';
  const event: AuditEvent = {
    _id: `00000000-0000-4000-9000-${String(record.version).padStart(12, '0')}`,
    createdAt: change.at ?? new Date().toISOString(),
    actor: {
      _id: '00000000-0000-4000-9000-00000000000f',
      name: actor,
      email: `${actor.split(' ')[0].toLowerCase()}@example.com`,
      role: 'admin',
    },
    action: change.action,
    entity: { type: change.type, id: (record as { _id?: string })._id ?? null, name: change.name },
    changes: change.changes,
    details: {},
    request: { id: null, clientAddress: null, userAgent: null },
    version: record.version,
  };
  trails.set(record, [...(trails.get(record) ?? []), event]);
  return event;
}

/** An audit event as the conflict sentence reads it. */
const changeEventOf = (event: AuditEvent) => ({
  createdAt: event.createdAt,
  actorName: event.actor?.name ?? null,
  action: event.action,
  changes: event.changes as never,
  details: event.details,
});

/** The version an If-Match names ('*': any), undefined without one. */
function ifMatchOf(request: FakeRequest): number | '*' | undefined {
  const header = request.headers.get('If-Match');
  if (header === null) return undefined;
  if (header.trim() === '*') return '*';
  return Number(/"(\d+)"/.exec(header)?.[1]);
}

/**
 * The server's 412 for a write whose If-Match names another version than `record`'s (type: its
 * audit record type); undefined when it matches (or the call sent none). `current` is what the
 * 412 carries as the record now (the record itself unless given).
 */
export function staleWrite(
  request: FakeRequest,
  type: string,
  record: { version: number } | null | undefined,
  current: { version: number } | null = record ?? null,
): FakeReply | undefined {
  const sent = ifMatchOf(request);
  const now = record?.version ?? 0;
  if (sent === undefined || sent === now || (sent === '*' && record)) return undefined;
  const since = (record ? (trails.get(record) ?? []) : []).filter(
    (event) => sent === '*' || (event.version ?? 0) > sent,
  );
  const message = conflictSentence(type, since.map(changeEventOf));
  return replyOf(request.operationId, 412, {
    success: false,
    status_code: 412,
    message,
    current,
    changes: since,
  });
}

/**
 * A bulk operation's answer as the server gives it: one result per item in the order sent, each
 * row its own versioned write (`apply` changes it and says what happened, or returns a refusal:
 * 'forbidden' with its message); a row changed since its version is a conflict, left untouched.
 */
export function bulkOf<Row extends { _id: string; version: number }>(
  request: FakeRequest,
  { type, rows, noun, done }: { type: string; rows: Row[]; noun: string; done: string },
  apply: (row: Row) => string | { forbidden: string },
): FakeReply {
  const { items } = request.body as { items: { _id: string; version: number }[] };
  const data = items.map(({ _id, version }) => {
    const row = rows.find((r) => r._id === _id);
    if (!row) return { _id, result: 'not_found', message: `${noun} not found` };
    if (row.version !== version) {
      const since = (trails.get(row) ?? []).filter((event) => (event.version ?? 0) > version);
      const message = conflictSentence(type, since.map(changeEventOf));
      return { _id, result: 'conflict', message };
    }
    const outcome = apply(row);
    if (typeof outcome !== 'string') {
      return { _id, result: 'forbidden', message: outcome.forbidden };
    }
    row.version += 1;
    return { _id, result: 'done', message: outcome };
  });
  const ok = data.filter((row) => row.result === 'done').length;
  const plural = items.length === 1 ? noun.toLowerCase() : `${noun.toLowerCase()}s`;
  const message =
    ok === items.length
      ? `${items.length} ${plural} ${done}`
      : `${ok} of ${items.length} ${plural} ${done}; ${items.length - ok} not`;
  return replyOf(request.operationId, 200, { success: true, message, data });
}
