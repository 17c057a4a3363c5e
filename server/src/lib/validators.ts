/**
 * Request validation: one Ajv for JSON bodies, without type coercion (a string "true" for a
 * boolean, or null for a number, is a 400), and one for everything that arrives as text (query,
 * path, headers, form-encoded and multipart fields), which coerces those texts to the contract's
 * types. Both keep unknown properties (the contract's `additionalProperties: false` refuses them)
 * and stop at the first error.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

const shared = { removeAdditional: false, allErrors: false } as const;
const build = AjvCompiler();
const coercing = build({}, { customOptions: { ...shared, coerceTypes: 'array' } });
const strict = build({}, { customOptions: { ...shared, coerceTypes: false } });

type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/**
 * Header names arrive in lower case; the contract spells them as HTTP does (`Idempotency-Key`).
 * Fastify lower-cases a header schema only for its own compiler, so this one does it.
 */
function lowerCaseHeaders(schema: ObjectSchema): ObjectSchema {
  return {
    ...schema,
    ...(schema.properties && {
      properties: Object.fromEntries(
        Object.entries(schema.properties).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    }),
    ...(schema.required && { required: schema.required.map((name) => name.toLowerCase()) }),
  };
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const { httpPart, contentType } = route as typeof route & { contentType?: string };
  const json =
    httpPart === 'body' && (contentType === undefined || contentType === 'application/json');
  const schema =
    httpPart === 'headers' ? lowerCaseHeaders(route.schema as ObjectSchema) : route.schema;
  return (json ? strict : coercing)({ ...route, schema } as never);
};
