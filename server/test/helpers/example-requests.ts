/**
 * An operation's request built from the contract's own examples (one `exampleRequests` per
 * database: a linked operation is called once and its answer kept), so a test generated from the
 * contract can call any operation, one added later too: each path and query parameter's
 * `example` (the examples name records of the demo data, which the test template holds), and
 * the request body's `example` (JSON when the operation takes it, else its first media type). A
 * path parameter without an example comes from an OpenAPI link: an operation whose answer links
 * to this one is called first with its own example request, and the parameter is read from its
 * answer (`$response.body#/data/_id`).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Contract } from '../../../openapi/tools/load-contract.js';
import {
  readOperations,
  resolver,
  type Operation,
} from '../../../scripts/conformance/operations.js';
import { multipart } from './uploads.js';

type Media = { example?: unknown };
type Link = { operationId?: string; parameters?: Record<string, string> };
type RawOperation = {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { links?: Record<string, Link> }>;
};

export type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;

export type ExampleRequest = {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers: Record<string, string>;
};

/** The value at a JSON pointer (`/data/_id`). */
const at = (value: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) =>
        (node as Record<string, unknown> | undefined)?.[
          key.replace(/~1/g, '/').replace(/~0/g, '~')
        ],
      value,
    );

export function exampleRequests(contract: Contract, prefix = '/api/v1') {
  const resolve = resolver(contract);
  const operations = new Map(readOperations(contract).map((op) => [op.id, op]));
  const raw = new Map<string, RawOperation>();
  for (const item of Object.values(contract.paths)) {
    for (const node of Object.values(item)) {
      const op = node as RawOperation;
      if (op?.operationId) raw.set(op.operationId, op);
    }
  }

  /** The example of each parameter of the operation, as the contract declares it. */
  const parameterExamples = (operationId: string): Map<string, unknown> => {
    const examples = new Map<string, unknown>();
    const item = Object.values(contract.paths).find((pathItem) =>
      Object.values(pathItem).some((op) => (op as RawOperation)?.operationId === operationId),
    ) as { parameters?: unknown[] } | undefined;
    for (const node of [...(item?.parameters ?? []), ...(raw.get(operationId)?.parameters ?? [])]) {
      const parameter = resolve(node) as { name: string; in: string; example?: unknown };
      if (parameter.example !== undefined)
        examples.set(`${parameter.in}:${parameter.name}`, parameter.example);
    }
    return examples;
  };

  /** An operation whose answer links to this one, and the link. */
  const linkTo = (operationId: string): [string, string, Link] | undefined => {
    for (const [source, op] of raw) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const link of Object.values(resolve(response).links ?? {})) {
          if (link.operationId === operationId) return [source, status, link];
        }
      }
    }
    return undefined;
  };

  async function build(operationId: string, call: Call): Promise<ExampleRequest> {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`No operation ${operationId} in the contract`);
    const examples = parameterExamples(operationId);
    let linked: Record<string, unknown> = {};
    const missing = operation.parameters.filter(
      (p) => p.in === 'path' && !examples.has(`path:${p.name}`),
    );
    if (missing.length) linked = await fromLink(operation, call);
    let url = operation.path;
    for (const p of operation.parameters.filter((parameter) => parameter.in === 'path')) {
      const value = examples.get(`path:${p.name}`) ?? linked[p.name];
      if (value === undefined) {
        throw new Error(
          `${operationId}: give the path parameter "${p.name}" an example naming a record of the demo data, or link an operation to it`,
        );
      }
      url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    }
    const query = operation.parameters
      .filter((p) => p.in === 'query' && examples.has(`query:${p.name}`))
      .map((p) => `${p.name}=${encodeURIComponent(String(examples.get(`query:${p.name}`)))}`);
    const request: ExampleRequest = {
      method: operation.method as ExampleRequest['method'],
      url: `${prefix}${url}${query.length ? `?${query.join('&')}` : ''}`,
      headers: {},
    };
    return { ...request, ...(await body(operationId)) };
  }

  /** The answers of linked operations, each called once (a second create would be a 409). */
  const answers = new Map<string, Promise<unknown>>();

  async function fromLink(operation: Operation, call: Call): Promise<Record<string, unknown>> {
    const found = linkTo(operation.id);
    if (!found) return {};
    const [source, status, link] = found;
    if (!answers.has(source)) {
      answers.set(
        source,
        build(source, call).then(async (request) => {
          const res = await call(request);
          if (String(res.statusCode) !== status) {
            throw new Error(
              `${source} (linked to ${operation.id}) answered ${res.statusCode}: ${res.body}`,
            );
          }
          return res.json();
        }),
      );
    }
    const answer = await answers.get(source);
    return Object.fromEntries(
      Object.entries(link.parameters ?? {}).map(([name, expression]) => [
        name,
        at(answer, expression.replace(/^\$response\.body#/, '')),
      ]),
    );
  }

  async function body(operationId: string): Promise<Partial<ExampleRequest>> {
    const content = resolve(raw.get(operationId)?.requestBody)?.content;
    if (!content) return {};
    const [type, media] = content['application/json']
      ? ['application/json', content['application/json']]
      : Object.entries(content)[0];
    const example = resolve(media).example as Record<string, unknown> | undefined;
    if (example === undefined) throw new Error(`${operationId}: its request body has no example`);
    if (type === 'multipart/form-data') {
      const form = await multipart(
        Object.fromEntries(Object.entries(example).map(([name, value]) => [name, String(value)])),
      );
      return { payload: form.payload, headers: form.headers };
    }
    if (type === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams(
        Object.entries(example).map(([name, value]) => [name, String(value)]),
      );
      return { payload: form.toString(), headers: { 'content-type': type } };
    }
    return { payload: JSON.stringify(example), headers: { 'content-type': type } };
  }

  return { build, operations };
}
