import { Alert, Button } from 'antd';
import { reloadShownData } from '../../api/api';
import { formatClockTime } from '../../lib/dates';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * While the API cannot be reached, or answers 503 (its database is down, or it sheds load), a
 * slim banner across the layout says so and when the data on screen was loaded; it goes once
 * any call gets another answer (Retry loads the screen's data again).
 */
export function OutageBanner() {
  const dispatch = useAppDispatch();
  const { unreachable, unavailable, lastAnswerAt } = useAppSelector((state) => state.connection);
  if (!unreachable && unavailable === null) return null;
  const what = unreachable ? 'Cannot reach the server.' : sentence(unavailable ?? '');
  const since =
    lastAnswerAt === null ? '' : ` Showing what was loaded at ${formatClockTime(lastAnswerAt)}.`;
  return (
    <Alert
      banner
      type="warning"
      role="alert"
      title={`${what}${since}`}
      action={
        <Button size="small" onClick={() => dispatch(reloadShownData())}>
          Retry
        </Button>
      }
    />
  );
}

/** The server's message as a sentence (its messages end without a full stop). */
const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);
