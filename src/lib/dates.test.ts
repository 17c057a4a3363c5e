import {
  formatBookingDateTime,
  formatClockTime,
  formatDateTime,
  formatDetailDate,
  formatShortDate,
  isIsoDay,
  toDate,
} from './dates';

describe('toDate', () => {
  it('returns null for missing or invalid input', () => {
    expect(toDate(undefined)).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate('not a date')).toBeNull();
    expect(toDate('2026-01-05')?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
  });
});

describe('formatShortDate', () => {
  it('shows a short US date in local time', () => {
    expect(formatShortDate(new Date(2026, 0, 5, 12))).toBe('Jan 5, 2026');
    expect(formatShortDate(new Date(2025, 11, 31, 23, 59).getTime())).toBe('Dec 31, 2025');
    expect(formatShortDate('garbage')).toBe('');
  });
});

describe('formatDetailDate', () => {
  it('shows Mon D, YYYY in UTC', () => {
    expect(formatDetailDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDetailDate('2026-03-09T23:30:00.000Z')).toBe('Mar 9, 2026');
    expect(formatDetailDate('2026-03-10T00:30:00+01:00')).toBe('Mar 9, 2026');
    expect(formatDetailDate(undefined)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the date with hour and minute', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 19, 30))).toBe('Jan 5, 2026, 7:30 PM');
    expect(formatDateTime(new Date(2026, 0, 5, 9, 5))).toBe('Jan 5, 2026, 9:05 AM');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatBookingDateTime', () => {
  it('formats MM/dd/yyyy hh:mm AM/PM from arrival date and UTC time', () => {
    expect(formatBookingDateTime('2026-01-05', '19:30')).toBe('01/05/2026 07:30 PM');
    expect(formatBookingDateTime('2026-01-05', '00:05')).toBe('01/05/2026 12:05 AM');
    expect(formatBookingDateTime('2026-01-05', '12:00')).toBe('01/05/2026 12:00 PM');
    expect(formatBookingDateTime('2026-11-20', '9:15')).toBe('11/20/2026 09:15 AM');
  });

  it('uses the date part of an ISO timestamp', () => {
    expect(formatBookingDateTime('2026-02-14T00:00:00.000Z', '20:00')).toBe('02/14/2026 08:00 PM');
  });

  it('shows only the date without a valid time, nothing without a date', () => {
    expect(formatBookingDateTime('2026-01-05')).toBe('01/05/2026');
    expect(formatBookingDateTime('2026-01-05', '25:00')).toBe('01/05/2026');
    expect(formatBookingDateTime('', '10:00')).toBe('');
    expect(formatBookingDateTime(undefined, undefined)).toBe('');
  });
});

describe('isIsoDay', () => {
  it('accepts a real calendar day as YYYY-MM-DD only', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-05', 'abc', '', '2026-01-05T00:00'])
      expect(isIsoDay(bad)).toBe(false);
  });
});

describe('formatClockTime', () => {
  it('shows local hours and minutes on 24 hours', () => {
    expect(formatClockTime(new Date(2026, 0, 5, 14, 32, 59))).toBe('14:32');
    expect(formatClockTime(new Date(2026, 0, 5, 9, 5))).toBe('09:05');
    expect(formatClockTime(null)).toBe('');
  });
});
