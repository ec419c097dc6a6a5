// Dates are formatted in UTC with a fixed locale, so the server's render and the browser's hydration agree.
const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

export const formatDate = (ms: number) => dateFormat.format(ms);
export const formatDateTime = (ms: number) => `${dateTimeFormat.format(ms)} UTC`;
export const isoDate = (ms: number) => new Date(ms).toISOString();
