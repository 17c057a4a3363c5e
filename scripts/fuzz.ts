/**
 * A longer run of the contract-driven fuzzer (server/test/helpers/fuzz.ts) against a freshly
 * seeded in-memory PGlite: `npx tsx scripts/fuzz.ts --seed 7 --per-operation 500`.
 * Prints the counts and every request that got a 5xx or no answer; exits 1 when there was one.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { createSession } from '../server/src/auth/sessions.js';
import { DEMO_ADMIN, readConfig } from '../server/src/config.js';
import { loadContract } from '../server/src/contract.js';
import { openDatabase } from '../server/src/db/client.js';
import { users } from '../server/src/db/schema.js';
import { seedIfEmpty } from '../server/src/seed/seed-if-empty.js';
import { fuzzRequests, runFuzz, summary } from '../server/test/helpers/fuzz.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'per-operation': { type: 'string', default: '500' },
  },
});
const seed = Number(values.seed);
const perOperation = Number(values['per-operation']);
if (!Number.isInteger(seed) || !Number.isInteger(perOperation) || perOperation < 1) {
  throw new Error('--seed and --per-operation must be whole numbers');
}

// No shedding on event-loop delay: the in-process PGlite blocks the loop, and a shed 503 would
// hide what the fuzzed request itself gets.
const config = {
  ...readConfig({ SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }),
  buildDir: '/nonexistent',
  ...DEMO_ADMIN,
};
const database = await openDatabase({ memory: true });
await seedIfEmpty(database.db, config);
const app = await buildApp({ database, config, logger: { level: 'error' } });
const [admin] = await database.db.select().from(users).where(eq(users.email, config.adminEmail));
const token = await createSession(database.db, admin.id, 24 * 3_600_000);

const result = await runFuzz(
  app,
  fuzzRequests(await loadContract(), { seed, perOperation }),
  async (operationId) =>
    operationId === 'logout' ? createSession(database.db, admin.id, 3_600_000) : token,
);
console.log(summary(result, seed));
const slowest = Object.entries(result.msByOperation).sort((a, b) => b[1] - a[1]);
console.log(
  `slowest operations: ${slowest
    .slice(0, 8)
    .map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)} s`)
    .join(', ')}`,
);
for (const failure of result.failures) console.log(JSON.stringify(failure));
await app.close();
await database.close();
process.exit(result.failures.length ? 1 : 0);
