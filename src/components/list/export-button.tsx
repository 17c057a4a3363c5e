import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ExportError,
  EXPORT_FAILED,
  fetchCsvExport,
  type ExportParams,
  type ExportPath,
} from '../../api/csv-export';
import { saveFile } from '../../lib/save-file';

export interface ExportCsv {
  /** The file's name before the day: `{list}-{YYYY-MM-DD}.csv`. */
  list: string;
  /** The list's export operation. */
  path: ExportPath;
  /** Its parameters beside search and filters; the list's own arguments when not given. */
  args?: ExportParams;
}

type State = { step: 'idle'; failure?: string } | { step: 'running'; rows: number };

const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/**
 * "Export CSV": downloads every row the list's search and filters select (`params`), showing the
 * rows received so far, with Cancel; a failure is said in words beside the button.
 */
export function ExportButton({
  list,
  path,
  params,
}: Omit<ExportCsv, 'args'> & { params: ExportParams }) {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [state, setState] = useState<State>({ step: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Leaving the screen cancels a download in progress.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'running', rows: 0 });
    try {
      const file = await dispatch(
        fetchCsvExport(path, params, {
          signal: controller.signal,
          onRows: (rows) => {
            if (!controller.signal.aborted) setState({ step: 'running', rows });
          },
        }),
      );
      if (controller.signal.aborted) return;
      saveFile(`${list}-${new Date().toISOString().slice(0, 10)}.csv`, file);
      setState({ step: 'idle' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        step: 'idle',
        failure: error instanceof ExportError ? error.message : EXPORT_FAILED,
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setState({ step: 'idle' });
  };

  if (state.step === 'running') {
    return (
      <Space>
        <Button loading aria-live="polite">
          Exporting… {rowsText(state.rows)}
        </Button>
        <Button onClick={cancel}>Cancel</Button>
      </Space>
    );
  }
  return (
    <Space>
      <Button icon={<DownloadOutlined />} onClick={() => void start()}>
        Export CSV
      </Button>
      {state.failure ? (
        <Typography.Text type="danger" role="alert">
          {state.failure}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
