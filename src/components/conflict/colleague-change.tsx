import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { useSelector } from 'react-redux';
import { recordKey, type LiveState, type RecordChange } from '../../api/live-slice';

/** "5 s ago", "3 min ago", "2 h ago". */
function agoText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ago` : `${Math.floor(minutes / 60)} h ago`;
}

/**
 * A colleague's change of the record (told by the live stream) that made a version after
 * `since`, the version the open form was read at; null when there is none.
 */
export function useColleagueChange(
  recordType: string,
  recordId: string | null | undefined,
  since: number | null,
): RecordChange | null {
  // The store's live part only: a shared component knows nothing more of the app's store.
  const change = useSelector((state: { live: LiveState }) =>
    recordId === undefined ? undefined : state.live.changes[recordKey(recordType, recordId)],
  );
  if (!change || since === null) return null;
  return change.version !== null && change.version > since ? change : null;
}

/**
 * "Sam Support changed this page 5 s ago" with Reload, above an open editor whose record a
 * colleague changed while the admin's own changes are not saved yet (an unchanged form takes
 * theirs by itself). The time ticks every second.
 */
export function ColleagueChangeBanner({
  change,
  noun,
  onReload,
}: {
  change: RecordChange | null;
  /** how the sentence names the record: "this page" */
  noun: string;
  onReload: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!change) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [change]);
  if (!change) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={`${change.actorName ?? 'Someone'} changed ${noun} ${agoText(now - change.at)}`}
      description="Your changes are not saved yet: Reload takes theirs and discards yours; saving shows their change beside yours first."
      action={<Button onClick={onReload}>Reload</Button>}
    />
  );
}
