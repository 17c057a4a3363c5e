/** The shapes of the fakes: a call resolved to its operation, a handler, what a fake serves. */
import type { FakeReply, OperationId } from './reply';

/** A call of the SPA as the fake fetch receives it. */
export interface ApiCall {
  method: string;
  /** Path below the API base URL, e.g. '/user/login'. */
  path: string;
  url: URL;
  headers: Headers;
  /** the call's abort signal (an event stream ends when it fires) */
  signal: AbortSignal;
  /** JSON bodies parsed; multipart bodies as FormData, form-encoded ones as URLSearchParams. */
  body: unknown;
}

/** A call resolved to its operation, with the values of its path's parameters (e.g. `id`). */
export interface FakeRequest extends ApiCall {
  operationId: OperationId;
  params: Record<string, string>;
}

/** How a fake answers an operation; undefined passes the call on to the next fake. */
export type FakeHandler = (
  request: FakeRequest,
) => FakeReply | undefined | Promise<FakeReply | undefined>;

/** What one fake serves: a handler per operation. */
export type Routes = Partial<Record<OperationId, FakeHandler>>;

/** An in-memory fake of one resource: its handlers (and whatever state it keeps). */
export interface Fake {
  routes: Routes;
}
