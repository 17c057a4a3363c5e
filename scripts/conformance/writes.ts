/**
 * With --write, round trips on records the checker creates itself: per tag, a record made by the
 * tag's create operation (a POST answering 201 whose body needs only names, texts and declared
 * values), then each update operation the record's own fields can address (rename; each other
 * value of a status, ending where it started), then the delete operation if there is one. A
 * singleton setting (a PUT beside a GET on the same path) is read, changed and put back.
 * Everything else that writes is reported as not exercised: the checker never changes data it
 * did not create (no refunds, no other records' status). A write that declares If-Match is sent
 * with the version the last answer gave, then once more with the version before it: that stale
 * one must be refused with 412, and its `current` must still have the last version (nothing
 * changed).
 */
import type { Body, Request } from './http.js';
import { propertiesOf, type Operation, type Schema } from './operations.js';
import { headersOf, target } from './reads.js';
import type { Session } from './session.js';
import type { createValues } from './values.js';

type Values = ReturnType<typeof createValues>;
type Row = Record<string, unknown>;

const JSON_TYPE = 'application/json';
const preferred = [JSON_TYPE, 'application/x-www-form-urlencoded', 'multipart/form-data'];

function mediaType(operation: Operation): string | undefined {
  const offered = Object.keys(operation.body ?? {});
  return preferred.find((type) => offered.includes(type));
}

/** Whether the operation checks a version: it declares the If-Match header. */
const versioned = (operation: Operation) =>
  operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'if-match');

const versionOf = (row: Row | undefined) =>
  typeof row?.version === 'number' ? row.version : undefined;

/** The request against `version` of the record, when the operation checks one. */
function against(operation: Operation, request: Request, version: number | undefined): Request {
  if (!versioned(operation) || version === undefined) return request;
  return { ...request, headers: { ...request.headers, 'If-Match': `"${version}"` } };
}

/**
 * The request sent again against `stale`, a version the record no longer has: refused with 412,
 * and the record is still at `now` (the 412's `current`), so nothing changed.
 */
async function checkStale(
  session: Session,
  operation: Operation,
  request: Request,
  stale: number | undefined,
  now: number | undefined,
) {
  if (!versioned(operation) || stale === undefined || now === undefined) return;
  const sent = against(operation, request, stale);
  const answer = await session.exchange(operation, sent, 412, false);
  const current = versionOf((answer?.body as { current?: Row } | undefined)?.current);
  if (answer && current !== now) {
    const got = current === undefined ? 'none' : String(current);
    session.fail(operation, sent, '/current/version', `${now}: a stale write changes nothing`, got);
  }
}

function bodyOf(type: string, value: Row): Body {
  if (type === JSON_TYPE) return { type: 'json', value };
  const text = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  return { type: type.startsWith('multipart') ? 'multipart' : 'form', value: text };
}

export async function exerciseWrites(session: Session, values: Values, runId: string) {
  const done = new Set<Operation>();
  const writes = session.operations.filter(
    (op) => op.method !== 'GET' && op.secured && session.allowed(op),
  );
  const tags = [...new Set(writes.map((op) => op.tags[0]))];
  for (const tag of tags) {
    const inTag = writes.filter((op) => op.tags[0] === tag);
    const create = inTag.find((op) => creatable(session, op));
    if (!create || !inTag.some((op) => session.selected(op))) continue;
    done.add(create);
    const type = mediaType(create)!;
    const sent = minimalBody(session, create.body![type], `Conformance ${runId} ${tag}`);
    if (!sent) continue;
    const created = await session.exchange(
      create,
      {
        method: create.method,
        target: create.path,
        token: session.token!,
        body: bodyOf(type, sent),
      },
      201,
      false,
    );
    let record = (created?.body as { data?: Row })?.data;
    if (!record?._id) continue;
    const addressable = (op: Operation) =>
      op !== create && values.required(op, record).missing.length === 0;
    for (const update of inTag.filter(
      (op) => ['PUT', 'PATCH'].includes(op.method) && addressable(op),
    )) {
      const variants = updateBodies(session, update, record, sent);
      if (variants.length === 0) continue;
      done.add(update);
      for (const variant of variants) {
        const given = values.required(update, record).values;
        const request: Request = {
          method: update.method,
          target: target(update, given),
          headers: headersOf(given),
          token: session.token!,
          body: bodyOf(mediaType(update)!, variant),
        };
        const before = versionOf(record);
        const answer = await session.exchange(
          update,
          against(update, request, before),
          'success',
          false,
        );
        const data = (answer?.body as { data?: Row })?.data;
        if (data && typeof data === 'object') record = { ...record, ...data };
        if (answer) await checkStale(session, update, request, before, versionOf(record));
      }
    }
    const remove = inTag.find((op) => op.method === 'DELETE' && !op.body && addressable(op));
    if (remove) {
      done.add(remove);
      const given = values.required(remove, record).values;
      const request: Request = {
        method: 'DELETE',
        target: target(remove, given),
        headers: headersOf(given),
        token: session.token!,
      };
      const version = versionOf(record);
      // A version before the last is stale: refused, and the record stays.
      if (version !== undefined) await checkStale(session, remove, request, version - 1, version);
      await session.exchange(remove, against(remove, request, version), 'success', false);
    } else {
      const left = record.status === false ? ', deactivated' : '';
      const key = Object.keys(sent)[0];
      const name = String(record[key] ?? sent[key]);
      session.note(create, `no delete operation: its record "${name}" stays${left}`);
    }
  }
  for (const update of writes.filter((op) => ['PUT', 'PATCH'].includes(op.method))) {
    if (
      !done.has(update) &&
      session.selected(update) &&
      (await changeAndRestore(session, update))
    ) {
      done.add(update);
    }
  }
  return done;
}

/** A POST on a fixed path that answers 201 and whose required fields are all plain values. */
function creatable(session: Session, operation: Operation): boolean {
  if (operation.method !== 'POST' || !operation.statuses.includes('201')) return false;
  if (operation.parameters.some((p) => p.required)) return false;
  const type = mediaType(operation);
  return Boolean(type && minimalBody(session, operation.body![type], 'x'));
}

/** The smallest body the schema accepts, texts set to `text`; undefined when it needs more. */
function minimalBody(session: Session, schema: Schema, text: string): Row | undefined {
  const resolved = session.resolve(schema);
  const properties = propertiesOf(resolved, session.resolve);
  const body: Row = {};
  for (const name of resolved.required ?? []) {
    const s = session.resolve(properties[name] ?? {});
    if (s.enum) body[name] = s.default ?? s.enum[0];
    else if (s.type === 'string' && !s.format) body[name] = text.slice(0, s.maxLength ?? 100);
    else if (s.type === 'boolean') body[name] = s.default ?? true;
    else if (s.type === 'integer' || s.type === 'number') body[name] = s.default ?? s.minimum ?? 0;
    // An object of optional entries (e.g. a saved view's filters): empty.
    else if (s.type === 'object' && !s.required?.length) body[name] = {};
    else return undefined;
  }
  return Object.keys(body).length > 0 ? body : undefined;
}

/** Rename the first text the record was created with; set each other status value, then the first. */
function updateBodies(session: Session, operation: Operation, record: Row, sent: Row): Row[] {
  const type = mediaType(operation);
  if (!type) return [];
  const schema = operation.body![type];
  const properties = propertiesOf(schema, session.resolve);
  const bodies: Row[] = [];
  const renamed = Object.keys(sent).find(
    (name) =>
      properties[name]?.type === 'string' &&
      !properties[name].enum &&
      typeof record[name] === 'string',
  );
  if (renamed) {
    const limit = properties[renamed].maxLength ?? Infinity;
    bodies.push({ [renamed]: `${String(record[renamed])} renamed`.slice(-limit) });
  }
  const status = properties.status;
  if (status && record.status !== undefined) {
    if (status.type === 'boolean') bodies.push({ status: !record.status });
    else if (status.enum) {
      for (const value of status.enum.filter((v) => v !== record.status))
        bodies.push({ status: value });
      bodies.push({ status: record.status });
    }
  }
  const valid = (body: Row) => {
    try {
      return session.ajv.validate(schema as object, body);
    } catch {
      return true;
    }
  };
  return bodies.filter(valid);
}

/** A setting read by a GET on the same path: changed by one step, then put back. */
async function changeAndRestore(session: Session, update: Operation): Promise<boolean> {
  const read = session.operations.find((op) => op.method === 'GET' && op.path === update.path);
  const type = mediaType(update);
  if (!read || !type || update.parameters.some((p) => p.required)) return false;
  const answer = await session.exchange(
    read,
    { method: 'GET', target: read.path, token: session.token! },
    'success',
    false,
  );
  const data = (answer?.body as { data?: Row })?.data;
  if (!data || typeof data !== 'object') return false;
  const properties = propertiesOf(update.body![type], session.resolve);
  const name = Object.keys(properties).find((p) => typeof data[p] === 'number');
  if (!name) return false;
  const original = data[name] as number;
  const max = properties[name].maximum;
  const changed = max !== undefined && original + 1 > max ? original - 1 : original + 1;
  let version = versionOf(data);
  for (const value of [changed, original]) {
    const request: Request = {
      method: update.method,
      target: update.path,
      token: session.token!,
      body: bodyOf(type, { [name]: value }),
    };
    const sent = await session.exchange(
      update,
      against(update, request, version),
      'success',
      false,
    );
    if (!sent && value === original) {
      session.note(update, `could not put ${name} back to ${original}: set it by hand`);
    }
    if (sent?.status === 202) await withdraw(session, update, sent.body);
    const before = version;
    version = versionOf((sent?.body as { data?: Row } | undefined)?.data);
    if (sent && value === changed) await checkStale(session, update, request, before, version);
  }
  return true;
}

/**
 * A change the backend sent for another admin's approval (202) instead of making it: the
 * checker withdraws its request, so nobody approves a change it made up.
 */
async function withdraw(session: Session, update: Operation, body: unknown) {
  const id = (body as { data?: { approvalId?: unknown } })?.data?.approvalId;
  const cancel = session.operations.find((op) => op.id === 'cancelApproval');
  if (typeof id !== 'string' || !cancel) return;
  const withdrawn = await session.exchange(
    cancel,
    {
      method: 'POST',
      target: cancel.path.replace('{id}', encodeURIComponent(id)),
      token: session.token!,
    },
    'success',
    false,
  );
  session.note(
    update,
    withdrawn
      ? 'the change needs approval (202): its request was withdrawn'
      : `the change needs approval (202): withdraw request ${id} by hand`,
  );
}
