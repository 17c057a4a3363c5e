/**
 * Bulk Menu Uploader (spec 02 §2–9): download the template, load a CSV, pick a restaurant and
 * the local images, then upload the rows one at a time with per-row status. Beyond the spec:
 * cancel between rows, retry only the failed rows, download the failed rows as CSV.
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, Col, Flex, Progress, Row, Space, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  cancelRequested,
  csvFailed,
  csvLoaded,
  failedIndexes,
  restaurantSelected,
} from './bulk-upload-slice';
import { DEFAULT_RESTAURANT_ID } from './config';
import { downloadText } from './download';
import { FormatNotes } from './format-notes';
import { menuTemplateCsv, rowsToCsv, TEMPLATE_FILE_NAME } from './menu-csv';
import { parseMenuCsvFile } from './parse-csv';
import { RestaurantPicker } from './restaurant-picker';
import { RowsTable } from './rows-table';
import { NO_CSV, runUpload } from './run-upload';
import { validateRow } from './validate-row';

/** The selected images outlive the page (an upload keeps running when the admin looks elsewhere). */
let selectedImages = new Map<string, File>();

export default function BulkUploadPage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.bulkUpload);
  const { rows, progress, running, summary, restaurant, parseError, fileName, runIndexes } = state;
  const [images, setImages] = useState(selectedImages);
  const [parsing, setParsing] = useState(false);
  const csvInput = useRef<HTMLInputElement>(null);

  const context = useMemo(
    () => ({
      selectedRestaurantId: restaurant?._id ?? null,
      defaultRestaurantId: DEFAULT_RESTAURANT_ID,
      localFileNames: new Set(images.keys()),
    }),
    [restaurant, images],
  );
  // Checked again only when the rows, restaurant or files change, not on every status update.
  const problems = useMemo(() => rows.map((row) => validateRow(row, context)), [rows, context]);
  const invalidCount = problems.filter((list) => list.length > 0).length;
  const failed = failedIndexes(state);
  const done = runIndexes.filter((index) => {
    const status = progress[index - 1]?.status;
    return status === 'success' || status === 'error';
  }).length;

  async function onCsv(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setParsing(true);
    try {
      const parsed = await parseMenuCsvFile(file);
      dispatch(csvLoaded({ fileName: file.name, rows: parsed }));
    } catch (error) {
      dispatch(csvFailed(`CSV parse error: ${(error as Error).message}`));
    } finally {
      setParsing(false);
    }
  }

  function onImages(event: ChangeEvent<HTMLInputElement>) {
    const next = new Map<string, File>();
    for (const file of Array.from(event.target.files ?? []))
      next.set(file.name.toLowerCase(), file);
    selectedImages = next;
    setImages(next);
  }

  const start = (onlyFailed: boolean) =>
    void dispatch(
      runUpload({ files: images, defaultRestaurantId: DEFAULT_RESTAURANT_ID, onlyFailed }),
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title="Upload">
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12} xl={6}>
            <Typography.Text strong>1. Template</Typography.Text>
            <div>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => downloadText(TEMPLATE_FILE_NAME, menuTemplateCsv())}
              >
                Download CSV template
              </Button>
            </div>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <label htmlFor="bulk-csv">
              <Typography.Text strong>2. CSV file</Typography.Text>
            </label>
            <div>
              <input
                id="bulk-csv"
                ref={csvInput}
                type="file"
                accept=".csv,text/csv"
                disabled={running || parsing}
                onChange={(e) => void onCsv(e)}
              />
            </div>
            {parsing && <Typography.Text type="secondary">Reading CSV…</Typography.Text>}
            {fileName && !parsing && (
              <Typography.Text type="secondary">
                {fileName}: {rows.length} rows
              </Typography.Text>
            )}
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Typography.Text strong>3. Restaurant</Typography.Text>
            <RestaurantPicker
              value={restaurant}
              disabled={running}
              onChange={(picked) => dispatch(restaurantSelected(picked))}
            />
          </Col>
          <Col xs={24} md={12} xl={6}>
            <label htmlFor="bulk-images">
              <Typography.Text strong>4. Images</Typography.Text>
            </label>
            <div>
              <input
                id="bulk-images"
                type="file"
                accept="image/*"
                multiple
                disabled={running}
                onChange={onImages}
              />
            </div>
            <Typography.Text type="secondary">{images.size} images selected</Typography.Text>
          </Col>
        </Row>
        <Flex gap="small" wrap align="center" style={{ marginTop: 16 }}>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            disabled={running || rows.length === 0}
            loading={running}
            onClick={() => start(false)}
          >
            Start Upload
          </Button>
          {running && (
            <Button
              icon={<StopOutlined />}
              disabled={state.cancelRequested}
              onClick={() => dispatch(cancelRequested())}
            >
              {state.cancelRequested ? 'Cancelling…' : 'Cancel'}
            </Button>
          )}
          {!running && summary && failed.length > 0 && (
            <>
              <Button icon={<ReloadOutlined />} onClick={() => start(true)}>
                Retry failed rows
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  downloadText('menu_failed_rows.csv', rowsToCsv(failed.map((i) => rows[i - 1])))
                }
              >
                Download failed rows
              </Button>
            </>
          )}
          {rows.length === 0 && !running && (
            <Typography.Text type="secondary">{NO_CSV}</Typography.Text>
          )}
          {rows.length > 0 && !running && invalidCount > 0 && (
            <Typography.Text type="danger">
              {invalidCount === 1 ? '1 row has' : `${invalidCount} rows have`} problems; they will
              fail.
            </Typography.Text>
          )}
        </Flex>
        {runIndexes.length > 0 && (running || summary) && (
          <Progress
            aria-label="Upload progress"
            percent={Math.floor((done / runIndexes.length) * 100)}
            format={() => `${done} / ${runIndexes.length}`}
            status={running ? 'active' : summary?.error ? 'exception' : 'success'}
          />
        )}
      </Card>
      {parseError && <Alert type="error" showIcon title={parseError} />}
      {summary && !running && (
        <Alert
          type={summary.error ? 'warning' : 'success'}
          showIcon
          title={`${summary.cancelled ? 'Upload cancelled' : 'Upload finished'}: ${summary.success} succeeded, ${summary.error} failed.`}
        />
      )}
      <Card size="small" title="Rows">
        <RowsTable rows={rows} progress={progress} problems={problems} />
        <FormatNotes />
      </Card>
    </Space>
  );
}
