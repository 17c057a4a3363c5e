import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';

const COMMISSION_ERROR = 'Commission must be a positive number';

/** The commission to send, or null when the text is not a number of at least 0 (spec 01 §5). */
function parseCommission(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export interface CommissionCellProps {
  /** Percent; null or missing is shown as 0%. */
  value: number | null | undefined;
  /** The row's version: a save is made from the one the edit was opened at. */
  version: number;
  /**
   * Saves the new value from `version` (the row's when the edit opened, even if a colleague's
   * change was read since); resolves true when the server accepted it.
   */
  onSave: (value: number, version: number) => Promise<boolean>;
}

/**
 * Click the value to edit it, then Save (or Enter) or Cancel (or Escape). Nothing is sent for a
 * bad value.
 */
export function CommissionCell({ value, version, onSave }: CommissionCellProps) {
  const [editing, setEditing] = useState(false);
  const [openedAt, setOpenedAt] = useState(version);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Leaving the edit (Save, Cancel, Escape) gives the focus back to the value, so a keyboard
  // user goes on from where they were (not from the top of the page).
  const valueButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) valueButton.current?.focus();
    refocus.current = false;
  }, [editing]);
  const leave = () => {
    refocus.current = true;
    setEditing(false);
  };

  if (!editing) {
    return (
      <Button
        ref={valueButton}
        type="link"
        style={{ padding: 0 }}
        aria-label={`Edit commission ${value ?? 0}%`}
        onClick={() => {
          setText(String(value ?? 0));
          setOpenedAt(version);
          setError(null);
          setEditing(true);
        }}
      >
        {`${value ?? 0}%`}
      </Button>
    );
  }

  const save = async () => {
    const commission = parseCommission(text);
    if (commission === null) {
      setError(COMMISSION_ERROR);
      return;
    }
    setError(null);
    setSaving(true);
    const saved = await onSave(commission, openedAt);
    setSaving(false);
    if (saved) leave();
  };

  return (
    <Flex vertical gap={4}>
      {/* Save and Cancel go under the input when the column is narrow (1280 px, issue #29). */}
      <Flex gap={4} align="center" wrap>
        <Input
          type="number"
          min={0}
          step={0.01}
          size="small"
          aria-label="Platform Commission"
          value={text}
          status={error ? 'error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onPressEnter={() => void save()}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !saving) leave();
          }}
          style={{ width: 90 }}
          autoFocus
        />
        <Button size="small" type="primary" loading={saving} onClick={() => void save()}>
          Save
        </Button>
        <Button size="small" disabled={saving} onClick={leave}>
          Cancel
        </Button>
      </Flex>
      {error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
