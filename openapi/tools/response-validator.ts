/**
 * Checks an answer against the contract: its status must be one the operation declares, its
 * content type one the declared response offers, and a JSON body must match that response's
 * schema (JSON Schema 2020-12, Ajv). Used by the server tests and the conformance checker.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract } from './load-contract.js';

/** One way an answer differs from the contract, in plain words. */
export type Violation = { pointer: string; expected: string; got: string };

type Response = { $ref?: string; content?: Record<string, unknown> };

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export function createAjv(contract: Contract): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(contract as object, 'contract');
  return ajv;
}

function findOperation(contract: Contract, operationId: string) {
  for (const [route, methods] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation?.operationId === operationId) return { route, method, operation };
    }
  }
  throw new Error(`No operation ${operationId} in the contract`);
}

export function createResponseValidator(contract: Contract, ajv = createAjv(contract)) {
  return {
    /** Every violation of one answer (an empty list when it keeps the contract). */
    check(operationId: string, status: number, mediaType: string | undefined, body: unknown) {
      const { route, method, operation } = findOperation(contract, operationId);
      const responses = operation.responses as Record<string, Response>;
      const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
      if (!key) {
        return [
          {
            pointer: '',
            expected: `a declared status (HTTP ${Object.keys(responses).join(', ')})`,
            got: `HTTP ${status}`,
          },
        ];
      }
      const declared = responses[key];
      const base = declared.$ref
        ? `contract${declared.$ref}`
        : `contract#/paths/${escape(route)}/${method}/responses/${key}`;
      const response = declared.$ref
        ? (ajv.getSchema(`contract${declared.$ref}`)?.schema as Response)
        : declared;
      const offered = Object.keys(response.content ?? {});
      if (offered.length === 0) return [];
      const type = mediaType?.split(';')[0].trim().toLowerCase();
      const match = offered.find(
        (o) => o === type || (o.endsWith('/*') && type?.startsWith(o.slice(0, -1))),
      );
      if (!match) {
        return [
          {
            pointer: '',
            expected: `content type ${offered.join(' or ')}`,
            got: type ?? 'no content type',
          },
        ];
      }
      // A CSV file: a header row first (the byte order mark, when a client kept it, before it).
      if (match === 'text/csv') {
        return typeof body === 'string' && /^\ufeff?[^\r\n]+\r\n/.test(body)
          ? []
          : [{ pointer: '', expected: 'a CSV file starting with a header row', got: show(body) }];
      }
      if (!match.includes('json')) return [];
      const validate = ajv.getSchema(`${base}/content/${escape(match)}/schema`);
      if (!validate) throw new Error(`No schema for ${operationId} ${status}`);
      return validate(body) ? [] : describeErrors(validate.errors ?? [], body);
    },
  };
}

/** Ajv's errors as violations, the most specific first (branches of anyOf/oneOf last). */
function describeErrors(errors: ErrorObject[], value: unknown): Violation[] {
  const inBranch = (e: ErrorObject) =>
    /\/(anyOf|oneOf)\//.test(e.schemaPath) || e.keyword === 'anyOf' || e.keyword === 'oneOf';
  const ordered = [...errors.filter((e) => !inBranch(e)), ...errors.filter(inBranch)];
  return ordered.map((error) => describe(error, value));
}

function describe(error: ErrorObject, root: unknown): Violation {
  const params = error.params as Record<string, unknown>;
  const at = valueAt(root, error.instancePath);
  const got = show(at);
  switch (error.keyword) {
    case 'required':
      return {
        pointer: `${error.instancePath}/${escape(String(params.missingProperty))}`,
        expected: `the required property "${String(params.missingProperty)}"`,
        got: 'nothing (missing)',
      };
    case 'additionalProperties':
      return {
        pointer: `${error.instancePath}/${escape(String(params.additionalProperty))}`,
        expected: 'no undeclared property',
        got: `property "${String(params.additionalProperty)}"`,
      };
    case 'type':
      return { pointer: error.instancePath, expected: `a ${String(params.type)}`, got };
    case 'enum':
      return {
        pointer: error.instancePath,
        expected: `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        got,
      };
    case 'const':
      return { pointer: error.instancePath, expected: JSON.stringify(params.allowedValue), got };
    case 'format':
      return { pointer: error.instancePath, expected: `a ${String(params.format)} string`, got };
    default:
      return { pointer: error.instancePath, expected: `a value that ${error.message}`, got };
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return value;
}

/** A value as a person reads it: its JSON, shortened, with its type when that is the point. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  const text = json.length > 60 ? `${json.slice(0, 57)}...` : json;
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array ${text}`;
  if (typeof value === 'object') return `an object ${text}`;
  return `${typeof value} ${text}`;
}
