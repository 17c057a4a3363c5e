/** The run's results as a table for people and as JUnit XML for CI. */
import type { OperationResult } from './session.js';

function describeFailure(result: OperationResult): string {
  const f = result.failures[0];
  const at = f.pointer ? ` at ${f.pointer}` : '';
  return `${f.request}${at}: expected ${f.expected}, got ${f.got}`;
}

function verdict(result: OperationResult): string {
  if (result.unreachable) return `UNREACHABLE ${describeFailure(result)}`;
  if (result.failures.length > 0) return `FAIL ${describeFailure(result)}`;
  const notes = result.notes.length > 0 ? ` (${result.notes.join('; ')})` : '';
  if (result.exercised) return `ok${notes}`;
  return result.requests > 0 ? `401 checks only, not exercised${notes}` : `not exercised${notes}`;
}

export function table(results: OperationResult[]): string {
  const rows = results.map((r) => [
    r.operation.id,
    String(r.requests),
    String(r.passed),
    verdict(r),
  ]);
  const header = ['operation', 'requests', 'passed', 'result'];
  const width = [0, 1, 2].map((i) => Math.max(header[i].length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i < 3 ? (i === 0 ? cell.padEnd(width[i]) : cell.padStart(width[i])) : cell,
      )
      .join('  ');
  const failed = results.filter((r) => r.failures.length > 0).length;
  const skipped = results.filter((r) => !r.exercised && r.failures.length === 0).length;
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  return [
    line(header),
    ...rows.map(line),
    '',
    `${results.length} operations: ${results.length - failed - skipped} passed, ${failed} failed, ` +
      `${skipped} not exercised (at most their 401 checks ran); ${requests} requests.`,
  ].join('\n');
}

const xml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

export function junit(results: OperationResult[]): string {
  const failures = results.filter((r) => r.failures.length > 0).length;
  const skipped = results.filter((r) => !r.exercised && r.failures.length === 0).length;
  const cases = results.map((r) => {
    const name = `name="${xml(r.operation.id)}" classname="${xml(r.operation.tags[0] ?? 'contract')}"`;
    if (r.failures.length > 0) {
      const all = r.failures
        .map(
          (f) =>
            `${f.request}${f.pointer ? ` at ${f.pointer}` : ''}: expected ${f.expected}, got ${f.got}`,
        )
        .join('\n');
      return `    <testcase ${name}>\n      <failure message="${xml(describeFailure(r))}">${xml(all)}</failure>\n    </testcase>`;
    }
    if (!r.exercised) {
      return `    <testcase ${name}>\n      <skipped message="${xml(r.notes.join('; '))}"/>\n    </testcase>`;
    }
    return `    <testcase ${name}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract conformance" tests="${results.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="contract conformance" tests="${results.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
