import { formatShortDate, toDate, type DateInput } from './dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * "Just now" under 60 seconds, then "N minutes ago", "N hours ago", "N days ago" for less than
 * 7 days, otherwise the local short date ("Jan 5, 2026"). A time in the future reads "Just now".
 */
export function formatRelativeTime(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return formatShortDate(date);
}
