import { screen } from '@testing-library/react';

/** The open modal with this title (antd's dialogs share one aria id in tests, so not by name). */
export const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest(
    '[role="dialog"]',
  ) as HTMLElement;
