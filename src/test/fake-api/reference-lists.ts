/**
 * The reference lists, one fake per list driven by its entry in common/reference-lists.ts (its
 * operations, counts, status and image): listed, created, renamed, activated or deactivated,
 * given an image and deleted, refused as the server refuses (a blank name, a name the list
 * already has in any case, an entry that is gone).
 */
import {
  COUNT_COLUMNS,
  REFERENCE_LISTS,
  type ReferenceListKey,
} from '../../../common/reference-lists';
import { listOf, type Filters } from './list';
import { replyOf, type OperationId } from './reply';
import type { FakeRequest, Routes } from './types';
import { staleWrite } from './versions';

/** An entry of a reference list, as the list's contract answers give it. */
export type ReferenceEntry = Record<string, unknown> & {
  _id: string;
  name: string;
  version: number;
};

const AT = '2026-03-05T12:00:00.000Z';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Entry n of list `key`, created Mar 5, 2026: active, no image, its counts 0. */
export function referenceEntry(
  key: ReferenceListKey,
  n: number,
  fields: Partial<ReferenceEntry> = {},
): ReferenceEntry {
  const list = REFERENCE_LISTS[key];
  return {
    _id: idOf(n),
    name: `Entry ${n}`,
    createdAt: AT,
    version: 1,
    ...Object.fromEntries(COUNT_COLUMNS[list.counts].map((column) => [column, 0])),
    ...(list.hasStatus ? { status: true } : {}),
    ...(list.hasImage ? { image: null } : {}),
    ...fields,
  };
}

let sequence = 0;

/** What a write sent: its name and status, and whether it carried an image file. */
function sent(body: unknown): { name?: string; status?: boolean; image?: boolean } {
  if (body instanceof URLSearchParams) return { name: body.get('name') ?? undefined };
  if (body instanceof FormData) {
    const image = body.get('image');
    return { name: body.get('name')?.toString(), image: image instanceof File };
  }
  return (body ?? {}) as { name?: string; status?: boolean };
}

/** Starts list `key` with `entries`; the list finds what `filters` say. */
export function referenceListFake(
  key: ReferenceListKey,
  entries: ReferenceEntry[],
  filters: Filters<ReferenceEntry> = {},
) {
  const list = REFERENCE_LISTS[key];
  const { operations, messages } = list;
  /** A refusal of `operationId`, as the server words it. */
  const refuse = (operationId: OperationId, [status, message]: readonly [number, string]) =>
    replyOf(operationId, status, { success: false, message, status_code: status });
  const notFound = `${list.label} not found`;

  /** The trimmed name, or the refusal of a blank or taken one. */
  function check(name: string | undefined, exceptId?: string) {
    const trimmed = name?.trim();
    if (!trimmed) return { refusal: [400, list.texts.nameRequired] as const };
    const taken = entries.some(
      (e) => e._id !== exceptId && e.name.toLowerCase() === trimmed.toLowerCase(),
    );
    if (taken) {
      return {
        refusal: [409, `A ${list.label.toLowerCase()} named "${trimmed}" already exists`] as const,
      };
    }
    return { name: trimmed };
  }

  const listed = listOf(operations.list.operationId, () => entries, filters);
  const routes: Routes = {
    // The server takes the admin's id as addedById and ignores it (the lists are shared).
    [operations.list.operationId]: (call: FakeRequest) => {
      const url = new URL(call.url);
      url.searchParams.delete('addedById');
      return listed({ ...call, url });
    },
    [operations.create.operationId]: ({ body }: FakeRequest) => {
      const write = sent(body);
      const { name, refusal } = check(write.name);
      if (refusal) return refuse(operations.create.operationId, refusal);
      const entry = referenceEntry(key, 800_000 + ++sequence, {
        name,
        createdAt: new Date().toISOString(),
      });
      if (list.hasImage && write.image) entry.image = `/api/v1/images/${idOf(850_000 + sequence)}`;
      entries.unshift(entry);
      return replyOf(operations.create.operationId, 201, {
        success: true,
        message: messages.created,
        data: entry,
      });
    },
    [operations.update.operationId]: (call: FakeRequest) => {
      const { params, body } = call;
      const entry = entries.find((e) => e._id === params.id);
      if (!entry) return refuse(operations.update.operationId, [404, notFound]);
      const stale = staleWrite(call, key, entry);
      if (stale) return stale;
      const write = sent(body);
      if (write.name !== undefined) {
        const { name, refusal } = check(write.name, entry._id);
        if (refusal) return refuse(operations.update.operationId, refusal);
        entry.name = name;
      }
      if (list.hasStatus && write.status !== undefined) entry.status = write.status;
      if (list.hasImage && write.image)
        entry.image = `/api/v1/images/${idOf(860_000 + ++sequence)}`;
      entry.version += 1;
      return replyOf(operations.update.operationId, 200, {
        success: true,
        message: messages.updated,
        data: entry,
      });
    },
  };
  const remove = operations.delete;
  if (remove) {
    routes[remove.operationId] = (call: FakeRequest) => {
      const index = entries.findIndex((e) => e._id === call.params.id);
      if (index < 0) return refuse(remove.operationId, [404, notFound]);
      const stale = staleWrite(call, key, entries[index]);
      if (stale) return stale;
      entries.splice(index, 1);
      return replyOf(remove.operationId, 200, { success: true, message: messages.deleted });
    };
  }
  return { entries, routes };
}
