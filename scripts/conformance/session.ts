/**
 * One run's state: the contract's operations, what earlier answers taught (rows, texts), and each
 * operation's tally. Every request goes through `exchange`, which checks the answer against the
 * contract and against what the request expected.
 */
import type { Contract } from '../../openapi/tools/load-contract.js';
import { createAjv, createResponseValidator } from '../../openapi/tools/response-validator.js';
import { describeRequest, send, type Answer, type Request } from './http.js';
import { readOperations, resolver, type Operation } from './operations.js';

type Failure = { request: string; pointer: string; expected: string; got: string };

export type OperationResult = {
  operation: Operation;
  requests: number;
  passed: number;
  failures: Failure[];
  /** why (part of) the operation was not exercised, or what was checked in its place */
  notes: string[];
  unreachable: boolean;
  /** false when only its 401 checks ran (a write without --write, or no safe round trip) */
  exercised: boolean;
};

/** What a request expects: a 2xx answer, exactly this status, or any status the contract declares. */
export type Expectation = 'success' | number | 'declared';

export type Options = {
  baseUrl: string;
  email: string;
  password: string;
  write: boolean;
  only?: string[];
};

export class Session {
  readonly operations: Operation[];
  readonly resolve: ReturnType<typeof resolver>;
  readonly ajv: ReturnType<typeof createAjv>;
  readonly results = new Map<string, OperationResult>();
  /** data rows of each operation's successful answers, by operationId */
  readonly rows = new Map<string, Record<string, unknown>[]>();
  /** every JSON answer as text, to find ids named only inside URLs */
  readonly texts: string[] = [];
  token: string | undefined;
  /** the signed-in admin's permissions, when the sign-in answer lists them */
  permissions: Set<string> | undefined;
  private readonly validator;

  constructor(
    readonly contract: Contract,
    readonly options: Options,
  ) {
    this.operations = readOperations(contract);
    this.resolve = resolver(contract);
    this.ajv = createAjv(contract);
    this.validator = createResponseValidator(contract, this.ajv);
    for (const operation of this.operations) {
      this.results.set(operation.id, {
        operation,
        requests: 0,
        passed: 0,
        failures: [],
        notes: [],
        unreachable: false,
        exercised: true,
      });
    }
  }

  /** The signed-in admin's role grants what the operation needs (or no permissions are known). */
  allowed(operation: Operation): boolean {
    return !operation.permission || !this.permissions || this.permissions.has(operation.permission);
  }

  selected(operation: Operation): boolean {
    return !this.options.only || this.options.only.includes(operation.id);
  }

  result(operation: Operation): OperationResult {
    return this.results.get(operation.id)!;
  }

  /** Records a failure found by a check of its own (not the answer's shape). */
  fail(operation: Operation, request: Request, pointer: string, expected: string, got: string) {
    const text = describeRequest(request, this.token, operation.secured);
    this.result(operation).failures.push({ request: text, pointer, expected, got });
  }

  note(operation: Operation, text: string) {
    const notes = this.result(operation).notes;
    if (!notes.includes(text)) notes.push(text);
  }

  /**
   * Sends a request for an operation and checks its answer. `quiet` requests only gather data for
   * other operations (an operation left out by --only): they are neither counted nor judged.
   * Returns the answer when it keeps the contract and the expectation, else undefined.
   */
  async exchange(
    operation: Operation,
    request: Request,
    expect: Expectation,
    quiet = !this.selected(operation),
  ): Promise<Answer | undefined> {
    const result = this.result(operation);
    const text = describeRequest(request, this.token, operation.secured);
    let answer: Answer;
    try {
      answer = await send(this.options.baseUrl, request);
    } catch (error) {
      if (quiet) return undefined;
      result.requests++;
      result.unreachable = true;
      const reason =
        error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : String(error);
      result.failures.push({
        request: text,
        pointer: '',
        expected: 'an answer',
        got: `no answer (${reason})`,
      });
      return undefined;
    }
    const failures = this.judge(operation, answer, expect).map((v) => ({ request: text, ...v }));
    if (failures.length === 0) this.learn(operation, answer);
    if (quiet) return failures.length === 0 ? answer : undefined;
    result.requests++;
    if (failures.length === 0) result.passed++;
    else result.failures.push(...failures);
    if (answer.status === 501 && operation.statuses.includes('501')) {
      this.note(operation, 'the backend answers 501 (not implemented), which the contract allows');
    }
    return failures.length === 0 ? answer : undefined;
  }

  private judge(operation: Operation, answer: Answer, expect: Expectation) {
    const status = answer.status;
    const message = (answer.body as { message?: unknown })?.message;
    const said = typeof message === 'string' ? ` "${message.slice(0, 120)}"` : '';
    const mismatch =
      typeof expect === 'number' && status !== expect
        ? { pointer: '', expected: `HTTP ${expect}`, got: `HTTP ${status}${said}` }
        : expect === 'success' &&
            !(status >= 200 && status < 300) &&
            !(status === 501 && operation.statuses.includes('501'))
          ? { pointer: '', expected: 'a 2xx answer', got: `HTTP ${status}${said}` }
          : undefined;
    if (answer.unparsable !== undefined) {
      return [
        ...(mismatch ? [mismatch] : []),
        {
          pointer: '',
          expected: 'a JSON body',
          got: `unparsable text ${JSON.stringify(answer.unparsable)}`,
        },
      ];
    }
    const violations = this.validator.check(operation.id, status, answer.contentType, answer.body);
    // The contract's own verdict first: an undeclared status says more than "expected 2xx".
    return [...violations, ...(mismatch ? [mismatch] : [])];
  }

  private learn(operation: Operation, answer: Answer) {
    if (typeof answer.body !== 'object' || answer.body === null) return;
    this.texts.push(JSON.stringify(answer.body));
    const data = (answer.body as { data?: unknown }).data;
    const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
    const rows = list.filter(
      (row): row is Record<string, unknown> => !!row && typeof row === 'object',
    );
    if (rows.length > 0)
      this.rows.set(operation.id, [...(this.rows.get(operation.id) ?? []), ...rows]);
  }
}
