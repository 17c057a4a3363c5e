/**
 * Contract conformance checker: points openapi/ at any running backend and says, operation by
 * operation, where its answers differ from the contract. It only speaks HTTP.
 * Usage: npm run conformance -- --help
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { junit, table } from './conformance/report.js';
import { runConformance } from './conformance/run.js';

const HELP = `Usage: npm run conformance -- --base-url <URL> --email <admin email> --password <password>
                              [--write] [--only <operationId,...>] [--junit <file>]

Checks a running backend against the v1 contract (openapi/). It signs in, calls every operation
of the contract with values taken from earlier answers (ids from lists, each page and each
declared filter value), validates every answer (declared status, content type, body schema:
required fields, types, enums, formats), and checks that every secured operation answers 401
without a token and with a malformed one.

  --base-url   the v1 API, e.g. http://localhost:8080/api/v1
  --email      an active administrator's email
  --password   that administrator's password
  --write      also run safe round trips on records the checker creates itself:
                 a booking type (created, renamed, deleted), a category, an ingredient, an
                 allergy, a dietary preference and a cuisine (each created, renamed and
                 deactivated; they have no delete operation, so they stay, deactivated), a
                 content item (created, renamed, published, unpublished, deleted), and the
                 platform fee (read, changed by 1, put back).
               It never refunds, and never changes a record it did not create (users,
               restaurants, bookings, reviews, menus). Without --write it changes nothing but
               its own sessions: it signs in twice and signs the second session out.
  --only       check only these operations (comma-separated operationIds)
  --junit      also write a JUnit XML report to this file

Output: one line per operation: requests made, requests passed, and "ok", "401 checks only, not
exercised (why)" or the first violation: the request, the JSON pointer in the answer, what the contract expects
and what came back. Exit code 0 when every exercised operation keeps the contract, 1 on any
violation or unreachable operation, 2 on wrong usage.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      write: { type: 'boolean', default: false },
      only: { type: 'string' },
      junit: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const baseUrl = values['base-url'];
  if (!baseUrl || !values.email || !values.password) {
    console.error(`--base-url, --email and --password are required.\n\n${HELP}`);
    return 2;
  }
  const report = await runConformance({
    baseUrl,
    email: values.email,
    password: values.password,
    write: values.write,
    only: values.only
      ?.split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  });
  console.log(table(report.results));
  if (values.junit) await writeFile(values.junit, junit(report.results));
  return report.exitCode;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
