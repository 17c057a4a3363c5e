import type { ReactNode } from 'react';
import { Typography } from 'antd';
import './cell-text.css';

export interface CellTextProps {
  /** The cell's whole text: shown in the tooltip when the line is cut. */
  text: string;
  /** A picture before the text (a logo, an avatar, an icon); it is never cut. */
  icon?: ReactNode;
  /** What the line draws when it is more than the plain text (a link, tags); else the text. */
  children?: ReactNode;
}

/**
 * A table cell on one line, cut with an ellipsis past the column's width (narrower at phone
 * width, cell-text.css); the whole text shows in a tooltip when it is cut. Cells that draw their
 * own content (a logo and a name, a link, tags) go through here too.
 */
export function CellText({ text, icon, children }: CellTextProps) {
  const line = (
    <Typography.Text className="list-cell-text" ellipsis={{ tooltip: text }}>
      {children ?? text}
    </Typography.Text>
  );
  if (icon === undefined) return line;
  return (
    <span className="list-cell-icon-text">
      {icon}
      {line}
    </span>
  );
}
