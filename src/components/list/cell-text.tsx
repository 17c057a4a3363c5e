import { Typography } from 'antd';
import './cell-text.css';

/**
 * A table cell's plain text on one line, cut with an ellipsis past the column's width (narrower
 * at phone width, cell-text.css); the whole text shows in a tooltip when it is cut.
 */
export function CellText({ text }: { text: string }) {
  return (
    <Typography.Text className="list-cell-text" ellipsis={{ tooltip: text }}>
      {text}
    </Typography.Text>
  );
}
