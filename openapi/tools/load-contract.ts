/**
 * The v1 contract bundled from its files into one document (the form fastify-openapi-glue takes
 * and the conformance checker reads). Neutral ground: the server, its tests and scripts/ import
 * it; it imports nothing of theirs.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';

export const contractFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../openapi.yaml',
);

export type Contract = {
  paths: Record<string, Record<string, { operationId?: string; [key: string]: unknown }>>;
  [key: string]: unknown;
};

let cached: Promise<Contract> | undefined;

/** A fresh copy of the bundled contract (callers may change theirs). */
export async function loadContract(): Promise<Contract> {
  cached ??= (async () => {
    const config = await loadConfig({});
    const result = await bundle({ ref: contractFile, config, dereference: false });
    return result.bundle.parsed as Contract;
  })();
  return structuredClone(await cached);
}
