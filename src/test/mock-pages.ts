import { jest } from '@jest/globals';
import { createElement } from 'react';

/** Every page module of the route table (paths relative to this file). */
const PAGES = [
  '../features/dashboard/dashboard-page',
  '../features/users/users-page',
  '../features/restaurants/restaurants-page',
  '../features/restaurants/restaurant-bookings-page',
  '../features/bookings/bookings-page',
  '../features/reference-data/reference-data-page',
  '../features/reviews/reviews-page',
  '../features/content/content-list-page',
  '../features/content/text-editor-page',
  '../features/bulk-upload/bulk-upload-page',
];

/**
 * Replaces the feature pages with stubs, so tests of the app shell (routes, layout, session)
 * neither load the screens nor see their API calls. Call it before importing render-app
 * (`const { renderApp } = await import('../test/render-app')`).
 */
export function mockPages(failing: Record<string, Error> = {}): void {
  for (const path of PAGES) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const error = failing[name];
    jest.unstable_mockModule(path, () => ({
      default: () => {
        // A page named in `failing` throws its error as it renders.
        if (error) throw error;
        return createElement('p', null, `stub of ${name}`);
      },
    }));
  }
}
