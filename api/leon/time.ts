// Instants for Leon: ISO 8601 UTC strings, calendar-month windows counted in UTC (Leon refuses a
// flightList window longer than 3 months), and the Retry-After header in both of its forms.

/** `date` plus `months` calendar months in UTC, the day clamped to the target month's end (31 Jan + 1 → 28/29 Feb). */
export function addUtcMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** Sequential, contiguous windows [start, end) of at most `months` calendar months covering [start, end). */
export function splitIntoWindows(start: Date, end: Date, months = 3): Array<{ start: Date; end: Date }> {
  const windows: Array<{ start: Date; end: Date }> = [];
  let from = start;
  while (from < end) {
    const limit = addUtcMonths(from, months);
    const to = limit < end ? limit : end;
    windows.push({ start: from, end: to });
    from = to;
  }
  return windows;
}

/** ISO 8601 UTC without milliseconds, the form Leon documents (`2026-03-01T08:30:00Z`). */
export function leonInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

// A date-time with an explicit offset (Z or ±hh:mm): Leon's instants are UTC, a bare local time is not one.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parses an ISO 8601 instant with an offset; null when it is not one. */
export function parseInstant(value: string): Date | null {
  if (!ISO_INSTANT.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Milliseconds to wait according to a Retry-After header (delta-seconds or HTTP date), or null. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
