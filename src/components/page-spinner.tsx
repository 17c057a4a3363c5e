import './page-spinner.css';

export interface PageSpinnerProps {
  /** Text under the spinner, e.g. "Loading your session...". */
  text?: string;
  /** Fill the whole window (start-up, logout) instead of the content area. */
  fullScreen?: boolean;
}

/**
 * A page (or the window) while it loads. Plain elements and CSS: it is shown before any screen
 * (session check, a page's chunk loading), so it carries no antd into the first download.
 */
export function PageSpinner({ text, fullScreen = false }: PageSpinnerProps) {
  return (
    <div
      className="page-spinner"
      role="status"
      aria-live="polite"
      style={{ minHeight: fullScreen ? '100vh' : 240 }}
    >
      <span className="page-spinner-wheel" aria-hidden="true" />
      {text ? <span className="page-spinner-text">{text}</span> : null}
    </div>
  );
}
