import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListTable, type ListTableProps } from './list-table';

interface Row {
  _id: string;
  name: string;
}

const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `id-${i}`, name: `Row ${i + 1}` }));

function renderTable(props: Partial<ListTableProps<Row>> = {}) {
  const onPageChange = jest.fn<(page: number) => void>();
  const all: ListTableProps<Row> = {
    columns: [{ title: 'Name', dataIndex: 'name' }],
    rows: rows(3),
    total: 3,
    page: 1,
    onPageChange,
    isLoading: false,
    isFetching: false,
    loadingText: 'Loading things...',
    emptyText: 'No things found',
    ...props,
  };
  const view = render(<ListTable<Row> {...all} />);
  return {
    ...view,
    onPageChange,
    rerender: (next: Partial<ListTableProps<Row>>) =>
      view.rerender(<ListTable<Row> {...all} {...next} />),
  };
}

describe('ListTable', () => {
  const columns = [
    { title: 'Name', key: 'name', dataIndex: 'name' },
    { title: 'Id', key: 'id', dataIndex: '_id' },
    { title: 'Actions', key: 'actions', render: () => <button type="button">View</button> },
  ];
  const fixedSides = (container: HTMLElement) =>
    [...container.querySelectorAll('thead th')].map(
      (cell) => cell.className.match(/ant-table-cell-fix-(\w+)/)?.[1],
    );

  it('on a phone keeps the first column on the left and the actions on the right while the rest scrolls', () => {
    // A window 390 px wide: only max-width queries from 390 up match.
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        ...desktop(query),
        matches:
          Boolean(min || max) && (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1])),
      };
    };
    try {
      const { container } = renderTable({ columns });
      expect(fixedSides(container)).toEqual([
        expect.stringMatching(/^(left|start)$/),
        undefined,
        expect.stringMatching(/^(right|end)$/),
      ]);
      expect(container.querySelector('.ant-table-wrapper')).not.toHaveClass('list-table-fits');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('from a tablet up fits its card: nothing fixed, nothing scrolls sideways (issue #29)', () => {
    const { container } = renderTable({ columns });
    expect(fixedSides(container)).toEqual([undefined, undefined, undefined]);
    expect(container.querySelector('.ant-table-wrapper')).toHaveClass('list-table-fits');
    expect(container.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toMatch(
      /overflow/,
    );
  });

  it('shows the loading text on the first load', () => {
    renderTable({ rows: undefined, total: undefined, isLoading: true, isFetching: true });
    expect(screen.getByText('Loading things...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the rows, and no pager for a single page', () => {
    renderTable();
    expect(screen.getByText('Row 1')).toBeInTheDocument();
    expect(screen.getByText('Row 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('keeps the rows under an overlay spinner on later loads', () => {
    const { container } = renderTable({ isFetching: true });
    expect(screen.getByText('Row 1')).toBeInTheDocument();
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.queryByText('Loading things...')).not.toBeInTheDocument();
  });

  it('shows the empty text', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No things found')).toBeInTheDocument();
  });

  it('shows Previous, "Page X of Y" and Next with more than one page', async () => {
    const user = userEvent.setup({ delay: null });
    const { onPageChange, rerender } = renderTable({ rows: rows(10), total: 25 });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    rerender({ rows: rows(5), total: 25, page: 3 });
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('says "of about" for an estimated total; Next stays usable while the page is full', async () => {
    const user = userEvent.setup({ delay: null });
    const { onPageChange, rerender } = renderTable({
      rows: rows(10),
      total: 25,
      totalIsEstimate: true,
      page: 3,
    });
    // Page 3 of an estimated 3: the page is full, so there may be a fourth.
    expect(screen.getByText('Page 3 of about 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);

    // A page that is not full is the last one, whatever the estimate.
    rerender({ rows: rows(4), total: 250, totalIsEstimate: true, page: 2 });
    expect(screen.getByText('Page 2 of about 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // An exact total: "Page X of Y" as the spec says.
    rerender({ rows: rows(10), total: 25, totalIsEstimate: false, page: 1 });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
  });

  it('counts pages with the given page size', () => {
    renderTable({ rows: rows(5), total: 12, pageSize: 5 });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('shows a failed load with its retry control when nothing is loaded', async () => {
    const user = userEvent.setup({ delay: null });
    const onRetry = jest.fn();
    renderTable({
      rows: undefined,
      total: undefined,
      error: 'Failed to load things. Please try again later.',
      onRetry,
      retryLabel: 'Try Again',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load things. Please try again later.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps loaded rows and shows the error above them on a later failure', () => {
    renderTable({ error: 'Failed to fetch things', onRetry: () => undefined });
    expect(screen.getByText('Failed to fetch things')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Row 1')).toBeInTheDocument();
  });

  it('steps back to the last page when the current one is past the end', () => {
    const { onPageChange } = renderTable({ rows: [], total: 20, page: 3 });
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('does not move while loading or with nothing to count', () => {
    const { onPageChange, rerender } = renderTable({
      rows: [],
      total: 20,
      page: 3,
      isFetching: true,
    });
    rerender({ rows: [], total: 0, page: 3 });
    expect(onPageChange).not.toHaveBeenCalled();
  });
});
