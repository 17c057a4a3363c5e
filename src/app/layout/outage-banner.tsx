import { Alert, Button } from 'antd';
import { reloadShownData } from '../../api/api';
import { formatClockTime } from '../../lib/dates';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * While the API cannot be reached, a slim banner across the layout says so and when the data
 * on screen was loaded; it goes once any call gets an answer again (Retry loads the screen's
 * data again).
 */
export function OutageBanner() {
  const dispatch = useAppDispatch();
  const { unreachable, lastAnswerAt } = useAppSelector((state) => state.connection);
  if (!unreachable) return null;
  const since =
    lastAnswerAt === null ? '' : ` Showing what was loaded at ${formatClockTime(lastAnswerAt)}.`;
  return (
    <Alert
      banner
      type="warning"
      role="alert"
      title={`Cannot reach the server.${since}`}
      action={
        <Button size="small" onClick={() => dispatch(reloadShownData())}>
          Retry
        </Button>
      }
    />
  );
}
