// Numbers and dates as the site writes them, on the public pages and in the Studio: in English, dates in UTC.
// Written by hand rather than with Intl: a page's first Intl formatter loads ICU's locale data, which took
// 87–214 ms at 4× CPU slowdown in Chromium, and several modules made one while they loaded
// (docs/decisions/0029-lighthouse-and-social-images.md). The same code runs on the server and in the browser, so
// a render and its hydration always agree.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A whole number with thousands separated by commas: 8000 → "8,000". Named pure in vite.config.ts. */
export function formatCount(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${grouped}` : grouped;
}

const monthName = (date: Date) => MONTHS[date.getUTCMonth()] ?? "";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "March 4, 2026" (UTC). */
export function formatDate(ms: number): string {
  const date = new Date(ms);
  return `${monthName(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const clock = (date: Date) => `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;

/** "March 4, 2026 at 09:30 UTC". */
export function formatDateTime(ms: number): string {
  return `${formatDate(ms)} at ${clock(new Date(ms))} UTC`;
}

/** "Mar 4, 09:30 UTC": a recent moment in a busy list (the Studio's inbox). */
export function formatShortDateTime(ms: number): string {
  const date = new Date(ms);
  return `${monthName(date).slice(0, 3)} ${date.getUTCDate()}, ${clock(date)} UTC`;
}

/** The machine-readable form, for <time dateTime>. */
export const isoDate = (ms: number) => new Date(ms).toISOString();
