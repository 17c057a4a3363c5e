import { useState } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { StatusBadge } from '../../components/status-badge';
import type { RowProgress } from './bulk-upload-slice';
import type { MenuCsvRow } from './menu-row';

const EMPTY_TEXT = 'No CSV loaded yet. Download the template to see required columns.';

export type TableRow = { row: MenuCsvRow; progress: RowProgress; problems: string[] };

const columns: ColumnsType<TableRow> = [
  { title: '#', key: 'index', width: 64, render: (_, { row }) => row.index },
  { title: 'Item', key: 'item', render: (_, { row }) => row.itemName },
  { title: 'Category', key: 'category', render: (_, { row }) => row.category },
  {
    title: 'Price',
    key: 'price',
    render: (_, { row }) =>
      row.discountedPrice ? (
        <>
          {row.itemPrice}{' '}
          <Typography.Text type="secondary">(discounted {row.discountedPrice})</Typography.Text>
        </>
      ) : (
        row.itemPrice
      ),
  },
  {
    title: 'Media',
    key: 'media',
    render: (_, { row }) => (
      <>
        {row.media.join(', ')}
        {row.mediaCount > row.media.length && (
          <Typography.Text type="secondary">
            {' '}
            ({row.mediaCount} listed, {row.media.length} kept)
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    width: 120,
    render: (_, { progress }) => <StatusBadge status={progress.status} />,
  },
  {
    title: 'Message',
    key: 'message',
    render: (_, { progress, problems }) => {
      // Before a row is sent, its problems (from the current restaurant and files) are shown.
      const text =
        progress.status === 'pending' && problems.length ? problems.join('; ') : progress.message;
      const danger =
        progress.status === 'error' || (progress.status === 'pending' && problems.length > 0);
      return <Typography.Text type={danger ? 'danger' : undefined}>{text}</Typography.Text>;
    },
  },
];

const PAGE_SIZE = 50;

/**
 * The per-row table: #, Item, Category, Price, Media, Status, Message; 50 rows a page. Only the
 * shown page is handed to the table, so a file of 10,000 rows renders as fast as one of 50.
 */
export function RowsTable({
  rows,
  progress,
  problems,
}: {
  rows: readonly MenuCsvRow[];
  progress: readonly RowProgress[];
  problems: readonly string[][];
}) {
  const [page, setPage] = useState(1);
  const [shownRows, setShownRows] = useState(rows);
  if (shownRows !== rows) {
    // A new file starts on its first page.
    setShownRows(rows);
    setPage(1);
  }
  const start = (page - 1) * PAGE_SIZE;
  const data: TableRow[] = rows.slice(start, start + PAGE_SIZE).map((row, i) => ({
    row,
    progress: progress[start + i],
    problems: problems[start + i] ?? [],
  }));
  return (
    <Table<TableRow>
      size="small"
      rowKey={({ row }) => row.index}
      columns={columns}
      dataSource={data}
      locale={{ emptyText: EMPTY_TEXT }}
      pagination={
        rows.length > PAGE_SIZE
          ? {
              current: page,
              pageSize: PAGE_SIZE,
              total: rows.length,
              showSizeChanger: false,
              onChange: setPage,
            }
          : false
      }
      scroll={{ x: 900 }}
    />
  );
}
