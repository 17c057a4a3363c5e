import { render, screen } from '@testing-library/react';
import { CellText } from './cell-text';

describe('CellText', () => {
  it('is one line cut with an ellipsis, the whole text in a tooltip', () => {
    const long = 'A very long restaurant name that would push the Actions column away'.repeat(3);
    render(<CellText text={long} />);
    const cell = screen.getByText(long);
    expect(cell).toHaveClass('list-cell-text', 'ant-typography-ellipsis');
    expect(cell).toHaveClass('ant-typography-ellipsis-single-line');
  });
});
