/**
 * The contract-driven fuzz suite (server/test/helpers/fuzz.ts): at least 50 odd requests per
 * operation with a fixed seed, none may answer 5xx or hang. FUZZ_SEED and FUZZ_PER_OPERATION
 * reproduce or widen a run; scripts/fuzz.ts runs longer ones.
 */
import { loadContract } from '../src/contract.js';
import { createSession } from '../src/auth/sessions.js';
import { fuzzRequests, operationsOf, runFuzz, summary } from './helpers/fuzz.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 11);
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 50);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test(`no odd request gets a 5xx or hangs (seed ${SEED}, ${PER_OPERATION} per operation)`, async () => {
  const contract = await loadContract();
  const result = await runFuzz(
    t.app,
    fuzzRequests(contract, { seed: SEED, perOperation: PER_OPERATION }),
    async (operationId) =>
      operationId === 'logout' ? createSession(t.database.db, t.adminId, 3_600_000) : t.adminToken,
  );
  console.log(summary(result, SEED));
  expect(result.operations).toBe(operationsOf(contract).length);
  expect(result.requests).toBeGreaterThanOrEqual(50 * result.operations);
  expect(result.failures).toEqual([]);
}, 240_000);
