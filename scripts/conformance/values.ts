/**
 * Parameter values derived from the contract and from earlier answers: an id path parameter
 * takes the _id of a row listed by the operation named like its resource (`/restaurant/{id}` from
 * `/admin/restaurants`), or one found inside a URL of an earlier answer (`/images/{id}`); a query
 * parameter named like a row's property takes that property's value; a filter takes each value
 * its schema declares. Nothing here knows a particular operation.
 */
import { concrete, type Operation, type Parameter, type Schema } from './operations.js';
import type { Session } from './session.js';

export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

/** The resource a list operation returns, from its last fixed path segment: booking-types → bookingtype. */
function listKey(operation: Operation): string {
  const fixed = operation.path.split('/').filter((s) => s && !s.startsWith('{'));
  return singular(normal(fixed.at(-1) ?? ''));
}

/** The resource a parameter names: the segment before `{id}` in the path, or its own name. */
function parameterKey(operation: Operation, parameter: Parameter): string {
  if (parameter.in === 'path') {
    const segments = operation.path.split('/');
    const before = segments[segments.indexOf(`{${parameter.name}}`) - 1];
    if (before && !before.startsWith('{')) return singular(normal(before));
  }
  return singular(normal(parameter.name.replace(/_?[iI]d$/, '')));
}

const isUuid = (schema: Schema) => schema.format === 'uuid';

export function createValues(session: Session) {
  const { resolve } = session;

  const valid = (schema: Schema, value: unknown) => {
    try {
      return session.ajv.validate(schema as object, value);
    } catch {
      return true;
    }
  };

  /** Rows listed by GET operations for a resource key, in contract order. */
  const pool = (key: string) =>
    session.operations
      .filter((op) => op.method === 'GET' && listKey(op) === key)
      .flatMap((op) => session.rows.get(op.id) ?? []);

  const allRows = () =>
    session.operations
      .filter((op) => op.method === 'GET')
      .flatMap((op) => session.rows.get(op.id) ?? []);

  const fromRows = (rows: Record<string, unknown>[], name: string, schema: Schema) => {
    for (const row of rows) {
      const raw = pick(row, name);
      const value =
        raw && typeof raw === 'object' && '_id' in raw ? (raw as { _id: unknown })._id : raw;
      if (value === undefined || value === null || typeof value === 'object') continue;
      const shaped =
        schema.format === 'date' && typeof value === 'string' ? value.slice(0, 10) : value;
      if (valid(schema, shaped)) return shaped;
    }
    return undefined;
  };

  /** A value found in a URL of an earlier answer that matches the operation's path. */
  const fromUrls = (operation: Operation, parameter: Parameter) => {
    const pattern = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) =>
        part === `{${parameter.name}}`
          ? '([^/?#"\'\\s]+)'
          : part.startsWith('{')
            ? '[^/?#"\'\\s]+'
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    const regex = new RegExp(`${pattern}(?=["?#])`, 'g');
    for (const text of session.texts) {
      for (const match of text.matchAll(regex)) {
        if (valid(parameter.schema, match[1])) return match[1];
      }
    }
    return undefined;
  };

  /** A well-formed value that names nothing, for a parameter no answer gave a value for. */
  const unknownValue = (schema: Schema): unknown => {
    const s = concrete(schema, resolve);
    if (s.enum) return s.enum[0];
    if (isUuid(s)) return UNKNOWN_UUID;
    if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
    if (s.type === 'boolean') return true;
    if (s.format === 'date') return new Date().toISOString().slice(0, 10);
    if (s.format === 'date-time') return new Date().toISOString();
    const candidates = [...(s.examples ?? []), 'conformance-unknown', UNKNOWN_UUID, 'x'];
    return candidates.find((c) => valid(s, c)) ?? 'conformance-unknown';
  };

  /** A required parameter's value from earlier answers (or a given record), if any. */
  const derive = (
    operation: Operation,
    parameter: Parameter,
    record?: Record<string, unknown>,
  ): unknown => {
    const schema = concrete(parameter.schema, resolve);
    if (record) {
      const own = parameter.in === 'path' && parameter.name === 'id' ? record._id : undefined;
      return own ?? fromRows([record], parameter.name, schema);
    }
    const key = parameterKey(operation, parameter);
    const sameResource = pool(key);
    if (isUuid(schema) || parameter.name === 'id') {
      const id = fromRows(sameResource, '_id', schema);
      if (id !== undefined) return id;
    }
    if (parameter.in === 'path') {
      const inUrl = fromUrls(operation, parameter);
      if (inUrl !== undefined) return inUrl;
    }
    return fromRows(allRows(), parameter.name, schema);
  };

  /** Values for the operation's required parameters, and which of them no answer gave. */
  const required = (operation: Operation, record?: Record<string, unknown>) => {
    const values: Record<string, Record<string, unknown>> = { path: {}, query: {}, header: {} };
    const missing: string[] = [];
    for (const parameter of operation.parameters.filter((p) => p.required)) {
      let value = derive(operation, parameter, record);
      if (value === undefined) {
        missing.push(parameter.name);
        value = unknownValue(parameter.schema);
      }
      (values[parameter.in] ??= {})[parameter.name] = value;
    }
    return { values, missing };
  };

  /** Each value worth sending for an optional query parameter (a filter), with a note when none. */
  const filterValues = (
    operation: Operation,
    parameter: Parameter,
    rows: Record<string, unknown>[],
  ): unknown[] => {
    const schema = concrete(parameter.schema, resolve);
    if (parameter.name === 'search') {
      const term = searchTerm(rows);
      return term ? [term] : ['a'];
    }
    if (schema.enum) return schema.enum;
    if (schema.type === 'boolean') return [true, false];
    if (schema.type === 'integer' || schema.type === 'number') {
      const min = schema.minimum ?? 1;
      if (schema.maximum !== undefined && schema.maximum - min <= 10) {
        return Array.from({ length: schema.maximum - min + 1 }, (_, i) => min + i);
      }
      return [min, min + 1];
    }
    const own = fromRows(rows, parameter.name, schema);
    if (own !== undefined) return [own];
    if (isUuid(schema)) {
      const id = fromRows(pool(parameterKey(operation, parameter)), '_id', schema);
      return [id ?? UNKNOWN_UUID];
    }
    if (schema.format === 'date' || schema.format === 'date-time' || schema.examples?.length) {
      return [unknownValue(schema)];
    }
    return [];
  };

  return { required, filterValues, unknownValue, valid };
}

/** A short word from the first row's first plain text property, to search for. */
function searchTerm(rows: Record<string, unknown>[]): string | undefined {
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (key === '_id' || typeof value !== 'string' || /^\d{4}-\d\d-\d\d/.test(value)) continue;
      const word = value.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 3);
      if (word) return word.slice(0, 6);
    }
  }
  return undefined;
}

/**
 * A row's property for a parameter name: `slug` is row.slug, and a camelCase name also reads one
 * level down, `entityType` as row.entity.type and `actorId` as row.actor._id (or .id).
 */
function pick(row: Record<string, unknown>, name: string): unknown {
  if (row[name] !== undefined) return row[name];
  const [, head, tail] = /^([a-z]+)([A-Z]\w*)$/.exec(name) ?? [];
  const inner = head ? row[head] : undefined;
  if (!inner || typeof inner !== 'object') return undefined;
  const key = tail[0].toLowerCase() + tail.slice(1);
  const nested = inner as Record<string, unknown>;
  return key === 'id' ? (nested._id ?? nested.id) : nested[key];
}
