// core/format.ts writes numbers and dates by hand (no Intl on page load); these tests hold it to what Intl wrote.
import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatShortDateTime, isoDate } from "@core/format";

describe("formatCount", () => {
  it.each([0, 7, 999, 1000, 8000, 12345, 999999, 1000000, 1234567890, -4200])("writes %i as English does", (value) => {
    expect(formatCount(value)).toBe(value.toLocaleString("en"));
  });
});

describe("dates, in UTC", () => {
  // Late in a day (a local zone would move it), a single-digit day and hour, and the year's ends.
  const moments = [Date.UTC(2026, 2, 4, 9, 30), Date.UTC(2026, 10, 27, 23, 59), Date.UTC(2025, 0, 1, 0, 5), Date.UTC(2031, 11, 31, 12, 0)];

  it.each(moments)("formatDate(%i) is the long US date", (ms) => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    expect(formatDate(ms)).toBe(intl.format(ms));
  });

  it("formatDateTime adds the 24-hour time and the zone", () => {
    expect(formatDateTime(Date.UTC(2026, 2, 4, 9, 30))).toBe("March 4, 2026 at 09:30 UTC");
    expect(formatDateTime(Date.UTC(2031, 11, 31, 23, 5))).toBe("December 31, 2031 at 23:05 UTC");
  });

  it("formatShortDateTime is the month's first three letters, the day and the time", () => {
    expect(formatShortDateTime(Date.UTC(2026, 8, 4, 7, 3))).toBe("Sep 4, 07:03 UTC");
    expect(formatShortDateTime(Date.UTC(2026, 4, 31, 23, 59))).toBe("May 31, 23:59 UTC");
  });

  it("isoDate is the machine-readable form", () => {
    expect(isoDate(Date.UTC(2026, 2, 4, 9, 30))).toBe("2026-03-04T09:30:00.000Z");
  });
});
