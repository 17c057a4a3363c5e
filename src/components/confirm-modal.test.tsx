import { jest } from '@jest/globals';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmModal } from './confirm-modal';

/** A control that asks on Enter's key down, as the editor's tabs do (not on a click). */
function Asker({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div
        role="tab"
        tabIndex={0}
        onKeyDown={(event) => {
          // flushSync: the modal renders and runs its effects inside the key press, as it does
          // in a browser (which runs React's queued work between the event's listeners).
          if (event.key === 'Enter') flushSync(() => setOpen(true));
        }}
      >
        Terms
      </div>
      <ConfirmModal
        open={open}
        title="Discard unsaved changes?"
        message="Your changes have not been submitted."
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmModal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is not answered by the Enter that opened it; the next Enter confirms', () => {
    const onConfirm = jest.fn();
    render(<Asker onConfirm={onConfirm} />);
    const tab = screen.getByRole('tab');
    act(() => {
      fireEvent.keyDown(tab, { key: 'Enter' });
    });
    act(() => {
      jest.runOnlyPendingTimers();
    });
    expect(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.keyDown(tab, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
