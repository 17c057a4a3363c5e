/**
 * `inject` for tests that call every operation of the contract: an answer that is an endless
 * event stream (GET /events) is read up to its first chunk and then dropped, any other answer is
 * read whole, so the test gets `statusCode`, `headers`, `body` and `json()` either way.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export async function injectHead(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const chunks: Buffer[] = [];
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    chunks.push(first);
    stream.destroy();
  } else {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  }
  const body = Buffer.concat(chunks).toString('utf8');
  for (const [name, value] of Object.entries({
    body,
    payload: body,
    json: () => JSON.parse(body) as unknown,
  })) {
    Object.defineProperty(res, name, { value, configurable: true });
  }
  return res;
}
