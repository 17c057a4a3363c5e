/**
 * The v1 contract bundled from its files into one document (the form fastify-openapi-glue takes
 * and the conformance checker reads). Neutral ground: the server, its tests and scripts/ import
 * it; it imports nothing of theirs.
 *
 * Bundling with Redocly costs every server start about half a second of CPU, most of it loading
 * Redocly itself, so the bundle is kept in node_modules/.cache/marketplace-admin/ under a hash of
 * the contract's files and of Redocly's version: any change to a file gives another key, and the
 * bundle is made again. A folder that cannot be written only means no cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const openapiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const contractFile = path.join(openapiDir, 'openapi.yaml');

const contractCacheDir = path.resolve(openapiDir, '../node_modules/.cache/marketplace-admin');

export type Contract = {
  paths: Record<string, Record<string, { operationId?: string; [key: string]: unknown }>>;
  [key: string]: unknown;
};

let cached: Promise<Contract> | undefined;

/** A fresh copy of the bundled contract (callers may change theirs). */
export async function loadContract(): Promise<Contract> {
  cached ??= cachedBundle();
  return structuredClone(await cached);
}

async function cachedBundle(): Promise<Contract> {
  const file = path.join(contractCacheDir, `contract-${await contractHash()}.json`);
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Contract;
  } catch {
    // Not made yet for these files (or unreadable): bundle them.
  }
  const contract = await bundleContract();
  try {
    await fs.mkdir(contractCacheDir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await fs.writeFile(partial, JSON.stringify(contract));
    await fs.rename(partial, file);
    for (const name of await fs.readdir(contractCacheDir)) {
      if (name.startsWith('contract-') && name !== path.basename(file)) {
        await fs.rm(path.join(contractCacheDir, name), { force: true });
      }
    }
  } catch {
    // A read-only install: bundle at every start.
  }
  return contract;
}

/** Every YAML file of the contract (paths, components, the root) and the bundler's version. */
async function contractHash(): Promise<string> {
  const hash = createHash('sha256');
  const { version } = createRequire(import.meta.url)('@redocly/openapi-core/package.json') as {
    version: string;
  };
  hash.update(`redocly ${version}\n`);
  const files = (await fs.readdir(openapiDir, { recursive: true }))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  for (const name of files) {
    hash.update(`${name}\n`);
    hash.update(await fs.readFile(path.join(openapiDir, name)));
  }
  return hash.digest('hex').slice(0, 32);
}

async function bundleContract(): Promise<Contract> {
  const { bundle, loadConfig } = await import('@redocly/openapi-core');
  const config = await loadConfig({});
  const result = await bundle({ ref: contractFile, config, dereference: false });
  return result.bundle.parsed as Contract;
}
