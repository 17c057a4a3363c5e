/** The v1 contract (loaded in openapi/tools, shared with the tests and scripts) and its secured operations. */
import type { Contract } from '../../openapi/tools/load-contract.js';
import { isPermission, type Permission } from '../../common/team-roles.js';

export { loadContract, type Contract } from '../../openapi/tools/load-contract.js';

type SecurityRequirement = Record<string, string[]>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The operations that need the bearer token (an operation's own `security`, else the
 * document's), each with the permission its requirement names (null: a valid token is enough).
 * The server knows only the bearerAuth scheme and the permissions of common/team-roles.ts, so a
 * contract naming another scheme, an alternative to bearerAuth, an unknown permission or more
 * than one is refused at start rather than left unchecked.
 */
export function securedOperations(contract: Contract): Map<string, Permission | null> {
  const fallback = (contract.security ?? []) as SecurityRequirement[];
  const secured = new Map<string, Permission | null>();
  for (const [url, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const where = `${method.toUpperCase()} ${url}`;
      if (!operation.operationId) throw new Error(`${where}: no operationId`);
      const requirements = (operation.security as SecurityRequirement[] | undefined) ?? fallback;
      const schemes = requirements.map((requirement) => Object.keys(requirement).join('+'));
      if (schemes.some((scheme) => scheme !== 'bearerAuth') || schemes.length > 1) {
        throw new Error(`${where}: only bearerAuth security is supported`);
      }
      if (schemes.length === 0) continue;
      const scopes = requirements[0].bearerAuth;
      if (scopes.length > 1) throw new Error(`${where}: name at most one permission`);
      const unknown = scopes.find((scope) => !isPermission(scope));
      if (unknown !== undefined) throw new Error(`${where}: unknown permission "${unknown}"`);
      secured.set(operation.operationId, (scopes[0] as Permission | undefined) ?? null);
    }
  }
  return secured;
}

/**
 * The operations that set a boolean extension to true: `x-step-up` (a recent confirmation of the
 * second factor, auth/step-up.ts) and `x-mfa-ticket` (an enrolment ticket may stand in for the
 * token). Either on an operation without bearerAuth is refused at start: nothing would check it.
 */
export function operationFlags(contract: Contract, extension: 'x-step-up' | 'x-mfa-ticket') {
  const secured = securedOperations(contract);
  const flagged = new Set<string>();
  for (const [url, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || operation[extension] === undefined) continue;
      const where = `${method.toUpperCase()} ${url}`;
      if (operation[extension] !== true) throw new Error(`${where}: ${extension} must be true`);
      if (!secured.has(operation.operationId!)) {
        throw new Error(`${where}: ${extension} needs bearerAuth security`);
      }
      flagged.add(operation.operationId!);
    }
  }
  return flagged;
}

const WRITE_METHODS = new Set(['put', 'post', 'delete', 'patch']);

type ParameterNode = { name?: string; in?: string };

/**
 * The writes checked against a version: those whose parameters (the path's or their own)
 * include the If-Match header. Every other write must say why it is not in `x-unversioned`
 * (a create, sign-in, versions sent per item in the body), so that a write added later is
 * never unchecked by omission: a contract with a write that does neither is refused at start.
 */
export function versionedOperations(contract: Contract): Set<string> {
  const versioned = new Set<string>();
  for (const [url, item] of Object.entries(contract.paths)) {
    const shared = (item as { parameters?: unknown[] }).parameters ?? [];
    for (const [method, operation] of Object.entries(item)) {
      if (!WRITE_METHODS.has(method)) continue;
      const ifMatch = [...shared, ...((operation.parameters as unknown[] | undefined) ?? [])]
        .map((node) => resolveRef(contract, node) as ParameterNode)
        .some((p) => p.in === 'header' && p.name?.toLowerCase() === 'if-match');
      const reason = operation['x-unversioned'];
      const where = `${method.toUpperCase()} ${url}`;
      if (ifMatch && reason !== undefined) {
        throw new Error(`${where}: declares If-Match and x-unversioned; choose one`);
      }
      if (!ifMatch && (typeof reason !== 'string' || !reason.trim())) {
        throw new Error(
          `${where}: a write declares the If-Match parameter, or says in x-unversioned why not`,
        );
      }
      if (ifMatch) versioned.add(operation.operationId!);
    }
  }
  return versioned;
}

/** A local `#/...` reference's target in the bundled contract (or the node itself). */
function resolveRef(contract: Contract, node: unknown): unknown {
  let current = node as { $ref?: string } | undefined;
  for (let hops = 0; current?.$ref?.startsWith('#/') && hops < 10; hops += 1) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (object, key) =>
          (object as Record<string, unknown> | undefined)?.[
            key.replace(/~1/g, '/').replace(/~0/g, '~')
          ],
        contract,
      ) as { $ref?: string } | undefined;
  }
  return current;
}

/**
 * Each operation's request body: the media types it declares, whether it is required, and how
 * many files its multipart form may carry (a binary field is one, an array of them its maxItems).
 */
export function bodyRules(
  contract: Contract,
): Map<string, { types: string[]; required: boolean; files: number }> {
  const rules = new Map<string, { types: string[]; required: boolean; files: number }>();
  for (const item of Object.values(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !operation.operationId) continue;
      const body = resolveRef(contract, operation.requestBody) as
        { content?: Record<string, { schema?: unknown }>; required?: boolean } | undefined;
      rules.set(operation.operationId, {
        types: Object.keys(body?.content ?? {}).map((type) => type.toLowerCase()),
        required: Boolean(body?.required),
        files: multipartFiles(contract, body?.content?.['multipart/form-data']?.schema),
      });
    }
  }
  return rules;
}

type FormSchema = {
  properties?: Record<string, { $ref?: string }>;
  type?: string;
  format?: string;
  maxItems?: number;
  items?: { $ref?: string };
};

function multipartFiles(contract: Contract, schemaNode: unknown): number {
  const schema = resolveRef(contract, schemaNode) as FormSchema | undefined;
  let files = 0;
  for (const node of Object.values(schema?.properties ?? {})) {
    const property = resolveRef(contract, node) as FormSchema;
    const items = resolveRef(contract, property.items) as FormSchema | undefined;
    if (property.format === 'binary') files += 1;
    else if (property.type === 'array' && items?.format === 'binary') {
      files += property.maxItems ?? 1;
    }
  }
  return files;
}

/**
 * The routes (Fastify's form: `{id}` as `:id`, under `prefix`) of operations that answer with an
 * event stream: long-lived answers that load shedding does not count as requests in flight.
 */
export function streamingRoutes(contract: Contract, prefix: string): Set<string> {
  const routes = new Set<string>();
  for (const [url, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const responses = Object.values(operation.responses ?? {}).map(
        (node) => resolveRef(contract, node) as { content?: Record<string, unknown> } | undefined,
      );
      if (responses.some((response) => response?.content?.['text/event-stream'])) {
        routes.add(prefix + url.replace(/\{([^}]+)\}/g, ':$1'));
      }
    }
  }
  return routes;
}
