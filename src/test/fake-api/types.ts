/** The shapes of the fakes: a call resolved to its operation, a handler, what a fake serves. */
import type { MockReply, MockRequest, OperationId } from '../mock-api';

/** A call resolved to its operation, with the values of its path's parameters (e.g. `id`). */
export interface FakeRequest extends MockRequest {
  operationId: OperationId;
  params: Record<string, string>;
}

/** How a fake answers an operation; undefined passes the call on to the next fake. */
export type FakeHandler = (
  request: FakeRequest,
) => MockReply | undefined | Promise<MockReply | undefined>;

/** What one fake serves: a handler per operation. */
export type Routes = Partial<Record<OperationId, FakeHandler>>;

/** An in-memory fake of one resource: its handlers (and whatever state it keeps). */
export interface Fake {
  routes: Routes;
}
