/** The contract's operations as the checker uses them: parameters and bodies with $refs resolved. */
import type { Contract } from '../../openapi/tools/load-contract.js';

export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  examples?: unknown[];
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
};

export type Operation = {
  id: string;
  method: string;
  path: string;
  tags: string[];
  parameters: Parameter[];
  /** media type → schema of the request body, when the operation takes one */
  body?: Record<string, Schema>;
  statuses: string[];
  /** The Accept header: the media types of its 2xx answers (JSON, a CSV file, an image). */
  accept: string;
  secured: boolean;
  /** the permission its bearerAuth requirement names (null: a valid token is enough) */
  permission: string | null;
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

/** Follows $ref (local pointers of the bundled document) until a node without one. */
export function resolver(contract: Contract) {
  const resolve = <T>(node: T): T => {
    let current = node as { $ref?: string };
    for (let depth = 0; current?.$ref && depth < 20; depth++) {
      const parts = current.$ref.replace(/^#\//, '').split('/');
      let target: unknown = contract;
      for (const part of parts) {
        target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      }
      current = target as { $ref?: string };
    }
    return current as T;
  };
  return resolve;
}

export function readOperations(contract: Contract): Operation[] {
  const resolve = resolver(contract);
  const globalSecurity = (contract.security ?? []) as unknown[];
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(contract.paths)) {
    const item = resolve(rawItem) as Record<string, unknown>;
    const shared = ((item.parameters ?? []) as unknown[]).map((p) => resolve(p) as Parameter);
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = ((op.parameters ?? []) as unknown[]).map((p) => resolve(p) as Parameter);
      const parameters = [
        ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ...own,
      ].map((p) => ({ ...p, required: Boolean(p.required), schema: resolve(p.schema ?? {}) }));
      const requestBody = op.requestBody
        ? resolve(op.requestBody as { content?: Record<string, { schema?: Schema }> })
        : undefined;
      const body = requestBody?.content
        ? Object.fromEntries(
            Object.entries(requestBody.content).map(([type, media]) => [type, media.schema ?? {}]),
          )
        : undefined;
      const security = (op.security as unknown[] | undefined) ?? globalSecurity;
      operations.push({
        id: String(op.operationId ?? `${method.toUpperCase()} ${path}`),
        method: method.toUpperCase(),
        path,
        tags: (op.tags as string[] | undefined) ?? [],
        parameters,
        body,
        statuses: Object.keys((op.responses ?? {}) as object),
        accept: acceptOf(op.responses as Record<string, unknown> | undefined, resolve),
        secured: security.some((requirement) => Object.keys(requirement as object).length > 0),
        permission:
          (security as Record<string, string[] | undefined>[]).flatMap(
            (requirement) => requirement.bearerAuth ?? [],
          )[0] ?? null,
      });
    }
  }
  return operations;
}

function acceptOf(
  responses: Record<string, unknown> | undefined,
  resolve: <T>(node: T) => T,
): string {
  const types = Object.entries(responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) =>
      Object.keys(resolve(response as { content?: object }).content ?? {}),
    );
  return [...new Set(types)].join(', ') || 'application/json';
}

/** The properties a schema allows, gathered through $ref, allOf, anyOf and oneOf. */
export function propertiesOf(schema: Schema, resolve: <T>(node: T) => T): Record<string, Schema> {
  const s = resolve(schema);
  const out: Record<string, Schema> = {};
  for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    Object.assign(out, propertiesOf(part, resolve));
  }
  for (const [name, value] of Object.entries(s.properties ?? {})) out[name] = resolve(value);
  return out;
}

/** The first concrete alternative of a schema (anyOf/oneOf), resolved. */
export function concrete(schema: Schema, resolve: <T>(node: T) => T): Schema {
  const s = resolve(schema);
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  return first ? concrete(first, resolve) : s;
}
