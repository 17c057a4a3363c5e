import { formatRelativeTime } from './relative-time';

const now = new Date(2026, 4, 20, 12, 0, 0).getTime();
const before = (ms: number) => new Date(now - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('reads "Just now" under 60 seconds, and for a time slightly in the future', () => {
    expect(formatRelativeTime(before(0), now)).toBe('Just now');
    expect(formatRelativeTime(before(59 * SECOND), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now + 5 * SECOND), now)).toBe('Just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(before(60 * SECOND), now)).toBe('1 minute ago');
    expect(formatRelativeTime(before(5 * MINUTE + 30 * SECOND), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(before(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(before(23 * HOUR), now)).toBe('23 hours ago');
    expect(formatRelativeTime(before(DAY), now)).toBe('1 day ago');
    expect(formatRelativeTime(before(6 * DAY + 23 * HOUR), now)).toBe('6 days ago');
  });

  it('shows the local short date from 7 days on', () => {
    expect(formatRelativeTime(new Date(2026, 4, 13, 12, 0, 0), now)).toBe('May 13, 2026');
    expect(formatRelativeTime(new Date(2025, 0, 5, 8), now)).toBe('Jan 5, 2025');
  });

  it('is empty for a missing or invalid time', () => {
    expect(formatRelativeTime(undefined, now)).toBe('');
    expect(formatRelativeTime('nope', now)).toBe('');
  });
});
