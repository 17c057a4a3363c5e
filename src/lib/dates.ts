export type DateInput = string | number | Date | null | undefined;

/** Parses a date; null for missing or invalid input. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** True for a real calendar day written YYYY-MM-DD (the date filters' URL form). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** ICU puts narrow no-break spaces before AM/PM in recent versions; keep plain spaces. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** Short US date in local time: "Jan 5, 2026". Empty for a missing or invalid date. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', SHORT_DATE) : '';
}

/** Detail date in UTC: "Jan 5, 2026" (Mon D, YYYY). */
export function formatDetailDate(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', { ...SHORT_DATE, timeZone: 'UTC' }) : '';
}

/** Date with hour and minute in local time, for reviews and content: "Jan 5, 2026, 7:30 PM". */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return plainSpaces(
    date.toLocaleString('en-US', { ...SHORT_DATE, hour: 'numeric', minute: '2-digit' }),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Booking list time "MM/dd/yyyy hh:mm AM/PM" in UTC from arrivalDate (YYYY-MM-DD, or an ISO
 * timestamp whose date part is used) and arrivalTime (HH:mm, treated as UTC). Without a valid
 * time only the date is shown; without a valid date the result is empty.
 */
export function formatBookingDateTime(
  arrivalDate: string | null | undefined,
  arrivalTime?: string | null,
): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(arrivalDate ?? '');
  if (!day) return '';
  const [, year, month, dayOfMonth] = day;
  const date = `${month}/${dayOfMonth}/${year}`;
  const time = /^(\d{1,2}):(\d{2})/.exec(arrivalTime ?? '');
  if (!time) return date;
  const hours = Number(time[1]);
  const minutes = Number(time[2]);
  if (hours > 23 || minutes > 59) return date;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${date} ${pad(hour12)}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Local clock time on 24 hours, as the outage banner shows it: "14:32". */
export function formatClockTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}
