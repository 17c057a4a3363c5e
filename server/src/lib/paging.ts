/** Shared helpers for list operations: the search text as a LIKE pattern, envelopes. */
export function likePattern(search: string | undefined): string | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const iso = (value: Date | string) => new Date(value).toISOString();

/** Start and end (exclusive) of the UTC day named by a YYYY-MM-DD or ISO date-time string. */
export function utcDayRange(value: string): [Date, Date] | undefined {
  const day = value.slice(0, 10);
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime())) return undefined;
  return [start, new Date(start.getTime() + 86_400_000)];
}
