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

describe('CellText with a picture or its own content', () => {
  it('keeps the picture beside the text, only the text is cut', () => {
    render(<CellText text="The Golden Fork" icon={<img alt="" src="logo.png" />} />);
    const text = screen.getByText('The Golden Fork');
    expect(text).toHaveClass('list-cell-text', 'ant-typography-ellipsis-single-line');
    const line = text.parentElement!;
    expect(line).toHaveClass('list-cell-icon-text');
    expect(line.firstElementChild?.tagName).toBe('IMG');
  });

  it('draws its children (a link, tags) on the cut line', () => {
    render(
      <CellText text="Paid, Refund processed">
        <span>Paid</span>
        <span>Refund processed</span>
      </CellText>,
    );
    const line = screen.getByText('Paid').parentElement!;
    expect(line).toHaveClass('list-cell-text', 'ant-typography-ellipsis-single-line');
    expect(line).toHaveTextContent('PaidRefund processed');
  });
});
