/**
 * What the component tests of a screen share: drive it and find its parts (opening
 * it signed in is render-app.tsx's openAsAdmin). Imports nothing of the app, so a test may load
 * it before mocking the app's modules.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** A user driving the screen, with no delay between key presses. */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ delay: null, ...options });

/** The table row holding `text`. */
export const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** The page title in the header. */
export const headerTitle = async () =>
  within(await screen.findByRole('banner')).getByRole('heading', { level: 4 });
