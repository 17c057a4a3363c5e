/**
 * The cache policy of the API slice: a list provides `{ type, id: 'LIST' }` plus one tag per row;
 * a write invalidates the narrowest tags it changes, and every write the server audits also
 * invalidates the activity list (the dashboard's Recent Activity and the audit trail).
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TagType } from './api';
import { REFERENCE_LIST_KEYS, type ReferenceListKey } from '../../common/reference-lists';

/** One tag of the slice: a whole type, or one id (a row, or 'LIST' for a list). */
export type Tag = TagType | { type: TagType; id: string };

/** The tag of a type's lists (every page, filter and order of it). */
export const listTag = <T extends TagType>(type: T) => ({ type, id: 'LIST' }) as const;

/** "Recent Activity changed": the activity list, which every audited write adds a row to. */
export const ACTIVITY_CHANGED = listTag('ActivityLog');

/** The tags a list answer provides: its list tag and one per row (rows are keyed by `_id`). */
export function listTags<T extends TagType, Row>(
  type: T,
  rows: readonly Row[] | undefined,
  idOf: (row: Row) => string = (row) => (row as { _id: string })._id,
): Tag[] {
  return [listTag(type), ...(rows ?? []).map((row) => ({ type, id: idOf(row) }))];
}

/**
 * `invalidatesTags` of a write the server audits: the tags it changes, plus the activity list,
 * once it has succeeded (`changed` sees the successful answer). A refused write changed nothing:
 * it invalidates the tags of `whenRefused` only (none unless given).
 */
export function auditedWrite<Result, Arg>(
  changed: (arg: Arg, result: Result) => Tag[],
  whenRefused?: (arg: Arg) => Tag[],
) {
  return (result: Result | undefined, error: FetchBaseQueryError | undefined, arg: Arg): Tag[] =>
    error || result === undefined
      ? (whenRefused?.(arg) ?? [])
      : [...changed(arg, result), ACTIVITY_CHANGED];
}

/**
 * What a bulk action on a list changed: the list, and each row whose result is `done` (a refused
 * row is untouched; a conflict's row is read again with the list).
 */
export const bulkChanged =
  <T extends TagType>(type: T) =>
  (_arg: unknown, answer: { data: readonly { _id: string; result: string }[] }): Tag[] => [
    listTag(type),
    ...answer.data.filter((row) => row.result === 'done').map((row) => ({ type, id: row._id })),
  ];

/** What a change event of the live stream names (src/api/event-stream.ts). */
type ChangedRecord = { action: string; recordType: string; recordId: string | null };

const isReferenceList = (type: string): type is ReferenceListKey =>
  (REFERENCE_LIST_KEYS as readonly string[]).includes(type);

/**
 * The tags a colleague's change (an event of the live stream) makes stale: the changed record's
 * own (every list row, detail and page showing it provides it), its list's when a record came or
 * went, the figures it moves, and the activity list; nothing else is fetched again.
 */
export function changeTags({ action, recordType: type, recordId: id }: ChangedRecord): Tag[] {
  const tags: Tag[] = [ACTIVITY_CHANGED];
  const one = <T extends TagType>(tagType: T) => (id ? { type: tagType, id } : listTag(tagType));
  const cameOrWent = /\.(create|delete)$/.test(action);
  if (action.startsWith('approval.')) tags.push(listTag('Approval'));
  if (type === 'restaurant') tags.push(one('Restaurant'));
  else if (type === 'booking') {
    tags.push(one('Booking'), one('BookingActivity'));
    // a refund moves the revenue and the restaurant's figures
    if (action === 'refund.create' || action === 'approval.approve') tags.push('Dashboard');
  } else if (type === 'configuration') tags.push('Configuration');
  else if (type === 'user') {
    tags.push(one('User'), one('Team'));
    if (action === 'team.create') tags.push(listTag('Team'));
    if (action.startsWith('account.') || action === 'team.sessions_end') {
      tags.push(listTag('AccountSession'));
    }
  } else if (type === 'review') tags.push(one('Review'));
  else if (type === 'content') tags.push(one('StaticContent'), listTag('StaticContent'));
  else if (type === 'saved_view') tags.push('SavedView');
  else if (isReferenceList(type)) tags.push(cameOrWent ? listTag(type) : one(type));
  return tags;
}
