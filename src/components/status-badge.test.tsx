import { render, screen } from '@testing-library/react';
import { badgeText, StatusBadge, statusColor, statusColumn, statusLabel } from './status-badge';

describe('StatusBadge', () => {
  it('colours by status value, whatever its case', () => {
    expect(statusColor('Paid')).toBe('green');
    expect(statusColor('cancelled')).toBe('red');
    expect(statusColor('Deposited')).toBe('geekblue');
    expect(statusColor('kitchen staff')).toBe('orange');
    expect(statusColor('something else')).toBe('default');
    expect(statusColor(undefined)).toBe('default');
  });

  it('shows the capitalised status or the given label', () => {
    expect(statusLabel('kitchen staff')).toBe('Kitchen Staff');
    render(
      <>
        <StatusBadge status="confirmed" />
        <StatusBadge status="deposited" label="Paid" />
        <StatusBadge status={null} />
      </>,
    );
    expect(screen.getByText('Confirmed')).toHaveClass('ant-tag-blue');
    expect(screen.getByText('Paid')).toHaveClass('ant-tag-geekblue');
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });
});

describe('statusColumn', () => {
  const column = statusColumn('Payout Status', 'payout', (row: { payout: boolean }) =>
    row.payout ? { status: 'deposited', label: 'Paid' } : { status: 'pending' },
  );

  it("gives the badge's text as the cell's text: the label, else the capitalised status", () => {
    expect(column.text({ payout: true })).toBe('Paid');
    expect(column.text({ payout: false })).toBe('Pending');
    expect(badgeText({ status: null })).toBe('N/A');
  });

  it('shows the badge on screen', () => {
    render(<>{column.render?.({ payout: true }, { setFilter: () => {} })}</>);
    expect(screen.getByText('Paid')).toHaveClass('ant-tag-geekblue');
  });
});
