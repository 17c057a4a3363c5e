import { useContext, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { errorText } from '../../api/errors';
import type { BulkItem, BulkResponse, BulkResult } from '../../api/types';
import { notify } from '../../lib/notify';

/** One button of the bulk bar, e.g. { key: 'approved', label: 'Approve' }. */
export interface BulkAction {
  key: string;
  label: string;
  danger?: boolean;
}

/** A list's bulk actions: checkboxes on its rows, and one request for the rows selected. */
export interface BulkOption<Row> {
  /** The buttons the signed-in admin's permissions allow (none: no checkboxes). */
  actions: readonly BulkAction[];
  /** One request for `items` (each row's id and the version it was read at). */
  run: (action: string, items: BulkItem[]) => Promise<BulkResponse>;
  /** How a row is named beside its checkbox and in the results. */
  name: (row: Row) => string;
  /** The text of a failed request (not of a row). */
  failed: string;
}

type Versioned = { _id: string; version: number };

const RESULT_LABELS: Record<BulkResult, string> = {
  done: 'Done',
  conflict: 'Changed by someone else',
  forbidden: 'Not allowed',
  not_found: 'Not found',
};
const SUMMARY_WORDS: Record<BulkResult, string> = {
  done: 'done',
  conflict: 'changed by someone else',
  forbidden: 'not allowed',
  not_found: 'not found',
};

interface Outcome {
  _id: string;
  name: string;
  result: BulkResult;
  message: string;
}

/**
 * The header's checkbox, left out of the copy of the header the table renders hidden to measure
 * its columns (aria-hidden: a checkbox there would be focusable yet hidden, which axe refuses).
 */
function ShownOnly({ children }: { children: ReactNode }) {
  return useContext(TableMeasureRowContext) ? null : children;
}

/** "4 done, 1 changed by someone else". */
const summaryOf = (outcomes: readonly Outcome[]) =>
  (Object.keys(SUMMARY_WORDS) as BulkResult[])
    .map((result) => [result, outcomes.filter((o) => o.result === result).length] as const)
    .filter(([, count]) => count > 0)
    .map(([result, count]) => `${count} ${SUMMARY_WORDS[result]}`)
    .join(', ');

/**
 * The selection of a list's rows (checkboxes, "select all on this page") and its bulk bar: the
 * count selected, one button per action, and the result of each row after a run. Rows that
 * failed stay selected; the version sent is the one of the row as last read.
 */
export function useBulkSelection<Row extends object>(
  bulk: BulkOption<Row> | undefined,
  rows: readonly Row[] | undefined,
) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(() => new Map());
  const [outcomes, setOutcomes] = useState<readonly Outcome[] | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  if (!bulk || bulk.actions.length === 0) return { rowSelection: undefined, bar: null };

  const idOf = (row: Row) => (row as unknown as Versioned)._id;
  // A row on the page is its latest read; one selected on another page, as read then.
  const latest = (id: string) => rows?.find((row) => idOf(row) === id) ?? selected.get(id)!;

  const rowSelection: TableRowSelection<Row> = {
    selectedRowKeys: [...selected.keys()],
    preserveSelectedRowKeys: true,
    // Narrow, so a phone still shows the name and the actions beside it (cell-text.css).
    columnWidth: 40,
    onChange: (keys) =>
      setSelected(
        new Map(
          keys.map((key) => {
            const id = String(key);
            return [id, rows?.find((row) => idOf(row) === id) ?? selected.get(id)!] as const;
          }),
        ),
      ),
    getCheckboxProps: (row) => ({ 'aria-label': `Select ${bulk.name(row)}` }) as never,
    getTitleCheckboxProps: () => ({ 'aria-label': 'Select all on this page' }) as never,
    columnTitle: (checkbox) => <ShownOnly>{checkbox}</ShownOnly>,
  };

  const run = async (action: BulkAction) => {
    const chosen = [...selected.keys()].map(latest);
    const items = chosen.map((row) => {
      const { _id, version } = row as unknown as Versioned;
      return { _id, version };
    });
    setRunning(action.key);
    try {
      const answer = await bulk.run(action.key, items);
      const named = new Map(chosen.map((row) => [idOf(row), bulk.name(row)]));
      const done = answer.data.map((row) => ({ ...row, name: named.get(row._id) ?? row._id }));
      setOutcomes(done);
      // The rows that failed stay selected, to try again or look at.
      const failed = new Set(done.filter((o) => o.result !== 'done').map((o) => o._id));
      setSelected((before) => new Map([...before].filter(([id]) => failed.has(id))));
    } catch (error) {
      notify.error(errorText(error, { http: bulk.failed, other: bulk.failed }));
    } finally {
      setRunning(null);
    }
  };

  const bar = (
    <>
      {selected.size > 0 ? (
        <Flex role="toolbar" aria-label="Bulk actions" gap="small" align="center" wrap>
          <Typography.Text strong>{`${selected.size} selected`}</Typography.Text>
          {bulk.actions.map((action) => (
            <Button
              key={action.key}
              size="small"
              danger={action.danger}
              loading={running === action.key}
              disabled={running !== null && running !== action.key}
              onClick={() => void run(action)}
            >
              {action.label}
            </Button>
          ))}
          <Button size="small" type="link" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </Flex>
      ) : null}
      {outcomes ? (
        <Alert
          type={outcomes.every((o) => o.result === 'done') ? 'success' : 'warning'}
          showIcon
          closable={{ onClose: () => setOutcomes(null), 'aria-label': 'Close the results' }}
          title={summaryOf(outcomes)}
          description={
            <ul aria-label="Results by row" style={{ margin: 0, paddingInlineStart: 20 }}>
              {outcomes.map((o) => (
                <li key={o._id}>{`${o.name}: ${RESULT_LABELS[o.result]}. ${o.message}`}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </>
  );
  return { rowSelection, bar };
}
