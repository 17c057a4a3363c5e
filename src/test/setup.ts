import '@testing-library/jest-dom/jest-globals';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from '@jest/globals';

// The first render of a lazily loaded page loads antd (all of it, as CommonJS) in jsdom, and a
// screen's later renders take seconds: on a busy machine the first render alone has taken
// most of a minute, so a wait gives up after two (testTimeout in jest.config.js allows four).
configure({ asyncUtilTimeout: 120_000 });

// antd reads media queries (grid, Sider breakpoints) and computed styles that jsdom lacks.
const DESKTOP_WIDTH = 1280;

function matchesDesktop(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || DESKTOP_WIDTH >= Number(min[1])) && (!max || DESKTOP_WIDTH <= Number(max[1]));
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    // A desktop window 1280 px wide: min-width queries up to it match, max-width ones from it.
    value: (query: string) => ({
      matches: matchesDesktop(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// antd injects thousands of CSS rules; jsdom matches every one of them on each
// getComputedStyle call (Testing Library's role queries call it per element), which made a
// single test take seconds. Its style elements are kept out of jsdom's cascade: antd still
// renders the same DOM, and visibility comes from the DOM itself (hidden attributes, inline
// styles, elements removed on close), which is what these tests assert.
const createElement = document.createElement.bind(document);
document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
  const element = createElement(tagName, options);
  if (tagName.toLowerCase() === 'style') element.setAttribute('type', 'text/x-antd-in-jsdom');
  return element;
}) as typeof document.createElement;

const computedStyle = window.getComputedStyle.bind(window);
// jsdom does not implement pseudo-element styles and warns when asked for them.
window.getComputedStyle = (element: Element, _pseudo?: string | null) => computedStyle(element);

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// antd's Form and Select schedule work through a MessageChannel macro-task, which this jsdom
// lacks; a timer stands in (Node's real MessageChannel would keep the test process alive).
if (typeof globalThis.MessageChannel === 'undefined') {
  class FakeMessageChannel {
    port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = {
      postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
    };
  }
  (globalThis as Record<string, unknown>).MessageChannel = FakeMessageChannel;
}
