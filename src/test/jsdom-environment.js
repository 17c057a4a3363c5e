import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without the web platform pieces it lacks but Node has (fetch and friends), so RTK
 * Query's fetchBaseQuery runs in component tests. Relative URLs resolve against the page URL,
 * as they do in a browser.
 */
const NODE_GLOBALS = [
  'fetch',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'TextDecoderStream',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
];

export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) page[name] = globalThis[name];
    }
    const resolve = (input) =>
      typeof input === 'string' || input instanceof URL
        ? new URL(input, page.location.href)
        : input;
    const NodeRequest = globalThis.Request;
    page.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(resolve(input), init);
      }
    };
    page.Response = globalThis.Response;
    page.fetch = (input, init) => globalThis.fetch(resolve(input), init);
  }
}
