import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Input } from 'antd';
import type { BookingResponse } from '../../api/types';
import type { Versioned } from '../../api/versions';
import { ConflictNotice } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import { notify } from '../../lib/notify';
import { hasStoredToken, useCan } from '../auth';
import { useUpdateBookingNotesMutation } from './bookings-api';
import { notesFailedText, notesSavedText, type BookingEntry } from './entry-messages';

const SAVED_FOR_MS = 2000;

type SaveState = 'idle' | 'saving' | 'saved';
const LABELS: Record<SaveState, string> = {
  idle: 'Save Notes',
  saving: 'Saving...',
  saved: 'Saved',
};

/**
 * Admin Notes with Save Notes → Saving... → Saved (2 s). Plain text, saved on the server, with
 * the messages of the screen it was opened from.
 */
export function AdminNotes({
  bookingId,
  notes,
  version,
  entry = 'bookings',
}: {
  bookingId: string;
  notes: string;
  /** The booking's version as last read. */
  version: number;
  entry?: BookingEntry;
}) {
  const [save] = useUpdateBookingNotesMutation();
  // Without the permission the notes are shown, not edited.
  const canEdit = useCan('bookings.notes');
  // Plain text, edited and saved exactly as typed.
  const [text, setText] = useState(notes);
  // The notes the text started from and the version they were read at. A newer read of the
  // booking moves the version on while its notes are still those (another change of the
  // booking, a refund), or are the text itself; notes a colleague changed meanwhile do not, so
  // saving over them is refused (412) instead of wiping their line.
  const [base, setBase] = useState({ notes, version });
  if (version !== base.version && (notes === base.notes || notes === text)) {
    setBase({ notes, version });
  }
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A colleague's notes saved since these were read: the admin's text stays in the box.
  const conflict = useConflict();
  const theirs = conflict.conflict?.answer.current as {
    adminNotes?: string;
    version: number;
  } | null;

  const saved = (result: BookingResponse) => {
    notify.success(notesSavedText(entry, result.message));
    setState('saved');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), SAVED_FOR_MS);
  };
  const failed = (failure: unknown) => {
    setState('idle');
    const shown = notesFailedText(entry, failure);
    setError(shown);
    notify.error(shown);
  };

  const submit = async () => {
    setError(null);
    // The stored token, not the one in memory: a session ended in another tab has none.
    if (!hasStoredToken()) {
      setError('No authentication token found');
      return;
    }
    setState('saving');
    conflict.clear();
    const adminNotes = text;
    const send = (versioned: Versioned) =>
      save({ id: bookingId, adminNotes, ...versioned }).unwrap();
    try {
      saved(await send({ version: base.version }));
    } catch (failure) {
      if (conflict.caught(failure, { sent: base.version, mine: { adminNotes }, send })) {
        setState('idle');
      } else failed(failure);
    }
  };

  return (
    <Card title="Admin Notes" size="small">
      <Flex vertical gap="small">
        <Input.TextArea
          aria-label="Admin Notes"
          rows={4}
          maxLength={5000}
          value={text}
          readOnly={!canEdit}
          onChange={(event) => setText(event.target.value)}
        />
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <ConflictNotice
          state={conflict}
          onReload={() => {
            // Take theirs: their notes in the box, saved from now on against their version.
            if (!theirs) return;
            setText(theirs.adminNotes ?? '');
            setBase({ notes: theirs.adminNotes ?? '', version: theirs.version });
          }}
          onSaved={(result) => saved(result as BookingResponse)}
          onFailed={failed}
        />
        {canEdit ? (
          <div>
            <Button type="primary" disabled={state === 'saving'} onClick={() => void submit()}>
              {LABELS[state]}
            </Button>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
