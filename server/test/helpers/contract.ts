/**
 * Checks a response against the contract: its status must be one the operation declares and its
 * body must match that response's schema (Fastify only serialises responses; this validates them).
 */
import type { LightMyRequestResponse } from 'fastify';
import { loadContract } from '../../src/contract.js';
import { createResponseValidator } from '../../../openapi/tools/response-validator.js';

let validatorPromise: Promise<ReturnType<typeof createResponseValidator>> | undefined;

/** Asserts the status and validates the JSON body; returns the parsed body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function expectContract<T = any>(
  res: LightMyRequestResponse,
  operationId: string,
  status: number,
): Promise<T> {
  validatorPromise ??= loadContract().then((contract) => createResponseValidator(contract));
  const validator = await validatorPromise;
  const contentType = res.headers['content-type']?.toString();
  const body = contentType?.includes('json') ? res.json() : res.body;
  if (res.statusCode !== status) {
    throw new Error(
      `${operationId}: expected HTTP ${status}, got ${res.statusCode}: ${res.body.slice(0, 500)}`,
    );
  }
  const violations = validator.check(operationId, status, contentType, body);
  if (violations.length > 0) {
    const text = violations.map((v) => `${v.pointer || '/'}: expected ${v.expected}, got ${v.got}`);
    throw new Error(
      `${operationId} ${status} does not match the contract: ${text.join('; ')}\n${JSON.stringify(body).slice(0, 800)}`,
    );
  }
  return body as T;
}
