/**
 * Checks a response against the contract: its status must be one the operation declares and its
 * body must match that response's schema (Fastify only serialises responses; this validates them).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { loadContract, type Contract } from '../../src/contract.js';

let ajvPromise: Promise<{ ajv: Ajv2020; contract: Contract }> | undefined;

function setup() {
  ajvPromise ??= loadContract().then((contract) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(contract as object, 'contract');
    return { ajv, contract };
  });
  return ajvPromise;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function findOperation(contract: Contract, operationId: string) {
  for (const [route, methods] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation?.operationId === operationId) return { route, method, operation };
    }
  }
  throw new Error(`No operation ${operationId} in the contract`);
}

/** Asserts the status and validates the JSON body; returns the parsed body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function expectContract<T = any>(
  res: LightMyRequestResponse,
  operationId: string,
  status: number,
): Promise<T> {
  const { ajv, contract } = await setup();
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
  if (res.statusCode !== status) {
    throw new Error(
      `${operationId}: expected HTTP ${status}, got ${res.statusCode}: ${res.body.slice(0, 500)}`,
    );
  }
  const { route, method, operation } = findOperation(contract, operationId);
  const responses = operation.responses as Record<
    string,
    { $ref?: string; content?: Record<string, unknown> }
  >;
  const declared = responses[String(status)];
  if (!declared) throw new Error(`${operationId} does not declare HTTP ${status}`);
  const base = declared.$ref
    ? `contract${declared.$ref}`
    : `contract#/paths/${escape(route)}/${method}/responses/${status}`;
  const response = declared.$ref
    ? (ajv.getSchema(`contract${declared.$ref}`)?.schema as { content?: Record<string, unknown> })
    : declared;
  if (!response.content?.['application/json']) return body as T;
  const validate = ajv.getSchema(`${base}/content/application~1json/schema`);
  if (!validate) throw new Error(`No schema for ${operationId} ${status}`);
  if (!validate(body)) {
    throw new Error(
      `${operationId} ${status} does not match the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 800)}`,
    );
  }
  return body as T;
}
