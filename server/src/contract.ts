/** The v1 contract (loaded in openapi/tools, shared with the tests and scripts) and its secured operations. */
import type { Contract } from '../../openapi/tools/load-contract.js';

export { loadContract, type Contract } from '../../openapi/tools/load-contract.js';

type SecurityRequirement = Record<string, string[]>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The operationIds that need the bearer token: an operation's own `security`, else the
 * document's. The server knows only the bearerAuth scheme, so a contract naming another one (or
 * an alternative to bearerAuth) is refused at start rather than left unchecked.
 */
export function securedOperations(contract: Contract): Set<string> {
  const fallback = (contract.security ?? []) as SecurityRequirement[];
  const secured = new Set<string>();
  for (const [url, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${url}: no operationId`);
      const requirements = (operation.security as SecurityRequirement[] | undefined) ?? fallback;
      const schemes = requirements.map((requirement) => Object.keys(requirement).join('+'));
      if (schemes.some((scheme) => scheme !== 'bearerAuth') || schemes.length > 1) {
        throw new Error(`${method.toUpperCase()} ${url}: only bearerAuth security is supported`);
      }
      if (schemes.length === 1) secured.add(operation.operationId);
    }
  }
  return secured;
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
