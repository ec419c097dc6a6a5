// Paths longer or deeper than any route are refused by the guard in front of the app (its own 414, not the app's
// 404 page), page and API alike, and so are lazy route discovery lookups that list such paths. The guard's own
// work does not grow with the path: it reads a bounded prefix and stops counting at the first slash too many.
import { SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { boundedPath, isUnreasonableRequest, MAX_PATH_CHARS, MAX_PATH_SEGMENTS, tooDeep } from "../../../worker/lib/path-guard";
import { ORIGIN } from "../support/requests";

const segments = (count: number, prefix = "") => `${prefix}${"/a".repeat(count)}`;
const URI_TOO_LONG = { error: { code: "uri_too_long", message: "That address is too long." } };

async function expectRefused(path: string, init?: RequestInit) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, init);
  expect(response.status).toBe(414);
  expect(await response.json()).toEqual(URI_TOO_LONG);
  // The answer carries the headers every answer of the app does.
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
}

async function expectAppNotFound(path: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`);
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toContain("text/html");
  await response.arrayBuffer();
}

// The first server render transforms the app on demand; the guard's refusals render nothing.
beforeAll(async () => {
  await (await SELF.fetch(`${ORIGIN}/about`)).arrayBuffer();
}, 120_000);

describe("the path guard", () => {
  it("refuses a page path of 20,000 segments (40 KB)", async () => {
    await expectRefused(segments(20_000));
  });

  it("refuses the 5,000-segment path of issue 17's review (1.7 s to answer before the guard, docs/decisions/0001)", async () => {
    await expectRefused(segments(5_000));
    await expectRefused(segments(5_000, "/blog"));
  });

  it("refuses the same path under /api", async () => {
    await expectRefused(segments(20_000, "/api"));
  });

  it("refuses a path one character longer than the limit", async () => {
    await expectRefused(`/${"a".repeat(MAX_PATH_CHARS)}`);
  });

  it("refuses a short path one segment deeper than the limit", async () => {
    await expectRefused(segments(MAX_PATH_SEGMENTS + 1));
  });

  it("refuses a request with a body, and answers it the same", async () => {
    await expectRefused(segments(20_000), { method: "POST", body: "x".repeat(4096), headers: { "content-type": "text/plain" } });
  });

  it("lets paths at both limits through to the app's own 404 page", async () => {
    await expectAppNotFound(segments(MAX_PATH_SEGMENTS));
    await expectAppNotFound(`/${"a".repeat(MAX_PATH_CHARS - 1)}`);
  });

  it("does not count the query string as path", async () => {
    const response = await SELF.fetch(`${ORIGIN}/blog?q=${"word/".repeat(2_000)}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});

describe("lazy route discovery lookups", () => {
  async function lookup(paths: string) {
    // A cookie keeps the page out of the page cache: its manifest version is the running build's.
    const html = await (await SELF.fetch(`${ORIGIN}/about`, { headers: { cookie: "visit=1" } })).text();
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1] ?? "";
    return `/__manifest?${new URLSearchParams({ paths, version })}`;
  }

  it("answers a lookup of ordinary paths with their routes", async () => {
    const response = await SELF.fetch(`${ORIGIN}${await lookup("/about,/blog/some-post")}`);
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as Record<string, unknown>)).toEqual(
      expect.arrayContaining(["routes/marketing/about", "routes/blog/post"]),
    );
  });

  it("refuses a lookup that lists a path deeper than any route", async () => {
    await expectRefused(await lookup(`/about,${segments(MAX_PATH_SEGMENTS + 1)}`));
  });

  it("refuses a lookup that lists a path longer than any route", async () => {
    await expectRefused(await lookup(`/${"a".repeat(MAX_PATH_CHARS)}`));
  });
});

describe("the guard's own cost", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("reads the path only up to the length limit", () => {
    expect(boundedPath(`${ORIGIN}/about?next=/a/b`)).toBe("/about");
    expect(boundedPath(`${ORIGIN}/${"a".repeat(MAX_PATH_CHARS - 1)}`)).toHaveLength(MAX_PATH_CHARS);
    expect(boundedPath(`${ORIGIN}/${"a".repeat(MAX_PATH_CHARS)}`)).toBeUndefined();
  });

  it("counts segments up to the first one too many", () => {
    expect(tooDeep(segments(MAX_PATH_SEGMENTS))).toBe(false);
    expect(tooDeep(segments(MAX_PATH_SEGMENTS + 1))).toBe(true);
  });

  it("does the same work for 20,000 segments as for 2,000,000, and never splits the path", () => {
    const indexOf = vi.spyOn(String.prototype, "indexOf");
    const split = vi.spyOn(String.prototype, "split");
    const searchesFor = (url: string) => {
      indexOf.mockClear();
      expect(isUnreasonableRequest(url)).toBe(true);
      return indexOf.mock.calls.length;
    };
    const long = searchesFor(`${ORIGIN}${segments(20_000)}`);
    expect(searchesFor(`${ORIGIN}${segments(2_000_000)}`)).toBe(long);
    // A path within the length limit but too deep: the count stops one slash past the limit.
    expect(searchesFor(`${ORIGIN}${segments(1_000)}`)).toBeLessThanOrEqual(MAX_PATH_SEGMENTS + 4);
    expect(split).not.toHaveBeenCalled();
  });
});
