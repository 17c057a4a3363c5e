import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Popover, Typography } from 'antd';
import { eventSummary, fieldLabel, valueText, type ChangeValue } from '../../../common/change-text';
import type { VersionConflict } from '../../api/versions';
import { ConfirmModal } from '../confirm-modal';
import type { ConflictState } from './use-conflict';

const TITLE = 'Changed by someone else';

/** Their value of `field`: the record's now, else the last change's. */
function theirs(answer: VersionConflict, field: string): ChangeValue | undefined {
  const current = answer.current as Record<string, unknown> | null;
  const now = current?.[field];
  if (now !== undefined && (now === null || typeof now !== 'object')) return now as ChangeValue;
  const changes = answer.changes.flatMap((event) => event.changes);
  return changes.reverse().find((change) => change.field === field)?.after as ChangeValue;
}

/** A value as the trail says it; plain text (notes) whole, its lines kept. */
function shown(field: string, value: ChangeValue | undefined): ReactNode {
  if (value === undefined) return '—';
  if (typeof value === 'string' && value.trim()) {
    return <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>;
  }
  return valueText(field, value);
}

/** "10:31 UTC" today, else "2026-11-23 10:31 UTC". */
function when(iso: string): string {
  const today = new Date().toISOString().slice(0, 10);
  return `${iso.slice(0, 10) === today ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, 16)} UTC`;
}

export interface ConflictNoticeProps {
  state: ConflictState;
  /** Take theirs (asked first: what the admin changed is lost). */
  onReload: () => void;
  /** Save mine anyway went through, with the write's answer. */
  onSaved?: (answer: unknown) => void;
  /** Save mine anyway failed otherwise than with another conflict. */
  onFailed?: (error: unknown) => void;
  /** The short form of inline edits: the sentence, theirs beside yours, the two choices. */
  compact?: boolean;
}

/**
 * "Changed by someone else": who changed the record, when and what (from the 412), their value
 * beside the admin's for each field they both changed, and the choices Reload and Save mine
 * anyway. Renders nothing without a conflict.
 */
export function ConflictNotice({
  state,
  onReload,
  onSaved,
  onFailed,
  compact = false,
}: ConflictNoticeProps) {
  const [confirming, setConfirming] = useState(false);
  const { conflict } = state;
  if (!conflict) return null;
  const { answer, mine } = conflict;
  const fields = Object.keys(mine);

  const saveMine = async () => {
    try {
      const answered = await state.saveMine();
      if (answered !== undefined) onSaved?.(answered);
    } catch (error) {
      onFailed?.(error);
    }
  };

  const description = (
    <Flex vertical gap={4}>
      <Typography.Text>{answer.message}</Typography.Text>
      {!compact && answer.changes.length ? (
        <ul aria-label="Their changes" style={{ margin: 0, paddingInlineStart: 20 }}>
          {answer.changes.map((event) => (
            <li key={event._id}>
              {`${event.actor?.name ?? 'Someone'}, ${when(event.createdAt)}: `}
              {eventSummary(event as Parameters<typeof eventSummary>[0])}
            </li>
          ))}
        </ul>
      ) : null}
      {fields.map((field) => {
        const their = theirs(answer, field);
        return (
          <Typography.Text key={field} aria-label={`${fieldLabel(field)}: theirs and yours`}>
            {`${fieldLabel(field)}: theirs `}
            <Typography.Text strong>{shown(field, their)}</Typography.Text>
            {', yours '}
            <Typography.Text strong>{shown(field, mine[field])}</Typography.Text>
          </Typography.Text>
        );
      })}
      <Flex gap="small" wrap>
        <Button size="small" disabled={state.saving} onClick={() => setConfirming(true)}>
          Reload
        </Button>
        <Button size="small" type="primary" loading={state.saving} onClick={() => void saveMine()}>
          Save mine anyway
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <>
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={TITLE}
        description={description}
        style={compact ? { maxWidth: 360 } : undefined}
      />
      <ConfirmModal
        open={confirming}
        title="Discard your changes?"
        message="Reload shows their version: your changes here are lost."
        confirmText="Discard and reload"
        cancelText="Keep mine"
        danger
        onConfirm={() => {
          setConfirming(false);
          state.clear();
          onReload();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * An inline edit's control with its conflict beside it (a popover): shown while the conflict
 * is the one of `conflictKey` (its row and field).
 */
export function ConflictPopover({
  conflictKey,
  children,
  ...notice
}: Omit<ConflictNoticeProps, 'compact'> & { conflictKey: string; children: ReactNode }) {
  const open = notice.state.conflict?.key === conflictKey;
  return (
    <Popover
      open={open}
      destroyOnHidden
      placement="bottom"
      content={open ? <ConflictNotice {...notice} compact /> : null}
    >
      <span>{children}</span>
    </Popover>
  );
}
