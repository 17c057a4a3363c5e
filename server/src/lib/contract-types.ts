/**
 * Request and response shapes of the contract's operations, from the generated types: what the
 * handlers receive and answer, and what the queries take (a list's parameters, a view's shape).
 */
import type { operations } from '../../../openapi/schema.js';

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type AnyContent<T> = T extends { content: infer C } ? C[keyof C] : never;

export type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? AnyContent<NonNullable<R>>
  : never;
export type QueryOf<K extends OperationId> = operations[K]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
export type ParamsOf<K extends OperationId> = operations[K]['parameters'] extends { path?: infer P }
  ? NonNullable<P>
  : never;

type Responses<K extends OperationId> = operations[K]['responses'];
/** The JSON body of the operation's success response (200 or 201). */
export type ResultOf<K extends OperationId> =
  | (Responses<K> extends { 200: infer R } ? JsonContent<R> : never)
  | (Responses<K> extends { 201: infer R } ? JsonContent<R> : never);

/** A list operation's parameters less paging: what its export and saved views take. */
export type ListFilters<K extends OperationId> = Omit<QueryOf<K>, 'skip' | 'limit'>;
